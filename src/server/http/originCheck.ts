/**
 * The origin rule of the routes Fastify answers without Astro (the events API: src/server/api/eventsRoutes.ts),
 * the same as Astro's `security.checkOrigin` for everything else (astro.config.mjs): a form post (urlencoded,
 * multipart or text/plain, the only kinds a page on another site can send without the browser asking first)
 * must come from the public origin, SITE_URL's (src/lib/siteUrl.ts, publicOriginOf), never one made from the
 * request's own Host or X-Forwarded-Host, which the sender writes. Unlike Astro's, a POST with no body and no
 * Origin passes: the events contract (docs/SPEC.md point 7) sends `events_list` so, often from another server,
 * and it changes nothing. JSON needs a CORS preflight that this site never grants.
 */
import { mediaTypeOf } from './jsonAnswer.ts';

const FORM_CONTENT_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'];
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

interface RequestLike {
  method: string;
  headers: { get(name: string): string | null };
}

/** Whether `request` is a form post from another site (or from no site at all) to the site at `publicOrigin`. */
export function isCrossSiteFormPost(request: RequestLike, publicOrigin: string): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  if (!FORM_CONTENT_TYPES.includes(mediaTypeOf(request.headers.get('content-type')))) return false;
  return request.headers.get('origin') !== publicOrigin;
}

export const CROSS_SITE_FORM_ERROR = 'Forms on this site can only be sent from its own pages';
