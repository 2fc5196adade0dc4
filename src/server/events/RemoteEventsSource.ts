/**
 * The society's existing backend, reached when EVENTS_API_URL is set (for example
 * "http://host/Admin/api"). Each call has a timeout; answers are cached briefly; when the
 * backend fails, the last good answer is served (and a warning logged). Image paths are
 * corrected and kept site-relative ("/Admin/uploads/..."): the site serves those photos itself,
 * fetching them from the backend's origin with `openPhoto` (one fetch per photo however many ask,
 * kept in the photo cache: backendPhotos.ts), so the browser loads them from the site's own
 * origin as its Content-Security-Policy requires.
 *
 * What the backend sends is not trusted: redirects are followed only within its own origin
 * (backendFetch.ts), answers larger than `maxAnswerBytes` are refused unread, and every record is
 * checked with the events admin's rules (backendRecords.ts): the events that keep them are shown,
 * the others are logged and left out (the importer reports them: `takeSkipped`).
 */
import { LRUCache } from 'lru-cache';
import {
  normalizeEventImages,
  normalizeEvents,
  type EventImageRecord,
  type EventRecord,
} from '../../lib/events/eventRecords.ts';
import { sitePathOf } from '../../lib/events/fixImagePath.ts';
import type { DiskCache } from '../diskCache.ts';
import { checkUploadPath } from '../uploads.ts';
import { DEFAULT_MAX_ANSWER_BYTES, fetchFromBackend, readJsonAnswer } from './backendFetch.ts';
import { BackendPhotos } from './backendPhotos.ts';
import { checkEvents, checkImages, type SkippedRecord } from './backendRecords.ts';
import { EventsUnavailableError, type EventPhoto, type EventsSource } from './EventsSource.ts';

export interface RemoteOptions {
  /** The API base, e.g. "http://host/Admin/api". */
  baseUrl: string;
  timeoutMs?: number;
  cacheMs?: number;
  /** How many events' photo lists are kept (the least recently used go first). */
  maxCachedEvents?: number;
  /** Photos larger than this are refused. */
  maxPhotoBytes?: number;
  /** Events lists and photo lists larger than this are refused unread (EVENTS_API_MAX_BYTES). */
  maxAnswerBytes?: number;
  /** Where fetched photos are kept (the photo cache in DATA_DIR/cache/photos; see backendPhotos.ts). */
  photoCache?: DiskCache;
  /** How many photos are fetched from the backend at once. */
  maxPhotoFetches?: number;
  fetch?: typeof fetch;
  now?: () => number;
  warn?: (message: string) => void;
}

/** A good answer from the backend. */
interface Answer<T> {
  value: T;
}

const DEFAULT_MAX_PHOTO_BYTES = 15 * 1024 * 1024;

export class RemoteEventsSource implements EventsSource {
  readonly #base: string;
  readonly #origin: string;
  readonly #timeoutMs: number;
  readonly #maxAnswerBytes: number;
  /** Records left out since takeSkipped was last called. */
  #skipped: SkippedRecord[] = [];
  readonly #cacheMs: number;
  readonly #maxCachedEvents: number;
  readonly #fetch: typeof fetch;
  readonly #now: () => number;
  readonly #warn: (message: string) => void;
  /** The events list, and per event (the least recently used going first) its photo list. */
  readonly #list: LRUCache<'events_list', Answer<EventRecord[]>>;
  readonly #details: LRUCache<number, Answer<EventImageRecord[]>>;
  readonly #photos: BackendPhotos;

