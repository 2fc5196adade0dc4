/**
 * The society's existing backend, reached when EVENTS_API_URL is set (for example
 * "http://host/Admin/api"). Each call has a timeout; answers are cached briefly; when the
 * backend fails, the last good answer is served (and a warning logged). Image paths are
 * corrected and resolved against the backend's origin.
 */
import {
  normalizeEventImages,
  normalizeEvents,
  type EventImageRecord,
  type EventRecord,
} from '../../lib/events/eventRecords.ts';
import { resolveImagePath } from '../../lib/events/fixImagePath.ts';
import { EventsUnavailableError, type EventsSource } from './EventsSource.ts';

export interface RemoteOptions {
  /** The API base, e.g. "http://host/Admin/api". */
  baseUrl: string;
  timeoutMs?: number;
  cacheMs?: number;
  /** How many events' photo lists are kept (the least recently used go first). */
  maxCachedEvents?: number;
  fetch?: typeof fetch;
  now?: () => number;
  warn?: (message: string) => void;
}

/** The last good answer for one request, and when it came. */
interface CacheSlot<T> {
  last?: { value: T; at: number };
}

export class RemoteEventsSource implements EventsSource {
  readonly #base: string;
  readonly #origin: string;
  readonly #timeoutMs: number;
  readonly #cacheMs: number;
  readonly #maxCachedEvents: number;
  readonly #fetch: typeof fetch;
  readonly #now: () => number;
  readonly #warn: (message: string) => void;
  #listSlot: CacheSlot<EventRecord[]> = {};
  /** Per event, in order of use: Map keeps insertion order, and a used slot is moved to the end. */
  readonly #detailSlots = new Map<number, CacheSlot<EventImageRecord[]>>();

  constructor(options: RemoteOptions) {
    this.#base = options.baseUrl.replace(/\/+$/, '');
    this.#origin = new URL(this.#base).origin;
    this.#timeoutMs = options.timeoutMs ?? 5000;
    this.#cacheMs = options.cacheMs ?? 60_000;
    this.#maxCachedEvents = options.maxCachedEvents ?? 200;
    this.#fetch = options.fetch ?? fetch;
    this.#now = options.now ?? Date.now;
    this.#warn = options.warn ?? ((message) => console.warn(message));
  }

  async listEvents(): Promise<EventRecord[]> {
    return this.#cached('events_list', this.#listSlot, async () => {
      const events = normalizeEvents(await this.#post('events_list'));
      return events.map((event) => ({ ...event, events_image: resolveImagePath(event.events_image, this.#origin) }));
    });
  }

  async eventDetails(eventId: number): Promise<EventImageRecord[]> {
    return this.#cached(`event_details_list ${eventId}`, this.#detailSlot(eventId), async () => {
      const images = normalizeEventImages(await this.#post('event_details_list', { eventId }));
      return images.map((image) => ({ ...image, event_image: resolveImagePath(image.event_image, this.#origin) }));
    });
  }

  async isHealthy(): Promise<boolean> {
    try {
      await this.listEvents();
      return true;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    this.#listSlot = {};
    this.#detailSlots.clear();
  }

  /** The cache slot of one event's photos, marked as the most recently used; the least recent beyond the limit go. */
  #detailSlot(eventId: number): CacheSlot<EventImageRecord[]> {
    const slot = this.#detailSlots.get(eventId) ?? {};
    this.#detailSlots.delete(eventId);
    this.#detailSlots.set(eventId, slot);
    for (const oldest of this.#detailSlots.keys()) {
      if (this.#detailSlots.size <= this.#maxCachedEvents) break;
      this.#detailSlots.delete(oldest);
    }
    return slot;
  }

  async #post(endpoint: string, body?: object): Promise<unknown> {
    const response = await this.#fetch(`${this.#base}/${endpoint}`, {
      method: 'POST',
      headers: body
        ? { 'Content-Type': 'application/json', Accept: 'application/json' }
        : { Accept: 'application/json' },
      ...(body ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(this.#timeoutMs),
    });
    if (!response.ok) throw new Error(`${endpoint} answered ${response.status}`);
    return response.json();
  }

  async #cached<T>(key: string, slot: CacheSlot<T>, load: () => Promise<T>): Promise<T> {
    const cached = slot.last;
    if (cached && this.#now() - cached.at < this.#cacheMs) return cached.value;
    try {
      const value = await load();
      slot.last = { value, at: this.#now() };
      return value;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (cached) {
        this.#warn(`Events backend failed (${reason}); serving the last good answer for ${key}.`);
        return cached.value;
      }
      throw new EventsUnavailableError(`Events backend failed (${reason}) and there is no earlier answer for ${key}.`);
    }
  }
}
