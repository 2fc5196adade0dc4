/**
 * The body of `POST /Admin/api/events_list`, the API's busiest answer, made once per version of
 * the events list (the source's list version: the store's events revision, raised on every change
 * to an event or a photo, from any connection; for the society's backend, the time of its cached
 * answer) and kept ready, uncompressed and compressed, so the endpoint neither lists, serialises
 * nor compresses the events again for every call. The server's on-the-fly compression leaves an
 * answer that already has a Content-Encoding as it is.
 *
 * Reading the store's revision takes a lock on the database file, and cost about a third of the API's
 * speed when made on every call (docs/performance.md). So with the store it is read again only
 * when this process has changed the store since the last read (an admin's save shows at the next
 * call), or when that read is a second old (another process's change, such as the importer's or
 * `npm run seed`'s, shows within a second).
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { EventsSource } from '../events/EventsSource.ts';
import { preferredEncoding, type Encoding } from '../endpoints/contentEncoding.ts';

/** How long a read of the store's revision is believed when this process has changed nothing since. */
export const RECHECK_MS = 1000;

/** The same body, uncompressed and compressed. */
type PreparedBody = Record<Encoding, Buffer>;

function prepare(text: string): PreparedBody {
  const identity = Buffer.from(text);
  return {
    identity,
    br: brotliCompressSync(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 9,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

export class EventsListText {
  readonly #source: EventsSource;
  readonly #now: () => number;
  #kept: { version: string; text: string; body?: PreparedBody } | undefined;
  /** The last read of the list version: when (`#now`), and the source's changesHere() then. */
  #read: { version: string | undefined; at: number; changes: number } | undefined;

  /** `now`: a clock in milliseconds (tests move it on). */
  constructor(source: EventsSource, now: () => number = () => performance.now()) {
    this.#source = source;
    this.#now = now;
  }

  /** `{"records": [...]}` of the current events; throws when the source cannot list them. */
  async current(): Promise<string> {
    return (await this.#current()).text;
  }

  /** The current body in the encoding `acceptEncoding` prefers, with that encoding. */
  async encoded(acceptEncoding: string | null): Promise<{ encoding: Encoding; body: Buffer }> {
    const kept = await this.#current();
    kept.body ??= prepare(kept.text);
    const encoding = preferredEncoding(acceptEncoding ?? undefined);
    return { encoding, body: kept.body[encoding] };
  }

  async #current(): Promise<{ text: string; body?: PreparedBody }> {
    // The version is read before the list: a change in between only makes the next call rebuild.
    const version = this.#listVersion();
    if (version !== undefined && this.#kept?.version === version) return this.#kept;
    const made = { text: JSON.stringify({ records: await this.#source.listEvents() }) };
    this.#kept = version === undefined ? undefined : { version, ...made };
    return this.#kept ?? made;
  }

  /** The source's list version, or with the store the last read of it while that still holds (see above). */
  #listVersion(): string | undefined {
    const changes = this.#source.changesHere?.();
    if (changes === undefined) return this.#source.listVersion();
    const now = this.#now();
    const read = this.#read;
    if (read && read.changes === changes && now - read.at < RECHECK_MS) return read.version;
    const version = this.#source.listVersion();
    this.#read = { version, at: now, changes };
    return version;
  }
}

const kept = new WeakMap<EventsSource, EventsListText>();

/** The kept events_list body of `source`. */
export function eventsListText(source: EventsSource): EventsListText {
  let list = kept.get(source);
  if (!list) kept.set(source, (list = new EventsListText(source)));
  return list;
}
