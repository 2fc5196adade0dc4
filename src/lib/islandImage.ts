/**
 * An optimised image as a plain object an island can receive as a prop (islands cannot take
 * Astro's ImageMetadata): made at build time by src/data/islandImages.ts.
 */
export interface IslandImage {
  src: string;
  srcset: string;
  sizes: string;
  width: number;
  height: number;
}
