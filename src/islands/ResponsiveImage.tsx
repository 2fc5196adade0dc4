/** An optimised image made at build time (an IslandImage) as an <img> with its srcset and size. */
import type { IslandImage } from '../lib/islandImage.ts';

export interface ResponsiveImageProps {
  image: IslandImage;
  alt: string;
  className?: string;
  /** The page's largest paint: loaded at once, with high priority. Otherwise lazily. */
  priority?: boolean;
}

export function ResponsiveImage({ image, alt, className, priority = false }: ResponsiveImageProps) {
  return (
    <img
      className={className}
      src={image.src}
      srcSet={image.srcset}
      sizes={image.sizes}
      width={image.width}
      height={image.height}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding={priority ? 'sync' : 'async'}
    />
  );
}
