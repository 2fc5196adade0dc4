/**
 * What an event's page shows above and in its gallery (docs/SPEC.md point 2), on the public page and in
 * the admin's preview alike: the heading is the first photo's description (else the title), and
 * each photo opens whole from a thumbnail the site resizes, described by its caption.
 */
import { photoVariants } from './photoVariants.ts';

/** A photo as the gallery (src/islands/PhotoGallery.tsx) shows it, from an event or from the cricket gallery. */
export interface GalleryPhoto {
  /** The full-size photo. */
  src: string;
  /** A smaller version for the grid (defaults to `src`). */
  thumbnail?: string;
  /** The thumbnail in several widths ("a.webp 480w, b.webp 960w"), for the browser to choose from. */
  thumbnailSrcset?: string;
  /** The full-size photo's dimensions, when known; otherwise learnt when the viewer loads it. */
  width?: number;
  height?: number;
  alt: string;
}

export interface EventPhotoText {
  /** The photo's path ("/Admin/uploads/events/3/1.jpg"). */
  path: string;
  /** Its caption ("" when none was given). */
  description: string;
}

export function eventGallery(
  title: string,
  photos: readonly EventPhotoText[],
): { heading: string; label: string; photos: GalleryPhoto[] } {
  return {
    heading: photos[0]?.description || title,
    label: `Photos of ${title}`,
    photos: photos.map((photo, index) => {
      const variants = photoVariants(photo.path);
      return {
        src: photo.path,
        thumbnail: variants.src,
        ...(variants.srcset ? { thumbnailSrcset: variants.srcset } : {}),
        alt: photo.description || `Photo ${index + 1} of ${title}`,
      };
    }),
  };
}
