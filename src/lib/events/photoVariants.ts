/**
 * Smaller versions of event photos: the site serves any photo under /Admin/uploads/ resized to
 * one of a few widths with `?w=480`, `?w=720` or `?w=960` (src/server/uploads.ts), and galleries
 * and cards offer them as a srcset so that the browser downloads what the layout needs (a phone
 * showing a photo across its width at 1.75 device pixels to the CSS pixel takes the 720: a quarter
 * fewer bytes than the 960 it took before).
 */
import { UPLOADS_PATH } from './fixImagePath.ts';

/** The widths the site resizes to; any other `w` is refused, so the cache stays small. */
export const PHOTO_WIDTHS = [480, 720, 960] as const;
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number];

export function isPhotoWidth(value: number): value is PhotoWidth {
  return PHOTO_WIDTHS.some((width) => width === value);
}

export interface PhotoSources {
  src: string;
  /** Absent when the photo is not one the site can resize (a build-time image, another host). */
  srcset?: string;
}

/** The smallest variant as `src` and every variant in `srcset`, for a photo the site serves. */
export function photoVariants(src: string): PhotoSources {
  if (!src.startsWith(UPLOADS_PATH) || src.includes('?')) return { src };
  const [smallest] = PHOTO_WIDTHS;
  return {
    src: `${src}?w=${smallest}`,
    srcset: PHOTO_WIDTHS.map((width) => `${src}?w=${width} ${width}w`).join(', '),
  };
}
