/**
 * Serves event photos at /Admin/uploads/..., the paths the event records name, from whichever
 * events source is in use (the files under DATA_DIR/uploads, or the society's backend): image
 * content types only, `no-cache` with ETag revalidation (the same rules as every other answer:
 * see http/conditionalRequests.ts), so that a photo taken down (its event unpublished or the
 * photo removed) goes from every cache at the next request, and no way to name a file
 * outside that folder (no "..", encoded or not, no backslashes, no NUL bytes, no hidden files;
 * the embedded store also refuses symbolic links leading out).
 *
 * `?w=480`, `?w=720` or `?w=960` answers the photo resized to that width (never enlarged) as WebP,
 * made as the photo was stored and kept in the photo cache under DATA_DIR/cache/photos (photoCache.ts). With the
 * society's backend the photo itself comes through the same cache (RemoteEventsSource).
 *
 * The body is sent from the photo's bytes as they are: many visitors asking for one photo at
 * once share one copy in memory (a Response made from bytes would copy them for each).
 */
import { realpathSync, statSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { isPhotoWidth, PHOTO_WIDTHS } from '../lib/events/photoVariants.ts';
import { IMAGE_CONTENT_TYPES, isRasterPhoto } from '../lib/imageTypes.ts';
import { PhotoUnavailableError, type EventPhoto, type EventsSource } from './events/EventsSource.ts';
import type { DiskCache } from './diskCache.ts';
import { isFresh } from './http/conditionalRequests.ts';
import { resizedPhoto } from './photoCache.ts';

export function contentTypeOf(file: string): string | undefined {
  return IMAGE_CONTENT_TYPES[path.extname(file).toLowerCase()];
}

/**
 * `relativePath` decoded and checked: a photo's path under /Admin/uploads/ ("events/3/1.jpg"),
 * or undefined when it could name something else (a parent folder, a hidden file, not an image).
 */
export function checkUploadPath(relativePath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(relativePath);
  } catch {
    return undefined;
  }
  if (!decoded || decoded.includes('\0') || decoded.includes('\\') || path.isAbsolute(decoded)) return undefined;
  if (decoded.split('/').some((segment) => segment === '' || segment.startsWith('.'))) return undefined;
  if (!contentTypeOf(decoded)) return undefined;
  return decoded;
}

/** The stored photo at `relativePath` under `uploadsDir` (the embedded store's files), or undefined. */
export async function readStoredPhoto(uploadsDir: string, relativePath: string): Promise<EventPhoto | undefined> {
  const file = resolveUpload(uploadsDir, relativePath);
  const contentType = file && contentTypeOf(file);
  if (!file || !contentType) return undefined;
  const [info, bytes] = await Promise.all([stat(file), readFile(file)]);
  return { bytes: new Uint8Array(bytes), contentType, version: photoVersion(info), lastModified: info.mtime };
}

/** The file under `uploadsDir` that `relativePath` names, or undefined if it is not a safe, existing file. */
export function resolveUpload(uploadsDir: string, relativePath: string): string | undefined {
  const checked = checkUploadPath(relativePath);
  if (!checked) return undefined;
  try {
    const root = realpathSync(uploadsDir);
    const real = realpathSync(path.join(root, checked));
    if (!real.startsWith(root + path.sep) || !statSync(real).isFile()) return undefined;
    return real;
  } catch {
    return undefined;
  }
}

/** The version of a stored photo file (its size and time of change): its ETag and the key of its resized copies. */
export function photoVersion(info: { size: number; mtimeMs: number }): string {
  return `${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}`;
}

/**
 * Who may see a photo: anyone ('public', which a shared cache may keep and revalidate), only the
 * signed-in staff ('staff': a draft's photo, never kept by a shared cache), or no one asking
 * (undefined: 404, as for a photo that does not exist).
 */
export type PhotoAudience = 'public' | 'staff' | undefined;

export interface ServeUploadOptions {
  /** Where resized photos are kept: the photo cache in DATA_DIR/cache/photos. */
  cache: DiskCache;
  /** Who may see the photo at `checked` (default: anyone; see photoAudience.ts). */
  audience?: (checked: string) => PhotoAudience;
  warn?: (message: string) => void;
}

const TEXT = { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' };

function text(status: number, body: string, headers: Record<string, string> = {}): Response {
  return new Response(body, { status, headers: { ...TEXT, ...headers } });
}

export async function serveUpload(
  request: Request,
  source: Pick<EventsSource, 'openPhoto'>,
  relativePath: string,
  { cache, audience = () => 'public', warn = (message) => console.warn(message) }: ServeUploadOptions,
): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return text(405, 'Method not allowed', { Allow: 'GET, HEAD' });
  }
  const requestedWidth = new URL(request.url).searchParams.get('w');
  const width = requestedWidth === null ? undefined : Number(requestedWidth);
  if (width !== undefined && !isPhotoWidth(width)) {
    return text(400, `The width "w" must be one of ${PHOTO_WIDTHS.join(', ')}.`);
  }
  const checked = checkUploadPath(relativePath);
  if (!checked) return text(404, 'Not found');
  const seenBy = audience(checked);
  if (!seenBy) return text(404, 'Not found');

  let photo: EventPhoto | undefined;
  try {
    photo = await source.openPhoto(checked);
  } catch (error) {
    if (!(error instanceof PhotoUnavailableError)) throw error;
    warn(`Photo ${checked}: ${error.message}`);
    return error.timedOut
      ? text(504, 'The events server took too long to send this photo. Please try again in a few minutes.')
      : text(502, 'This photo could not be fetched from the events server just now. Please try again later.');
  }
  if (!photo) return text(404, 'Not found');

  let body = photo.bytes;
  let contentType = photo.contentType;
  let etag = `"${photo.version}"`;
  if (width !== undefined && isRasterPhoto(photo.contentType)) {
    try {
      body = await resizedPhoto(cache, checked, photo, width);
      contentType = 'image/webp';
      etag = `"${photo.version}-w${width}"`;
    } catch (error) {
      warn(`Photo ${checked}: could not be resized (${error instanceof Error ? error.message : error}); sent whole.`);
    }
  }

  const headers: Record<string, string> = {
    'Content-Type': contentType,
    // Revalidated at every use: a change (a photo removed, its event unpublished) reaches visitors at once.
    'Cache-Control': seenBy === 'public' ? 'public, no-cache' : 'private, no-store',
    ETag: etag,
  };
  if (photo.lastModified) headers['Last-Modified'] = photo.lastModified.toUTCString();
  if (contentType === 'image/svg+xml') {
    headers['Content-Security-Policy'] = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
  }
  if (isFresh(request, { etag, lastModified: headers['Last-Modified'] })) {
    return new Response(null, { status: 304, headers });
  }
  headers['Content-Length'] = String(body.byteLength);
  if (request.method === 'HEAD') return new Response(null, { status: 200, headers });
  return new Response(streamOf(body), { status: 200, headers });
}

const CHUNK_BYTES = 64 * 1024;

/** A stream of `bytes` in chunks that are views of it, not copies. */
function streamOf(bytes: Uint8Array<ArrayBuffer>): ReadableStream<Uint8Array<ArrayBuffer>> {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      controller.enqueue(bytes.subarray(offset, offset + CHUNK_BYTES));
      offset += CHUNK_BYTES;
      if (offset >= bytes.byteLength) controller.close();
    },
  });
}
