/**
 * Runs around every on-demand page and endpoint (prerendered pages are plain files and accept
 * no posts):
 * - paths under /Admin pass the admin guard first (src/server/admin/adminGuard.ts: signed in,
 *   same origin, valid token), and their answers are never cached or indexed;
 * - the content editor (/keystatic, /api/keystatic) answers 404 where it is not offered
 *   (src/lib/keystatic/access.ts), and otherwise with its own headers (editorPolicy.ts);
 * - refuses cross-site form posts (an Origin other than the public origin, SITE_URL's); see
 *   src/server/endpoints/originCheck.ts for why this replaces Astro's own `security.checkOrigin`;
 * - (the site server adds frame-ancestors to Astro's Content-Security-Policy, as to every policy:
 *   src/server/http/contentSecurityPolicy.ts);
 * - gives answers to GET an ETag and a 304 on a match (see src/server/endpoints/conditionalRequests.ts;
 *   prerendered files get theirs from the static file server).
 */
import { defineMiddleware } from 'astro:middleware';
import { guardAdmin, withAdminHeaders } from './server/admin/adminGuard.ts';
import { withEntityTag } from './server/endpoints/conditionalRequests.ts';
import { crossSiteFormResponse, isCrossSiteFormPost, isFormPost } from './server/endpoints/originCheck.ts';
import { getServices } from './server/services.ts';
import { editorOffered, isEditorPath } from './lib/keystatic/access.ts';
import { EDITOR_STORAGE } from './lib/keystatic/builtStorage.ts';
import { editorNotFound, withEditorHeaders } from './lib/keystatic/editorPolicy.ts';

export const onRequest = defineMiddleware(async (context, next) => {
  if (context.isPrerendered) return next();
  const admin = await guardAdmin(context);
  if (admin instanceof Response) return withAdminHeaders(admin);
  if (admin) context.locals.admin = admin;
  // Compared with the public origin (SITE_URL's), never the request's own Host.
  if (isFormPost(context.request) && isCrossSiteFormPost(context.request, (await getServices()).publicOrigin)) {
    return crossSiteFormResponse();
  }
  if (isEditorPath(context.url.pathname)) {
    const offered = editorOffered({ dev: import.meta.env.DEV, storage: EDITOR_STORAGE, env: process.env });
    return offered ? withEditorHeaders(await next(), EDITOR_STORAGE) : editorNotFound();
  }
  const answer = await next();
  return withEntityTag(context.request, admin ? withAdminHeaders(answer) : answer);
});