  constructor(options: RemoteOptions) {
    this.#base = options.baseUrl.replace(/\/+$/, '');
    this.#origin = new URL(this.#base).origin;
    this.#timeoutMs = options.timeoutMs ?? 5000;
    this.#maxAnswerBytes = options.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES;
    this.#cacheMs = options.cacheMs ?? 60_000;
    this.#maxCachedEvents = options.maxCachedEvents ?? 200;
    this.#fetch = options.fetch ?? fetch;
    this.#now = options.now ?? Date.now;
    this.#warn = options.warn ?? ((message) => console.warn(message));
    this.#photos = new BackendPhotos({
      origin: this.#origin,
      timeoutMs: this.#timeoutMs,
      maxPhotoBytes: options.maxPhotoBytes ?? DEFAULT_MAX_PHOTO_BYTES,
      cache: options.photoCache,
      maxFetches: options.maxPhotoFetches,
      fetch: this.#fetch,
      now: this.#now,
      warn: this.#warn,
    });
    this.#list = this.#answers(1, 'events_list', async () => {
      const { events, skipped } = checkEvents(normalizeEvents(await this.#post('events_list')));
      this.#skip(skipped);
      return events.map((event) => ({ ...event, events_image: sitePathOf(event.events_image, this.#origin) }));
    });
    this.#details = this.#answers(this.#maxCachedEvents, 'event_details_list', async (eventId) => {
      const { images, skipped } = checkImages(
        eventId,
        normalizeEventImages(await this.#post('event_details_list', { eventId })),
      );
      this.#skip(skipped);
      return images.map((image) => ({ ...image, event_image: sitePathOf(image.event_image, this.#origin) }));
    });
  }

  async listEvents(): Promise<EventRecord[]> {
    return this.#answer(this.#list, 'events_list', 'events_list');
  }

  async eventDetails(eventId: number): Promise<EventImageRecord[]> {
    return this.#answer(this.#details, eventId, `event_details_list ${eventId}`);
  }

  async openPhoto(relativePath: string): Promise<EventPhoto | undefined> {
    const checked = checkUploadPath(relativePath);
    return checked ? this.#photos.open(checked) : undefined;
  }

  /** The records left out (breaking the admin's rules) since the last call, for the importer's report. */
  takeSkipped(): SkippedRecord[] {
    const skipped = this.#skipped;
    this.#skipped = [];
    return skipped;
  }

  #skip(skipped: readonly SkippedRecord[]): void {
    // One without a title or a date is no news: the site never shows such a record, nor did the original.
    for (const record of skipped.filter((skippedRecord) => !skippedRecord.neverShown)) {
      this.#warn(`Events backend: event ${record.eventId} “${record.title}” left out: ${record.reason}`);
    }
    this.#skipped.push(...skipped);
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
    this.#list.clear();
    this.#details.clear();
  }

  async #post(endpoint: string, body?: object): Promise<unknown> {
    const response = await fetchFromBackend(
      this.#fetch,
      `${this.#base}/${endpoint}`,
      {
        method: 'POST',
        headers: body
          ? { 'Content-Type': 'application/json', Accept: 'application/json' }
          : { Accept: 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(this.#timeoutMs),
      },
      this.#origin,
    );
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`${endpoint} answered ${response.status}`);
    }
    return readJsonAnswer(response, this.#maxAnswerBytes, endpoint);
  }

  /**
   * A cache of the backend's answers: each is fresh for cacheMs; calls for a stale or missing one
   * share one request to the backend; when that fails, the last good answer is served (with a
   * warning) and the next call asks again.
   */
  #answers<K extends string | number, T>(max: number, endpoint: string, load: (key: K) => Promise<T>) {
    return new LRUCache<K, Answer<T>>({
      max,
      ttl: this.#cacheMs,
      ttlResolution: 0,
      // lru-cache reads a start time of 0 as "never expires"; an injected clock may start at 0.
      perf: { now: () => this.#now() + 1 },
      allowStaleOnFetchRejection: true,
      fetchMethod: async (key, stale) => {
        try {
          return { value: await load(key) };
        } catch (error) {
          const name = typeof key === 'number' ? `${endpoint} ${key}` : endpoint;
          if (stale)
            this.#warn(`Events backend failed (${messageOf(error)}); serving the last good answer for ${name}.`);
          throw error;
        }
      },
    });
  }

  async #answer<K extends string | number, T>(cache: LRUCache<K, Answer<T>>, key: K, name: string): Promise<T> {
    const status: LRUCache.Status<K, Answer<T>> = {};
    const answer = await cache.fetch(key, { status });
    if (answer) return answer.value;
    const reason = status.fetchError ? messageOf(status.fetchError) : 'no answer';
    throw new EventsUnavailableError(`Events backend failed (${reason}) and there is no earlier answer for ${name}.`);
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
