/**
 * The photo rules: a photo far too large (bytes or pixels) or too small for where it is shown is
 * a mistake; one whose shape makes its frame cut off much of it gets a warning. The slots and
 * limits are in photoSlots.ts; this module judges one photo against them.
 */
import { statSync } from 'node:fs';
import sharp from 'sharp';
import { MAX_CROPPED_SHARE, MAX_PHOTO_BYTES, MAX_PHOTO_SIDE, type PhotoField, type PhotoSlot } from './photoSlots.ts';

export interface PhotoFacts {
  bytes: number;
  /** Pixels; absent for a file that is not an image the site can read. */
  width?: number;
  height?: number;
  /** SVG drawings scale to any size without blurring. */
  vector?: boolean;
}

export interface PhotoVerdict {
  severity: 'error' | 'warning';
  message: string;
}

/** The size and pixels of a photo file (reading only its header). */
export async function readPhotoFacts(file: string): Promise<PhotoFacts> {
  const bytes = statSync(file).size;
  try {
    const { width, height, format } = await sharp(file).metadata();
    return { bytes, width, height, vector: format === 'svg' };
  } catch {
    return { bytes };
  }
}

function megabytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(1);
}

/** The pixels a slot needs, and whether a photo of width × height would be stretched to fill it. */
function need(slot: PhotoSlot): { text: string; stretched: (width: number, height: number) => boolean } {
  const frame = slot.frame;
  if (!frame) return { text: `${slot.width} pixels wide`, stretched: (width) => width < slot.width };
  const height = Math.round(slot.width / frame.ratio);
  return frame.fit === 'cover'
    ? { text: `${slot.width} × ${height}`, stretched: (w, h) => w < slot.width || h < height }
    : { text: `up to ${slot.width} × ${height}`, stretched: (w, h) => w < slot.width && h < height };
}

function minimumText(slot: PhotoSlot): string {
  const frame = slot.frame;
  if (!frame) return `${slot.width} pixels wide`;
  const height = Math.round(slot.width / frame.ratio);
  return frame.fit === 'cover' ? `${slot.width} × ${height} pixels` : `${slot.width} pixels wide or ${height} high`;
}

function cropWarning(photo: string, width: number, height: number, slots: readonly PhotoSlot[]): PhotoVerdict[] {
  const ratio = width / height;
  const worst = slots
    .flatMap((slot) => (slot.frame?.fit === 'cover' ? [{ slot, frame: slot.frame }] : []))
    .map(({ slot, frame }) => ({ slot, frame, cut: 1 - Math.min(ratio, frame.ratio) / Math.max(ratio, frame.ratio) }))
    .sort((a, b) => b.cut - a.cut)[0];
  if (!worst || worst.cut <= MAX_CROPPED_SHARE) return [];
  const taller = ratio < worst.frame.ratio;
  return [
    {
      severity: 'warning',
      message: `the photo "${photo}" is ${width} × ${height} pixels, but ${worst.slot.name} shows it ${worst.frame.shape}, so ${Math.round(worst.cut * 100)}% of its ${taller ? 'height is cut off at the top and bottom' : 'width is cut off at the left and right'}; crop it to ${worst.frame.shape} yourself so that nothing important is lost`,
    },
  ];
}

/** Judges one photo (`photo` is its path as written) against the limits and the slots of its field. */
/** Both "too large" mistakes can be fixed by a command, and are on a pull request. */
const FIT_ADVICE =
  '"npm run photos:fit" does it for you, and so does the pull request\'s "Fit photos" check, which commits the result';

export function judgePhoto(photo: string, facts: PhotoFacts, field: PhotoField): PhotoVerdict[] {
  const verdicts: PhotoVerdict[] = [];
  if (facts.bytes > MAX_PHOTO_BYTES) {
    verdicts.push({
      severity: 'error',
      message: `the photo "${photo}" is ${megabytes(facts.bytes)} MB; photos must be under ${megabytes(MAX_PHOTO_BYTES)} MB: save it smaller (${field.best} pixels is plenty, and the site makes smaller copies for phones itself); ${FIT_ADVICE}`,
    });
  }
  const { width, height } = facts;
  if (width === undefined || height === undefined) {
    verdicts.push({
      severity: 'error',
      message: `the file "${photo}" is not a photo the site can read; save it again as a JPEG (.jpg) or PNG (.png)`,
    });
    return verdicts;
  }
  if (facts.vector) return verdicts;
  if (Math.max(width, height) > MAX_PHOTO_SIDE) {
    verdicts.push({
      severity: 'error',
      message: `the photo "${photo}" is ${width} × ${height} pixels; photos must be at most ${MAX_PHOTO_SIDE} pixels on each side: resize it (${field.best} pixels is plenty); ${FIT_ADVICE}`,
    });
    return verdicts;
  }
  const tooSmallFor = field.slots.find((slot) => need(slot).stretched(width, height));
  if (tooSmallFor) {
    verdicts.push({
      severity: 'error',
      message: `the photo "${photo}" is ${width} × ${height} pixels, too small for ${tooSmallFor.name}, which shows it ${need(tooSmallFor).text} pixels on a computer screen, so it would look blurred; use a photo of at least ${minimumText(tooSmallFor)} (${field.best} is best)`,
    });
  }
  return [...verdicts, ...cropWarning(photo, width, height, field.slots)];
}
