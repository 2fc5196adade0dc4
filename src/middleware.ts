/**
 * Runs around every on-demand page and endpoint (prerendered pages are plain files and accept
 * no posts):
 * - paths under /Admin pass the admin guard first (src/server/admin/adminGuard.ts: signed in,
 *   same origin, valid token), and their answers are never cached or indexed;
 * - the content editor (/keystatic, /api/keystatic) answers 404 where it is not offered
 *   (src/lib/keystatic/access.ts), and otherwise with its own headers (editorPolicy.ts);
 * - (cross-site posts are refused before this, by Astro's `security.checkOrigin`: astro.config.mjs);
 * - an admin action runs only from an admin page, signed in or out as it needs (src/actions/adminAction.ts); a form
 *   posted there runs it here with the fields the guard read (it must, for the session's token), so its body is read
 *   once; an island calls one as JSON on its page, with the token in a header, and is answered as Astro answers
 *   /_actions/ (src/islands/admin/adminRequest.ts);
 * - an action's refusal says its status's own words, and, refused for now (src/actions/contact.ts), when to try
 *   again: Retry-After;
 * - a page's Content-Security-Policy names only the inline code that page has (src/server/securityHeaders.ts),
 *   and the site server adds frame-ancestors to it, as to every policy (policyFor in src/server/securityHeaders.ts);
 * - gives answers to GET an ETag and a 304 on a match (see src/server/http/conditionalRequests.ts;
 *   prerendered files get theirs from the static file server).
 */
import { STATUS_CODES } from 'node:http';
import { getActionContext } from 'astro:actions';
import { defineMiddleware } from 'astro:middleware';
import { ADMIN_ACTIONS, actionNamed } from './actions/adminAction.ts';
import { server as siteActions } from './actions/index.ts';
import { guardAdmin, withAdminHeaders } from './server/admin/adminGuard.ts';
import { withEntityTag } from './server/http/conditionalRequests.ts';
import { mediaTypeOf } from './server/http/jsonAnswer.ts';
import { withOwnPolicy } from './server/securityHeaders.ts';
import { editorOffered, isEditorPath } from './lib/keystatic/access.ts';
import { EDITOR_STORAGE } from './lib/keystatic/builtStorage.ts';
import { editorNotFound, withEditorHeaders } from './lib/keystatic/editorPolicy.ts';

function plainAnswer(status: number, words: string): Response {
  return new Response(words, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}

export const onRequest = defineMiddleware(async (context, next) => {
  if (context.isPrerendered) return next();
  const admin = await guardAdmin(context);
  if (admin instanceof Response) return withAdminHeaders(admin);
  if (admin) context.locals.admin = admin;
  // An admin action runs only for a form posted to an admin page, signed in or out as it needs (src/actions/adminAction.ts).
  const { action, setActionResult, serializeActionResult } = getActionContext(context);
  const needs = Object.entries(ADMIN_ACTIONS).find(([prefix]) => action?.name.startsWith(prefix))?.[1];
  if (action && needs && !(action.calledFrom === 'form' && admin && admin.mode === needs)) {
    return plainAnswer(404, 'Not found');
  }
  const mediaType = mediaTypeOf(context.request.headers.get('content-type'));
  // An island's call, as JSON: the answer is the action's result, as /_actions/ gives it (where the session cookie,
  // for /Admin only, never goes), not the page. (The guard read none of its body: its token came in a header.)
  if (action && needs && mediaType === 'application/json') {
    const result = serializeActionResult(await action.handler());
    const body = result.type === 'empty' ? null : result.body;
    const headers = result.type === 'empty' ? undefined : { 'Content-Type': result.contentType };
    return withAdminHeaders(new Response(body, { status: result.status, headers }));
  }
  // A form: the guard read its fields (for the session's token), and the action takes them; its result set, Astro
  // runs it no more and reads the body no more. The page shows the result (Astro.getActionResult).
  if (action && needs && admin) {
    const named = actionNamed(siteActions, action.name);
    if (!named) return withAdminHeaders(plainAnswer(404, 'Not found'));
    if (mediaType !== 'application/x-www-form-urlencoded') {
      return withAdminHeaders(plainAnswer(415, 'The form could not be read. Please reload the page and try again.'));
    }
    const fields = new FormData();
    for (const [name, value] of admin.form) fields.append(name, value);
    setActionResult(action.name, serializeActionResult(await context.callAction(named, fields)));
  }
  if (isEditorPath(context.url.pathname)) {
    const offered = editorOffered({ dev: import.meta.env.DEV, storage: EDITOR_STORAGE, env: process.env });
    return offered ? withEditorHeaders(await next(), EDITOR_STORAGE) : editorNotFound();
  }
  let answer = await next();
  // After an action's refusal Astro puts its error's type in the status line: the status's own words instead.
  if (answer.statusText.startsWith('AstroAction')) {
    const { body, status, headers } = answer;
    answer = new Response(body, { status, statusText: STATUS_CODES[status] ?? '', headers });
  }
  const { retryAfterSeconds } = context.locals;
  if (retryAfterSeconds !== undefined) answer.headers.set('Retry-After', String(retryAfterSeconds));
  answer = await withOwnPolicy(answer);
  return withEntityTag(context.request, admin ? withAdminHeaders(answer) : answer);
});
