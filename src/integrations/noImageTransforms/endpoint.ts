/**
 * Astro's image endpoint (/_image) in the built site, put in place by ./index.ts: it transforms nothing. The site
 * server answers /_image itself, from the pictures made at build (src/server/builtImages.ts); a request that reaches
 * Astro there anyway (another spelling of the path) gets 404, never a picture made on demand.
 */
import type { APIRoute } from 'astro';

export const GET: APIRoute = () =>
  new Response('No such picture: only the pictures the pages show are made.', {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });
