/**
 * The society's existing backend, reached when EVENTS_API_URL is set (for example
 * "http://host/Admin/api"). Each call has a timeout; answers are cached briefly; when the
 * backend fails, the last good answer is served (and a warning logged). Image paths are
 * corrected and kept site-relative ("/Admin/uploads/..."): the site serves those photos itself,
 * fetching them from the backend's origin with `openPhoto`, so the browser loads them from
 * the site's own origin as its Content-Security-Policy requires.
 */
import { createHash } from 'node:crypto';
import {
  normalizeEventImages,
  normalizeEvents,
  type EventImageRecord,
  type EventRecord,
} from '../../lib/events/eventRecords.ts';
import { sitePathOf, UPLOADS_PATH } from '../../lib/events/fixImagePath.ts';
import { checkUploadPath } from '../uploads.ts';
import { BodyTooLargeError, readLimitedBytes } from '../http/readBody.ts';
import { EventsUnavailableError, PhotoUnavailableError, type EventPhoto, type EventsSource } from './EventsSource.ts';

export interface RemoteOptions {
  /** The API base, e.g. "http://host/Admin/api". */
  baseUrl: string;
  timeoutMs?: number;
  cacheMs?: number;
  /** How many events' photo lists are kept (the least recently used go first). */
  maxCachedEvents?: number;
  /** Photos larger than this are refused. */
  maxPhotoBytes?: number;
  fetch?: typeof fetch;
  now?: () => number;
  warn?: (message: string) => void;
}

/** The last good answer for one request, and when it came. */
interface CacheSlot<T> {
  last?: { value: T; at: number };
}

/** The photo types taken from the backend (not SVG: it can carry scripts). */
const PHOTO_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif']);

export const DEFAULT_MAX_PHOTO_BYTES = 15 * 1024 * 1024;

export class RemoteEventsSource implements EventsSource {
  readonly #base: string;
  readonly #origin: string;
  readonly #timeoutMs: number;
  readonly #cacheMs: number;
  readonly #maxCachedEvents: number;
  readonly #maxPhotoBytes: number;
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
    this.#maxPhotoBytes = options.maxPhotoBytes ?? DEFAULT_MAX_PHOTO_BYTES;
    this.#fetch = options.fetch ?? fetch;
    this.#now = options.now ?? Date.now;
    this.#warn = options.warn ?? ((message) => console.warn(message));
  }

  async listEvents(): Promise<EventRecord[]> {
    return this.#cached('events_list', this.#listSlot, async () => {
      const events = normalizeEvents(await this.#post('events_list'));
      return events.map((event) => ({ ...event, events_image: sitePathOf(event.events_image, this.#origin) }));
    });
  }

  /** While the cached list is fresh, the time it came; once stale, undefined (it must be asked for). */
  listVersion(): string | undefined {
    const cached = this.#listSlot.last;
    return cached && this.#now() - cached.at < this.#cacheMs ? String(cached.at) : undefined;
  }

  async eventDetails(eventId: number): Promise<EventImageRecord[]> {
    return this.#cached(`event_details_list ${eventId}`, this.#detailSlot(eventId), async () => {
      const images = normalizeEventImages(await this.#post('event_details_list', { eventId }));
      return images.map((image) => ({ ...image, event_image: sitePathOf(image.event_image, this.#origin) }));
    });
  }

  async openPhoto(relativePath: string): Promise<EventPhoto | undefined> {
    const checked = checkUploadPath(relativePath);
    if (!checked) return undefined;
    const url = `${this.#origin}${UPLOADS_PATH}${checked.split('/').map(encodeURIComponent).join('/')}`;
    const signal = AbortSignal.timeout(this.#timeoutMs);
    const failed = (reason: string) => new PhotoUnavailableError(`the events backend ${reason}`, signal.aborted);
    let response: Response;
    try {
      // A redirect could lead anywhere: the backend must answer from where its records say.
      response = await this.#fetch(url, { headers: { Accept: 'image/*' }, redirect: 'error', signal });
    } catch (error) {
      throw failed(signal.aborted ? `did not answer within ${this.#timeoutMs} ms` : `failed (${messageOf(error)})`);
    }
    if (response.status === 404 || response.status === 410) {
      await response.body?.cancel();
      return undefined;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw failed(`answered ${response.status}`);
    }
    const contentType = (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (!PHOTO_TYPES.has(contentType)) {
      await response.body?.cancel();
      throw failed(`sent ${contentType || 'no content type'}, not a photo`);
    }
    const bytes = await this.#readPhoto(response, signal, failed);
    const lastModified = new Date(response.headers.get('last-modified') ?? '');
    return {
      bytes,
      contentType,
      version: createHash('sha256').update(bytes).digest('hex').slice(0, 20),
      ...(Number.isNaN(lastModified.getTime()) ? {} : { lastModified }),
    };
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

  /** The body, refusing more than maxPhotoBytes (by Content-Length and by bytes read). */
  async #readPhoto(
    response: Response,
    signal: AbortSignal,
    failed: (reason: string) => PhotoUnavailableError,
  ): Promise<Uint8Array<ArrayBuffer>> {
    try {
      return await readLimitedBytes(response, this.#maxPhotoBytes);
    } catch (error) {
      if (error instanceof BodyTooLargeError) throw failed(`sent a photo larger than ${this.#maxPhotoBytes} bytes`);
      throw failed(
        signal.aborted ? `did not send the photo within ${this.#timeoutMs} ms` : `broke off (${messageOf(error)})`,
      );
    }
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
      const reason = messageOf(error);
      if (cached) {
        this.#warn(`Events backend failed (${reason}); serving the last good answer for ${key}.`);
        return cached.value;
      }
      throw new EventsUnavailableError(`Events backend failed (${reason}) and there is no earlier answer for ${key}.`);
    }
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
