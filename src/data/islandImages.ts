/** Optimised images for islands: getImage() at build time, turned into plain serialisable props. */
import type { ImageMetadata } from 'astro';
import { getImage } from 'astro:assets';
import type { IslandImage } from '../lib/islandImage.ts';

export interface IslandImageOptions {
  /** The widths of the srcset, in pixels; the largest is the fallback `src`. */
  widths: number[];
  /** The `sizes` attribute: how wide the image is shown. */
  sizes: string;
}

export async function islandImage(image: ImageMetadata, { widths, sizes }: IslandImageOptions): Promise<IslandImage> {
  const usable = widths.filter((width) => width <= image.width);
  const chosen = usable.length > 0 ? usable : [image.width];
  const largest = Math.max(...chosen);
  const result = await getImage({ src: image, width: largest, widths: chosen, sizes, format: 'webp' });
  return {
    src: result.src,
    srcset: result.srcSet.attribute,
    sizes,
    width: largest,
    height: Math.round((largest * image.height) / image.width),
  };
}
