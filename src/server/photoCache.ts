/**
 * Resized event photos: made with sharp (auto-rotated, never enlarged, WebP) in each of the fixed
 * widths (src/lib/events/photoVariants.ts; any other is refused before anything is read) as a
 * photo is stored, or the first time one is asked for (the society's backend's photos; a copy the
 * bounded cache let go), then kept in the photo cache under DATA_DIR/cache/photos (a DiskCache:
 * bounded in size, the least recently used files going first). A file's name comes from the
 * photo's path, its version and the width, so a changed photo gets new files; concurrent
 * requests for the same file share one resize, and resizes are made one at a time, so that
 * visitors asking for many photos at once keep at most one core busy (with the uploads' one:
 * src/server/photos/photoIntake.ts).
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import pLimit from 'p-limit';
import sharp from 'sharp';
import { PHOTO_WIDTHS, type PhotoWidth } from '../lib/events/photoVariants.ts';
import type { DiskCache } from './diskCache.ts';
import type { EventPhoto } from './events/EventsSource.ts';

const inFlight = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();
/** Resizes made at once. */
const RESIZE_CONCURRENCY = 1;
const resizes = pLimit(RESIZE_CONCURRENCY);

async function resize(cache: DiskCache, name: string, photo: EventPhoto, width: PhotoWidth) {
  const output = await sharp(photo.bytes)
    .rotate()
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 75 })
    .toBuffer();
  const bytes = new Uint8Array(output);
  await cache.write(name, bytes);
  return bytes;
}

/** The cache's name for the copy of the photo at `relativePath`, in its `version`, at `width`. */
function resizedName(relativePath: string, version: string, width: PhotoWidth): string {
  return `${createHash('sha256').update(`${relativePath}\n${version}\n${width}`).digest('hex')}.webp`;
}

/** `photo` (at `relativePath`) resized to `width`, from the cache or made and cached now. */
export async function resizedPhoto(
  cache: DiskCache,
  relativePath: string,
  photo: EventPhoto,
  width: PhotoWidth,
): Promise<Uint8Array<ArrayBuffer>> {
  const name = resizedName(relativePath, photo.version, width);
  const cached = await cache.read(name);
  if (cached) return cached;
  const key = path.join(cache.dir, name);
  let pending = inFlight.get(key);
  if (!pending) {
    pending = resizes(() => resize(cache, name, photo, width)).finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}

/** Makes the copies of every width of `photo` (at `relativePath`) that the cache lacks, one resize at a time. */
export async function makeResizedCopies(cache: DiskCache, relativePath: string, photo: EventPhoto): Promise<void> {
  for (const width of PHOTO_WIDTHS) await resizedPhoto(cache, relativePath, photo, width);
}

/** Deletes the resized copies of the photo at `relativePath` in its `version` (when the photo is deleted). */
export async function removeResizedCopies(cache: DiskCache, relativePath: string, version: string): Promise<void> {
  await Promise.all(PHOTO_WIDTHS.map((width) => cache.remove(resizedName(relativePath, version, width))));
}

/** Where resized photos are kept. */
export function photoCacheDir(dataDir: string): string {
  return path.join(dataDir, 'cache', 'photos');
}
