/**
 * Runs around every on-demand page and endpoint (prerendered pages are plain files and accept
 * no posts):
 * - paths under /Admin pass the admin guard first (src/server/admin/adminGuard.ts: signed in,
 *   same origin, valid token), and their answers are never cached or indexed;
 * - refuses cross-site form posts; see src/server/http/originCheck.ts for why this replaces
 *   Astro's own `security.checkOrigin`;
 * - adds to Astro's Content-Security-Policy the directives only a header can carry
 *   (frame-ancestors), as the site server does for prerendered pages;
 * - gives answers to GET an ETag and a 304 on a match (see src/server/http/conditionalRequests.ts;
 *   prerendered files get theirs from the static file server).
 */
import { defineMiddleware } from 'astro:middleware';
import { guardAdmin, withAdminHeaders } from './server/admin/adminGuard.ts';
import { withEntityTag } from './server/http/conditionalRequests.ts';
import { withHeaderOnlyDirectives } from './server/http/contentSecurityPolicy.ts';
import { crossSiteFormResponse, isCrossSiteFormPost } from './server/http/originCheck.ts';

export const onRequest = defineMiddleware(async (context, next) => {
  if (context.isPrerendered) return next();
  const admin = await guardAdmin(context);
  if (admin instanceof Response) return withAdminHeaders(admin);
  if (admin) context.locals.admin = admin;
  if (isCrossSiteFormPost(context.request, context.url.origin)) return crossSiteFormResponse();
  const answer = await next();
  const response = admin ? withAdminHeaders(answer) : answer;
  const policy = response.headers.get('content-security-policy');
  if (!policy) return withEntityTag(context.request, response);
  // A copy of the headers: those of some responses (redirects, fetched ones) cannot be changed.
  const headers = new Headers(response.headers);
  headers.set('content-security-policy', withHeaderOnlyDirectives(policy));
  const withPolicy = new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  return withEntityTag(context.request, withPolicy);
});
