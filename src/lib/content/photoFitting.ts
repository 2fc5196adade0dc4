/**
 * Fits oversized photos of the content files to the site: a photo straight from a phone (say
 * 4000 × 3000 and 4 MB) is refused by the check (over 2 MB, over 3000 pixels a side), so
 * `npm run photos:fit` (and the pull request's workflow, which commits the result to the branch)
 * resizes it in place: turned upright as the phone meant, no larger than its slots need at twice
 * their size (phones' dense screens), at least 1600 pixels on its long side, without the camera's
 * metadata (which can hold where it was taken), under the byte limit. Photos the check accepts
 * are left alone, and so are vector and animated files.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { CONTENT_SOURCES, listEntries } from './contentFiles.ts';
import { diskReader } from './contentReader.ts';
import { valuesAt } from './photoChecks.ts';
import { MAX_PHOTO_BYTES, MAX_PHOTO_SIDE, PHOTO_FIELDS, type PhotoField } from './photoSlots.ts';
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

/** The photo's bytes made to fit `side` and the byte limit, or undefined when it already fits. */
export async function fitPhoto(input: Buffer, side: number): Promise<Buffer | undefined> {
  const image = sharp(input, { failOn: 'error' });
  const { width = 0, height = 0, format, pages = 1, orientation } = await image.metadata();
  if (!format || !FITTED_FORMATS.has(format) || pages > 1) return undefined;
  const turned = orientation !== undefined && orientation > 4;
  const [shownWidth, shownHeight] = turned ? [height, width] : [width, height];
  if (input.byteLength <= MAX_PHOTO_BYTES && Math.max(shownWidth, shownHeight) <= MAX_PHOTO_SIDE) return undefined;
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
function namedPhotos(root: string): Map<string, PhotoField> {
  const reader = diskReader(root);
  const photos = new Map<string, PhotoField>();
  for (const source of CONTENT_SOURCES) {
    const files = source.shape === 'folder' ? reader.yamlFilesIn(source.path) : [source.path];
    for (const file of files) {
      const text = reader.read(file);
      if (text === undefined) continue;
      const { data } = parseYamlFile(text);
      const entries = source.shape === 'list' ? (listEntries(source, data) ?? []) : [data];
      for (const field of PHOTO_FIELDS.filter((candidate) => candidate.schema === source.schema)) {
        for (const entry of entries) {
          for (const { value } of valuesAt(entry, field.path)) {
            if (typeof value !== 'string') continue;
            const photo = path.posix.normalize(path.posix.join(path.posix.dirname(file), value));
            if (photo.startsWith('../') || !photo.startsWith('content/')) continue; // only inside content/
            if (!photos.has(photo) || fittedSide(field) > fittedSide(photos.get(photo) ?? field)) {
              photos.set(photo, field);
            }
          }
        }
      }
    }
  }
  return photos;
}

/** Fits every oversized photo the content files name, in place; what it changed. */
export async function fitContentPhotos(root: string): Promise<FittedPhoto[]> {
  const fitted: FittedPhoto[] = [];
  for (const [file, field] of namedPhotos(root)) {
    const absolute = path.join(root, file);
    if (!existsSync(absolute)) continue; // the check reports it
    const input = readFileSync(absolute);
    const output = await fitPhoto(input, fittedSide(field));
    if (!output) continue;
    const [before, after] = await Promise.all([sharp(input).metadata(), sharp(output).metadata()]);
    writeFileSync(absolute, output);
    fitted.push({
      file,
      before: { bytes: input.byteLength, width: before.width ?? 0, height: before.height ?? 0 },
      after: { bytes: output.byteLength, width: after.width ?? 0, height: after.height ?? 0 },
    });
  }
  return fitted;
}
