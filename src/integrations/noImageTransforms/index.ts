/**
 * Astro's image endpoint of the built site is ./endpoint.ts, which transforms nothing (Astro's own for Node would
 * transform any picture a stranger names). `astro dev` keeps Astro's, which makes the pictures as they are asked for.
 */
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';

export function noImageTransforms(): AstroIntegration {
  return {
    name: 'isa:no-image-transforms',
    hooks: {
      'astro:config:setup': ({ command, updateConfig }) => {
        if (command !== 'build') return;
        updateConfig({ image: { endpoint: { entrypoint: fileURLToPath(new URL('./endpoint.ts', import.meta.url)) } } });
      },
    },
  };
}
