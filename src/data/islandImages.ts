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

/** What islandImage() asks of getImage(): WebP in the `widths` the picture has (none wider than it). */
export function islandImageTransform(image: ImageMetadata, { widths, sizes }: IslandImageOptions) {
  const usable = widths.filter((width) => width <= image.width);
  const chosen = usable.length > 0 ? usable : [image.width];
  return { src: image, width: Math.max(...chosen), widths: chosen, sizes, format: 'webp' } as const;
}

export async function islandImage(image: ImageMetadata, options: IslandImageOptions): Promise<IslandImage> {
  const transform = islandImageTransform(image, options);
  const result = await getImage(transform);
  return {
    src: result.src,
    srcset: result.srcSet.attribute,
    sizes: transform.sizes,
    width: transform.width,
    height: Math.round((transform.width * image.height) / image.width),
  };
}
