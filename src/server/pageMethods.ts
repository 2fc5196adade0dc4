/**
 * The methods of the pages that take a plain form post (Contact Us, the admin's sign-in and its
 * delete confirmations): GET, HEAD and POST. The site server refuses other methods before any
 * page sees them; this answers the same under `astro dev` and the adapter's own handler.
 */
const PAGE_METHODS = ['GET', 'HEAD', 'POST'] as const;

/** A 405 naming the page methods, or undefined for one of them. */
export function refuseOtherMethods(request: Request): Response | undefined {
  if (PAGE_METHODS.some((method) => method === request.method)) return undefined;
  return new Response(null, { status: 405, headers: { Allow: PAGE_METHODS.join(', ') } });
}
