/** The fixed cricket tournament gallery (/event-22) and its card on Monthly Activities. */
import { getImage } from 'astro:assets';
import { getEntry } from 'astro:content';
import type { GalleryPhoto } from '../lib/events/eventGallery.ts';
import { PHOTO_WIDTHS } from '../lib/events/photoVariants.ts';

const CRICKET_GALLERY_ID = 'cricket-tournament';

export async function getCricketGallery() {
  const entry = await getEntry('galleries', CRICKET_GALLERY_ID);
  if (!entry) throw new Error('content/galleries/cricket-tournament.yaml is missing: /event-22 needs it');
  return entry.data;
}

/** The gallery's photos as the viewer needs them: a large version with its size, and thumbnails in two widths. */
export async function cricketPhotos(): Promise<GalleryPhoto[]> {
  const gallery = await getCricketGallery();
  const images = gallery.items.flatMap((item) => (item.type === 'image' ? [item] : []));
  return Promise.all(
    images.map(async (item) => {
      const full = await getImage({ src: item.image, width: 1600, format: 'webp' });
      const thumbnail = await getImage({ src: item.image, width: 480, widths: [...PHOTO_WIDTHS], format: 'webp' });
      return {
        src: full.src,
        thumbnail: thumbnail.src,
        thumbnailSrcset: thumbnail.srcSet.attribute,
        width: Number(full.attributes['width']),
        height: Number(full.attributes['height']),
        alt: item.alt,
      };
    }),
  );
}
