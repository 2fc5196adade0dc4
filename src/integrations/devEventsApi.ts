/**
 * The events API under `astro dev`. In the build the API has no Astro route: the site server's
 * Fastify routes answer it (src/server/api/eventsRoutes.ts), so each call takes one path, and the
 * fastest. `astro dev` runs no such server, so for development only this injects an Astro route
 * at the same paths that hands each call to the same code (src/server/api/eventsApi.ts).
 */
import type { AstroIntegration } from 'astro';

export function devEventsApi(): AstroIntegration {
  return {
    name: 'isa:dev-events-api',
    hooks: {
      'astro:config:setup': ({ command, injectRoute }) => {
        if (command !== 'dev') return;
        const entrypoint = new URL('./devEventsApi/endpoint.ts', import.meta.url);
        injectRoute({ pattern: '/Admin/api/[call]', entrypoint, prerender: false });
      },
    },
  };
}
