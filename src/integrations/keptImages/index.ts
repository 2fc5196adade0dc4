/**
 * Serves /_image from ./endpoint.ts in the built site: Astro's image endpoint for Node with its
 * answers kept (src/lib/keptImageAnswers.ts). `astro dev` keeps its own endpoint, which reads the
 * source pictures.
 */
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';

export function keptImages(): AstroIntegration {
  return {
    name: 'isa:kept-images',
    hooks: {
      'astro:config:setup': ({ command, updateConfig }) => {
        if (command !== 'build') return;
        updateConfig({ image: { endpoint: { entrypoint: fileURLToPath(new URL('./endpoint.ts', import.meta.url)) } } });
      },
    },
  };
}
