/**
 * Resized event photos: made with sharp (auto-rotated, never enlarged, WebP) the first time a
 * width is asked for, then kept under DATA_DIR/cache/photos. A file's name comes from the
 * photo's path, its version and the width, so a changed photo gets new files; concurrent
 * requests for the same file share one resize, and files are written whole (then renamed).
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { PHOTO_WIDTHS, type PhotoWidth } from '../lib/events/photoVariants.ts';
import type { EventPhoto } from './events/EventsSource.ts';

/** Vector and unknown types are sent as they are. */
const RESIZABLE = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif']);

export function canResize(contentType: string): boolean {
  return RESIZABLE.has(contentType);
}

const inFlight = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();

function isMissing(error: unknown): boolean {
  return error instanceof Error && Reflect.get(error, 'code') === 'ENOENT';
}

async function resize(file: string, photo: EventPhoto, width: PhotoWidth): Promise<Uint8Array<ArrayBuffer>> {
  const output = await sharp(photo.bytes)
    .rotate()
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 75 })
    .toBuffer();
  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.${randomUUID()}.part`;
  try {
    await writeFile(partial, output);
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
  return new Uint8Array(output);
}

function cachedFile(cacheDir: string, relativePath: string, version: string, width: PhotoWidth): string {
  const name = createHash('sha256').update(`${relativePath}\n${version}\n${width}`).digest('hex');
  return path.join(cacheDir, `${name}.webp`);
}

/** `photo` (at `relativePath`) resized to `width`, from the cache or made and cached now. */
export async function resizedPhoto(
  cacheDir: string,
  relativePath: string,
  photo: EventPhoto,
  width: PhotoWidth,
): Promise<Uint8Array<ArrayBuffer>> {
  const file = cachedFile(cacheDir, relativePath, photo.version, width);
  try {
    return new Uint8Array(await readFile(file));
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
  let pending = inFlight.get(file);
  if (!pending) {
    pending = resize(file, photo, width).finally(() => inFlight.delete(file));
    inFlight.set(file, pending);
  }
  return pending;
}

/** Deletes the resized copies of the photo at `relativePath` in its `version` (when the photo is deleted). */
export async function removeResizedCopies(cacheDir: string, relativePath: string, version: string): Promise<void> {
  await Promise.all(
    PHOTO_WIDTHS.map((width) => rm(cachedFile(cacheDir, relativePath, version, width), { force: true })),
  );
}

/** Where resized photos are kept. */
export function photoCacheDir(dataDir: string): string {
  return path.join(dataDir, 'cache', 'photos');
}
