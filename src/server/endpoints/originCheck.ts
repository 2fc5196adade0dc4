/**
 * Protection against cross-site form posts (CSRF), in place of Astro's `security.checkOrigin`.
 *
 * Astro's check refuses a POST whose Origin is not the site's when it carries a form content type,
 * and also any POST that has no Content-Type at all unless its Origin matches. The events contract
 * (docs/SPEC.md point 7) sends `events_list` with no payload, often from another server that sends no
 * Origin, so that second rule would refuse legitimate calls. This check keeps the first rule
 * exactly: a form post (urlencoded, multipart or text/plain, the only kinds a page on another
 * site can send without the browser asking first) must come from the site's own origin. Other
 * requests pass: JSON needs a CORS preflight that this site never grants, and the endpoints that
 * accept a request without a body change nothing.
 */
import { jsonAnswer, mediaTypeOf } from './jsonAnswer.ts';

const FORM_CONTENT_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'];
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function isFormContentType(contentType: string | null): boolean {
  return FORM_CONTENT_TYPES.includes(mediaTypeOf(contentType));
}

/** Whether `request` is a form post: a method that changes something, with a form's content type. */
export function isFormPost(request: { method: string; headers: { get(name: string): string | null } }): boolean {
  return !SAFE_METHODS.has(request.method) && isFormContentType(request.headers.get('content-type'));
}

/**
 * Whether `request` is a form post from another site (or from no site at all) to the site at
 * `publicOrigin`: SITE_URL's origin (src/lib/siteUrl.ts, publicOriginOf), never one made from the
 * request's own Host or X-Forwarded-Host, which the sender writes (a forged Host equal to a forged
 * Origin would otherwise pass).
 */
export function isCrossSiteFormPost(
  request: { method: string; headers: { get(name: string): string | null } },
  publicOrigin: string,
): boolean {
  return isFormPost(request) && request.headers.get('origin') !== publicOrigin;
}

/**
 * Whether `request` says it comes from a page of `publicOrigin` (its Origin header, which browsers
 * send with every POST, PUT and DELETE, by form or by script). The admin asks this of every
 * request that changes something, whatever its content type; a request without Origin fails.
 */
export function isSameOriginRequest(request: Request, publicOrigin: string): boolean {
  return request.headers.get('origin') === publicOrigin;
}

export const CROSS_SITE_FORM_ERROR = 'Forms on this site can only be sent from its own pages';

export function crossSiteFormResponse(): Response {
  return jsonAnswer(403, { error: CROSS_SITE_FORM_ERROR });
}
