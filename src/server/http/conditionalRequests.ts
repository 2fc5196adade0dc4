/**
 * Revalidation for answers rendered on demand (event pages, sitemap.xml). Prerendered files get
 * ETag and Last-Modified from @astrojs/node's static file server; these get an ETag made from a
 * hash of their body, and a 304 with no body when the browser already holds that version.
 *
 * The tag is weak (W/"..."): the site server may compress the body on the way out, and a weak
 * tag promises the same content, not the same bytes. Left alone:
 * - answers marked `Cache-Control: no-store` (pages holding a per-visit form token, the API's
 *   JSON): nothing may keep them, so a validator would be an invitation to reuse them;
 * - methods other than GET and HEAD (the API is POST: its answers are not cached by anyone);
 * - answers other than 200, and answers that already carry an ETag (uploaded photos).
 *
 * Whether the browser's copy is still good is decided by the `fresh` package here and for
 * uploaded photos (src/server/uploads.ts), and by @fastify/send (which serves the built files for
 * @fastify/static) with the same rules, checked together in tests/unit/freshness.test.ts. So every
 * answer follows the same rules (RFC 9110): If-None-Match compared weakly (W/"x" matches "x"),
 * If-Modified-Since only without If-None-Match, and a request sent with `Cache-Control: no-cache`
 * (a reload that asks past every cache) always gets the whole answer.
 *
 * The tag is made here rather than by the `etag` package: that package's tags hold base64 (with
 * "+" and "/") and the body's length, this one a URL-safe SHA-256, which the tests pin.
 */
import { createHash } from 'node:crypto';
import fresh from 'fresh';

/** For answers that had no Cache-Control of their own: a cache may keep them, but must ask first. */
export const REVALIDATE = 'no-cache';

export function entityTag(body: Uint8Array): string {
  return `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

/** The validators of an answer: its ETag, and its Last-Modified date when it has one. */
export interface Validators {
  etag: string;
  lastModified?: string;
}

/**
 * Whether the copy the browser holds is still good, so that a 304 without a body answers: its
 * If-None-Match names `etag` (weak comparison, as RFC 9110 asks for GET and HEAD) or, when it
 * sent none, nothing changed since its If-Modified-Since.
 */
export function isFresh(request: Request, { etag, lastModified }: Validators): boolean {
  return fresh(Object.fromEntries(request.headers), { etag, 'last-modified': lastModified });
}

/** Whether an If-None-Match header value names `etag` (weak comparison, as RFC 9110 asks for GET). */
export function matchesIfNoneMatch(ifNoneMatch: string | null, etag: string): boolean {
  return ifNoneMatch ? fresh({ 'if-none-match': ifNoneMatch }, { etag }) : false;
}

export async function withEntityTag(request: Request, response: Response): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return response;
  if (response.status !== 200 || response.headers.has('ETag') || !response.body) return response;
  const cacheControl = response.headers.get('Cache-Control');
  if (cacheControl && /(^|,)\s*no-store\s*(,|$)/i.test(cacheControl)) return response;

  const body = new Uint8Array(await response.arrayBuffer());
  const etag = entityTag(body);
  const headers = new Headers(response.headers);
  headers.set('ETag', etag);
  if (!cacheControl) headers.set('Cache-Control', REVALIDATE);
  if (isFresh(request, { etag })) {
    // A 304 carries the validators and caching fields, not the metadata of a body it does not send.
    headers.delete('Content-Type');
    headers.delete('Content-Length');
    return new Response(null, { status: 304, headers });
  }
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}
