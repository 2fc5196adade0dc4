/**
 * The pages that take a plain form post (Contact Us, the admin's sign-in and its delete
 * confirmations) refuse other methods themselves, with the site's methods (src/server/http/methods.ts):
 * the site server refuses them before any page sees them; this answers the same under `astro dev`.
 */
import { ALLOW, isSiteMethod } from './http/methods.ts';

/** A 405 naming the site's methods, or undefined for one of them. */
export function refuseOtherMethods(request: Request): Response | undefined {
  if (isSiteMethod(request.method)) return undefined;
  return new Response(null, { status: 405, headers: { Allow: ALLOW } });
}
