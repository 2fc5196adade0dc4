/**
 * Runs around every on-demand page and endpoint (prerendered pages are plain files and accept
 * no posts):
 * - refuses cross-site form posts; see src/server/http/originCheck.ts for why this replaces
 *   Astro's own `security.checkOrigin`;
 * - adds to Astro's Content-Security-Policy the directives only a header can carry
 *   (frame-ancestors), as the site server does for prerendered pages.
 */
import { defineMiddleware } from 'astro:middleware';
import { withHeaderOnlyDirectives } from './server/http/contentSecurityPolicy.ts';
import { crossSiteFormResponse, isCrossSiteFormPost } from './server/http/originCheck.ts';

export const onRequest = defineMiddleware(async (context, next) => {
  if (context.isPrerendered) return next();
  if (isCrossSiteFormPost(context.request, context.url.origin)) return crossSiteFormResponse();
  const response = await next();
  const policy = response.headers.get('content-security-policy');
  if (!policy) return response;
  // A copy of the headers: those of some responses (redirects, fetched ones) cannot be changed.
  const headers = new Headers(response.headers);
  headers.set('content-security-policy', withHeaderOnlyDirectives(policy));
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
});
