/**
 * Runs around every on-demand page and endpoint (prerendered pages are plain files and accept
 * no posts):
 * - paths under /Admin pass the admin guard first (src/server/admin/adminGuard.ts: signed in,
 *   same origin, valid token), and their answers are never cached or indexed;
 * - the content editor (/keystatic, /api/keystatic) answers 404 where it is not offered
 *   (src/lib/keystatic/access.ts), and otherwise with its own headers (editorPolicy.ts);
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
import { editorOffered, isEditorPath } from './lib/keystatic/access.ts';
import { editorNotFound, withEditorHeaders } from './lib/keystatic/editorPolicy.ts';

/** The storage the content editor was built with (keystatic.config.ts). */
const EDITOR_STORAGE = import.meta.env.PUBLIC_KEYSTATIC_GITHUB_REPO ? 'github' : 'local';

export const onRequest = defineMiddleware(async (context, next) => {
  if (context.isPrerendered) return next();
  const admin = await guardAdmin(context);
  if (admin instanceof Response) return withAdminHeaders(admin);
  if (admin) context.locals.admin = admin;
  if (isCrossSiteFormPost(context.request, context.url.origin)) return crossSiteFormResponse();
  if (isEditorPath(context.url.pathname)) {
    const offered = editorOffered({ dev: import.meta.env.DEV, storage: EDITOR_STORAGE, env: process.env });
    return offered ? withEditorHeaders(await next(), EDITOR_STORAGE) : editorNotFound();
  }
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
