/**
 * Event photos fetched from the society's backend (RemoteEventsSource.openPhoto), so that a
 * popular photo costs the backend one request, not one per visitor:
 * - requests for a photo that is already being fetched (or read from the cache) wait for that
 *   one and share its bytes;
 * - at most `maxFetches` photos are fetched from the backend at once (the rest queue), which also
 *   bounds the memory photos in transit take: maxFetches x maxPhotoBytes;
 * - a fetched photo is kept in the photo cache (a DiskCache in DATA_DIR/cache/photos, bounded in
 *   size, least recently used first to go) and served from there for `freshMs`; after that the
 *   backend is asked again, and if it fails the cached copy is still served, with a warning.
 * A cached photo is one file: a 4-byte length, the JSON of what the site knows about the photo
 * (type, version, Last-Modified, when it was fetched), then the photo's bytes.
 */
import { createHash } from 'node:crypto';
import pLimit, { type LimitFunction } from 'p-limit';
import { z } from 'zod';
import { UPLOADS_PATH } from '../../lib/events/fixImagePath.ts';
import { isRasterPhoto } from '../../lib/imageTypes.ts';
import type { DiskCache } from '../diskCache.ts';
import { BodyTooLargeError, readLimitedBytes } from '../http/readBody.ts';
import { fetchFromBackend } from './backendFetch.ts';
import { PhotoUnavailableError, type EventPhoto } from './EventsSource.ts';

interface BackendPhotosOptions {
  /** The backend's origin ("http://host"); photos are under /Admin/uploads/ there. */
  origin: string;
  timeoutMs: number;
  /** Photos larger than this are refused. */
  maxPhotoBytes: number;
  /** Where fetched photos are cached; without it each request for a photo not in transit fetches it. */
  cache?: DiskCache | undefined;
  /** How long a cached photo is served before the backend is asked again (default an hour). */
  freshMs?: number | undefined;
  /** How many photos are fetched at once (default 4). */
  maxFetches?: number | undefined;
  fetch: typeof fetch;
  now: () => number;
  warn: (message: string) => void;
}

interface CachedPhoto {
  photo: EventPhoto;
  fetchedAt: number;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The file of a cached photo: header length, header, bytes. */
function encodeCachedPhoto({ photo, fetchedAt }: CachedPhoto): Uint8Array {
  const header = Buffer.from(
    JSON.stringify({
      contentType: photo.contentType,
      version: photo.version,
      lastModified: photo.lastModified?.toISOString(),
      fetchedAt,
    }),
  );
  const length = Buffer.alloc(4);
  length.writeUInt32BE(header.byteLength);
  return Buffer.concat([length, header, photo.bytes]);
}

/** What a cached photo's file says of it, before its bytes. */
const cachedHeaderSchema = z.object({
  contentType: z.string().refine(isRasterPhoto),
  version: z.string(),
  lastModified: z.string().optional(),
  fetchedAt: z.number(),
});

function decodeCachedPhoto(file: Uint8Array<ArrayBuffer>): CachedPhoto | undefined {
  try {
    const length = Buffer.from(file.buffer, file.byteOffset, 4).readUInt32BE(0);
    const header = cachedHeaderSchema.safeParse(
      JSON.parse(Buffer.from(file.buffer, file.byteOffset + 4, length).toString('utf8')),
    );
    if (!header.success) return undefined;
    const { contentType, version, lastModified, fetchedAt } = header.data;
    return {
      photo: {
        bytes: file.subarray(4 + length),
        contentType,
        version,
        ...(lastModified === undefined ? {} : { lastModified: new Date(lastModified) }),
      },
      fetchedAt,
    };
  } catch {
    return undefined;
  }
}

export class BackendPhotos {
  readonly #options: BackendPhotosOptions;
  readonly #freshMs: number;
  readonly #limit: LimitFunction;
  /** Photos being opened now, by path: later requests share the same promise. */
  readonly #opening = new Map<string, Promise<EventPhoto | undefined>>();

  constructor(options: BackendPhotosOptions) {
    this.#options = options;
    this.#freshMs = options.freshMs ?? 60 * 60_000;
    this.#limit = pLimit(options.maxFetches ?? 4);
  }

  /** The photo at /Admin/uploads/<checked> (a path already checked by checkUploadPath). */
  open(checked: string): Promise<EventPhoto | undefined> {
    let pending = this.#opening.get(checked);
    if (!pending) {
      pending = this.#open(checked).finally(() => this.#opening.delete(checked));
      this.#opening.set(checked, pending);
    }
    return pending;
  }

  async #open(checked: string): Promise<EventPhoto | undefined> {
    const { cache, now, warn } = this.#options;
    const name = `${createHash('sha256').update(checked).digest('hex')}.photo`;
    const file = await cache?.read(name).catch(() => undefined);
    const cached = file && decodeCachedPhoto(file);
    if (cached && now() - cached.fetchedAt < this.#freshMs) return cached.photo;
    let photo: EventPhoto | undefined;
    try {
      photo = await this.#limit(() => this.#fetch(checked));
    } catch (error) {
      if (!cached || !(error instanceof PhotoUnavailableError)) throw error;
      warn(`Photo ${checked}: ${error.message}; serving the copy fetched ${new Date(cached.fetchedAt).toISOString()}.`);
      return cached.photo;
    }
    if (photo && cache) {
      await cache
        .write(name, encodeCachedPhoto({ photo, fetchedAt: now() }))
        .catch((error: unknown) => warn(`Photo ${checked}: could not be kept in the cache (${messageOf(error)}).`));
    }
    return photo;
  }

  async #fetch(checked: string): Promise<EventPhoto | undefined> {
    const { origin, timeoutMs } = this.#options;
    const url = `${origin}${UPLOADS_PATH}${checked.split('/').map(encodeURIComponent).join('/')}`;
    const signal = AbortSignal.timeout(timeoutMs);
    const failed = (reason: string) => new PhotoUnavailableError(`the events backend ${reason}`, signal.aborted);
    let response: Response;
    try {
      // A redirect could lead anywhere: it is followed only within the backend's own origin.
      response = await fetchFromBackend(this.#options.fetch, url, { headers: { Accept: 'image/*' }, signal }, origin);
    } catch (error) {
      throw failed(signal.aborted ? `did not answer within ${timeoutMs} ms` : `failed (${messageOf(error)})`);
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
    if (!isRasterPhoto(contentType)) {
      await response.body?.cancel();
      throw failed(`sent ${contentType || 'no content type'}, not a photo`);
    }
    const bytes = await this.#read(response, signal, failed);
    const lastModified = new Date(response.headers.get('last-modified') ?? '');
    return {
      bytes,
      contentType,
      version: createHash('sha256').update(bytes).digest('hex').slice(0, 20),
      ...(Number.isNaN(lastModified.getTime()) ? {} : { lastModified }),
    };
  }

  /** The body, refusing more than maxPhotoBytes (by Content-Length and by bytes read). */
  async #read(
    response: Response,
    signal: AbortSignal,
    failed: (reason: string) => PhotoUnavailableError,
  ): Promise<Uint8Array<ArrayBuffer>> {
    const { maxPhotoBytes, timeoutMs } = this.#options;
    try {
      return await readLimitedBytes(response, maxPhotoBytes);
    } catch (error) {
      if (error instanceof BodyTooLargeError) throw failed(`sent a photo larger than ${maxPhotoBytes} bytes`);
      throw failed(
        signal.aborted ? `did not send the photo within ${timeoutMs} ms` : `broke off (${messageOf(error)})`,
      );
    }
  }
}
