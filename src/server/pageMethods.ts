/**
 * The request methods the site answers, in one place. The site server refuses every other before
 * Astro sees it (src/server/http/): Astro renders a page whatever the method, and crashes on those
 * the Fetch API forbids (TRACE, TRACK), while Fastify answers an unrouted method with 404. The pages
 * that take a plain form post (Contact Us, and every admin page, in src/server/admin/adminGuard.ts)
 * refuse them too, with refuseOtherMethods, for `astro dev`, where that server does not run.
 */
const SITE_METHODS: readonly string[] = ['GET', 'HEAD', 'POST'];
export const ALLOW = SITE_METHODS.join(', ');

export function isSiteMethod(method: string | undefined): boolean {
  return method !== undefined && SITE_METHODS.includes(method);
}

/** The headers and body of the 405 for a method the site does not answer. */
export const METHOD_NOT_ALLOWED = {
  headers: { Allow: ALLOW, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  body: 'Method not allowed\n',
} as const;

/** A 405 naming the site's methods, or undefined for one of them. */
export function refuseOtherMethods(request: Request): Response | undefined {
  if (isSiteMethod(request.method)) return undefined;
  return new Response(null, { status: 405, headers: { Allow: ALLOW } });
}
