/**
 * Fits the photos of the content files to the site: a photo straight from a phone (say
 * 4000 × 3000 and 4 MB, turned by an EXIF tag, with the place it was taken) would be refused by
 * the check (over 2 MB, over 3000 pixels a side) or shown sideways, so it is rewritten in place:
 * turned upright as the phone meant, no larger than its slots need at twice their size (phones'
 * dense screens), at least 1600 pixels on its long side, without the camera's metadata, under the
 * byte limit. `npm run photos:fit`, the pull request's workflow (which commits the result to the
 * branch), every build (the content loader, before its check) and the deploy's release build do
 * it. Photos that already fit are left alone, and so are vector and animated files.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { CONTENT_SOURCES, listEntries, type ContentSource } from './contentFiles.ts';
import { diskReader } from './contentReader.ts';
import { MAX_PHOTO_BYTES, MAX_PHOTO_SIDE, photosOf, type PhotoField } from './photoSlots.ts';
import { parseYamlFile } from './yamlDocument.ts';

/** The shortest long side a fitted photo keeps, whatever its slots: enough for any screen. */
const MIN_FITTED_SIDE = 1600;
const FITTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'avif']);
const QUALITIES = [82, 72, 62, 50];

/** The longest side a photo of `field` needs: twice its widest slot, within the check's limits. */
export function fittedSide(field: PhotoField): number {
  const widest = Math.max(...field.slots.map((slot) => slot.width));
  return Math.min(MAX_PHOTO_SIDE, Math.max(MIN_FITTED_SIDE, 2 * widest));
}

export interface FittedPhoto {
  /** Relative to the project root. */
  file: string;
  before: { bytes: number; width: number; height: number };
  after: { bytes: number; width: number; height: number };
}

/**
 * The photo's bytes made to fit: upright, at most `side` pixels on its long side, without camera
 * metadata (EXIF, XMP, IPTC), under the byte limit; undefined when it already is.
 */
export async function fitPhoto(input: Buffer, side: number): Promise<Buffer | undefined> {
  const image = sharp(input, { failOn: 'error' });
  const { width = 0, height = 0, format, pages = 1, orientation, exif, xmp, iptc } = await image.metadata();
  if (!format || !FITTED_FORMATS.has(format) || pages > 1) return undefined;
  const upright = orientation === undefined || orientation === 1;
  const plain = exif === undefined && xmp === undefined && iptc === undefined;
  const fits = input.byteLength <= MAX_PHOTO_BYTES && Math.max(width, height) <= Math.min(side, MAX_PHOTO_SIDE);
  if (upright && plain && fits) return undefined;
  for (const quality of QUALITIES) {
    const resized = sharp(input)
      .rotate()
      .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
      .toFormat(format === 'jpeg' ? 'jpeg' : format, { quality, ...(format === 'jpeg' ? { mozjpeg: true } : {}) });
    const output = await resized.toBuffer();
    if (output.byteLength <= MAX_PHOTO_BYTES) return output;
  }
  throw new Error('the photo stays over the size limit at every quality tried');
}

/** Every photo named by the content files under `root`, once, with the field that names it first. */
function namedPhotos(root: string, sources: readonly ContentSource[]): Map<string, PhotoField> {
  const reader = diskReader(root);
  const photos = new Map<string, PhotoField>();
  for (const source of sources) {
    const files = source.shape === 'folder' ? reader.yamlFilesIn(source.path) : [source.path];
    for (const file of files) {
      const text = reader.read(file);
      if (text === undefined) continue;
      const { data } = parseYamlFile(text);
      const entries = source.shape === 'list' ? (listEntries(source, data) ?? []) : [data];
      for (const { field, value } of entries.flatMap((entry) => photosOf(source.schema, entry))) {
        const photo = path.posix.normalize(path.posix.join(path.posix.dirname(file), value));
        if (photo.startsWith('../') || !photo.startsWith('content/')) continue; // only inside content/
        if (!photos.has(photo) || fittedSide(field) > fittedSide(photos.get(photo) ?? field)) {
          photos.set(photo, field);
        }
      }
    }
  }
  return photos;
}

/** Fits every photo the content files (of `sources`) name, in place; what it changed. */
export async function fitContentPhotos(
  root: string,
  sources: readonly ContentSource[] = CONTENT_SOURCES,
): Promise<FittedPhoto[]> {
  const fitted: FittedPhoto[] = [];
  for (const [file, field] of namedPhotos(root, sources)) {
    const absolute = path.join(root, file);
    if (!existsSync(absolute)) continue; // the check reports it
    const input = readFileSync(absolute);
    const output = await fitPhoto(input, fittedSide(field));
    if (!output) continue;
    const [before, after] = await Promise.all([sharp(input).metadata(), sharp(output).metadata()]);
    // A new file renamed over the old: a reader (another loader, a server) never sees half of it.
    const next = `${absolute}.fitting-${process.pid}`;
    writeFileSync(next, output);
    renameSync(next, absolute);
    fitted.push({
      file,
      before: { bytes: input.byteLength, width: before.width ?? 0, height: before.height ?? 0 },
      after: { bytes: output.byteLength, width: after.width ?? 0, height: after.height ?? 0 },
    });
  }
  return fitted;
}

/** One line about a fitted photo, as the command and the build print it. */
export function fittedLine({ file, before, after }: FittedPhoto): string {
  const megabytes = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);
  return `Fitted ${file}: ${before.width} × ${before.height}, ${megabytes(before.bytes)} MB -> ${after.width} × ${after.height}, ${megabytes(after.bytes)} MB (upright, without camera metadata)`;
}
