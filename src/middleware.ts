/**
 * Runs around every on-demand page and endpoint (prerendered pages are plain files and accept
 * no posts):
 * - paths under /Admin pass the admin guard first (src/server/admin/adminGuard.ts: signed in,
 *   same origin, valid token), and their answers are never cached or indexed;
 * - refuses cross-site form posts; see src/server/http/originCheck.ts for why this replaces
 *   Astro's own `security.checkOrigin`;
 * - (the site server adds frame-ancestors to Astro's Content-Security-Policy, as to every policy:
 *   src/server/http/responseHeaders.ts);
 * - gives answers to GET an ETag and a 304 on a match (see src/server/http/conditionalRequests.ts;
 *   prerendered files get theirs from the static file server).
 */
import { defineMiddleware } from 'astro:middleware';
import { guardAdmin, withAdminHeaders } from './server/admin/adminGuard.ts';
import { withEntityTag } from './server/http/conditionalRequests.ts';
import { crossSiteFormResponse, isCrossSiteFormPost } from './server/http/originCheck.ts';

export const onRequest = defineMiddleware(async (context, next) => {
  if (context.isPrerendered) return next();
  const admin = await guardAdmin(context);
  if (admin instanceof Response) return withAdminHeaders(admin);
  if (admin) context.locals.admin = admin;
  if (isCrossSiteFormPost(context.request, context.url.origin)) return crossSiteFormResponse();
  const answer = await next();
  return withEntityTag(context.request, admin ? withAdminHeaders(answer) : answer);
});
