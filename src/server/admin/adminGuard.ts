/**
 * The one guard in front of the events admin, run by src/middleware.ts for every on-demand path
 * under /Admin. Refuse by default: a path there is open only when listed as such here (the public
 * events API and the photos); every other page and endpoint, present or future, needs a session.
 *
 * - Signed out: a page leads to the sign-in page (303), an endpoint (under /Admin/edit/, or an island's JSON call
 *   of an admin action on its page) gets 401.
 * - A request that changes something (not GET or HEAD) must, when signed in, carry the session's CSRF
 *   token (a form field or the X-CSRF-Token header, csrf.ts); otherwise 403. (A cross-site form post never
 *   gets here: Astro's `security.checkOrigin` refuses it first, against the public origin, SITE_URL's.) A form
 *   without JavaScript can send it only in its body: the guard reads a form's body once, for its token, and hands
 *   the fields on; the admin action the form names runs with them (src/middleware.ts), never reading it again.
 * - Events from the society's backend (EVENTS_API_URL): everything works as here (messages, staff,
 *   accounts) but the event pages and endpoints, which answer 404 saying where events are edited.
 * - A page asked with a method the site does not answer: 405 (for `astro dev`; the site server refuses it first).
 * - Every admin answer: Cache-Control: no-store and X-Robots-Tag: noindex.
 *
 * What passes is handed to the page in `Astro.locals.admin`, with the fields of a form post (`form`, read
 * once here): pages never check any of this by hand.
 */
import type { AstroCookieSetOptions, AstroCookies } from 'astro';
import { jsonAnswer, mediaTypeOf } from '../http/jsonAnswer.ts';
import { BodyTooLargeError, readLimitedBody } from '../http/readBody.ts';
import { refuseOtherMethods } from '../pageMethods.ts';
import { getServices } from '../services.ts';
import { editsEvents, type AdminServices, type EventAdminServices } from './adminServices.ts';
import { CSRF_FIELD, CSRF_HEADER, csrfTokensMatch } from './csrf.ts';
import { DEVICE_COOKIE_MAX_AGE_MS } from './deviceCookies.ts';
import { ADMIN_HOME, SIGN_IN_PATH, signInAddress } from './returnPath.ts';
import { SESSION_COOKIE, SESSION_IDLE_MS, type AdminSession } from './sessions.ts';

/** JSON endpoints of the admin live under here; everything else under /Admin is a page. */
const ADMIN_ENDPOINTS = '/Admin/edit/';
/** Form posts are small (60 photo descriptions at most); anything larger is refused unread. */
const MAX_FORM_BYTES = 64 * 1024;

const PUBLIC_PATHS = ['/admin/api/events_list', '/admin/api/event_details_list'];
/** Pages for people who are not signed in: besides the sign-in, Forgot your password, one-time links and the first owner's setup. */
const SIGNED_OUT_PAGES = ['/admin/forgot', '/admin/link', '/admin/setup'];
const PUBLIC_PREFIX = '/admin/uploads/';
/** The event pages and the photo endpoints: only where events are kept here. */
const EVENT_EDITING_PREFIXES = ['/admin/events/', '/admin/edit/events/'];
const READ_METHODS = new Set(['GET', 'HEAD']);

export type AdminAccess = 'open' | 'sign-in' | 'signed-out-page' | 'page' | 'endpoint';

/** How the guard treats `pathname`; undefined for paths outside the admin. */
export function adminAccessOf(pathname: string): AdminAccess | undefined {
  const lower = pathname.toLowerCase().replace(/\/+$/, '');
  if (lower !== '/admin' && !lower.startsWith('/admin/')) return undefined;
  if (PUBLIC_PATHS.includes(lower) || lower.startsWith(PUBLIC_PREFIX)) return 'open';
  if (lower === SIGN_IN_PATH.toLowerCase()) return 'sign-in';
  if (SIGNED_OUT_PAGES.includes(lower)) return 'signed-out-page';
  return `${lower}/`.startsWith(ADMIN_ENDPOINTS.toLowerCase()) ? 'endpoint' : 'page';
}

/** Whether `pathname` edits events (and is absent when they come from the society's backend). */
export function isEventEditingPath(pathname: string): boolean {
  const lower = `${pathname.toLowerCase().replace(/\/+$/, '')}/`;
  return EVENT_EDITING_PREFIXES.some((prefix) => lower.startsWith(prefix));
}

const EDITED_ON_BACKEND =
  "Not found. Events come from the society's events server and are added and changed there, not in this admin.";

export type AdminLocals =
  | { mode: 'signed-out'; services: AdminServices; form: URLSearchParams }
  | { mode: 'signed-in'; services: AdminServices; session: AdminSession; form: URLSearchParams };

/** What the guard does with cookies: reads the session's, renews or clears it (Astro's cookies, or a test's). */
export type GuardCookies = Pick<AstroCookies, 'set' | 'delete'> & {
  get(name: string): { readonly value: string } | undefined;
};

export interface GuardContext {
  request: Request;
  url: URL;
  cookies: GuardCookies;
}

function refusal(access: AdminAccess, status: number, error: string): Response {
  if (access === 'endpoint') return jsonAnswer(status, { error });
  return new Response(error, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}

function redirect(location: string): Response {
  return new Response(null, { status: 303, headers: { Location: location } });
}

/** The fields of a form post (urlencoded), or an empty set for anything else. */
async function formOf(request: Request, access: AdminAccess): Promise<URLSearchParams | Response> {
  if (READ_METHODS.has(request.method)) return new URLSearchParams();
  if (mediaTypeOf(request.headers.get('content-type')) !== 'application/x-www-form-urlencoded') {
    return new URLSearchParams();
  }
  try {
    // A copy: after a form's action, @astrojs/react reads the request's own body for its form state (a page with an
    // island). The action takes these fields (src/middleware.ts).
    return new URLSearchParams(await readLimitedBody(request.clone(), MAX_FORM_BYTES));
  } catch (error) {
    // The body is refused whole: the request's own stream too (a copy's is cancelled only with its twin).
    request.body?.cancel().catch(() => undefined);
    return error instanceof BodyTooLargeError
      ? refusal(access, 413, 'The form is too large.')
      : refusal(access, 400, 'The form could not be read; please try again.');
  }
}

/** What every cookie of the admin is: HttpOnly, SameSite=Strict, for /Admin only, Secure over HTTPS. */
function adminCookie(url: URL): AstroCookieSetOptions {
  return { httpOnly: true, sameSite: 'strict', path: ADMIN_HOME, secure: url.protocol === 'https:' };
}

/** Sets (or renews, for the sliding expiry) the session cookie, kept while the session is. */
export function setSessionCookie(cookies: GuardCookies, url: URL, token: string): void {
  cookies.set(SESSION_COOKIE, token, { ...adminCookie(url), maxAge: SESSION_IDLE_MS / 1000 });
}

/**
 * Sets the browser's device cookie of an account (deviceCookies.ts), after it signed in, kept 180 days (it only
 * says this browser signed in before).
 */
export function setDeviceCookie(cookies: GuardCookies, url: URL, { name, value }: { name: string; value: string }) {
  cookies.set(name, value, { ...adminCookie(url), maxAge: DEVICE_COOKIE_MAX_AGE_MS / 1000 });
}

export function clearSessionCookie(cookies: GuardCookies, url: URL): void {
  cookies.delete(SESSION_COOKIE, adminCookie(url));
}

/**
 * What the admin request in `context` may do: a refusal to send, the locals for the page, or
 * undefined for a path outside the admin (or one of its open paths).
 */
export async function guardAdmin(context: GuardContext): Promise<Response | AdminLocals | undefined> {
  const access = adminAccessOf(context.url.pathname);
  if (access === undefined || access === 'open') return undefined;
  return guardWith((await getServices()).admin, context, access);
}

/** guardAdmin with the admin's services (those of the process, or a test's). */
export async function guardWith(
  admin: AdminServices,
  { request, url, cookies }: GuardContext,
  pageOrEndpoint: Exclude<AdminAccess, 'open'>,
): Promise<Response | AdminLocals> {
  // An island's call of an admin action on its page, as JSON (src/islands/admin/adminRequest.ts), is refused as an
  // endpoint's request is: 401 or 403 in JSON, never a sign-in page to follow.
  const islandCall =
    pageOrEndpoint === 'page' && mediaTypeOf(request.headers.get('content-type')) === 'application/json';
  const access = islandCall ? 'endpoint' : pageOrEndpoint;
  // A page answers only the site's methods (an endpoint says which of them it takes itself).
  const otherMethod = access === 'endpoint' ? undefined : refuseOtherMethods(request);
  if (otherMethod) return otherMethod;
  if (!editsEvents(admin) && isEventEditingPath(url.pathname)) return refusal(access, 404, EDITED_ON_BACKEND);
  const changes = !READ_METHODS.has(request.method);
  const token = cookies.get(SESSION_COOKIE)?.value;
  const session = admin.sessions.validate(token);
  const form = await formOf(request, access);
  if (form instanceof Response) return form;

  if (access === 'sign-in') {
    if (session && !changes) return redirect(ADMIN_HOME);
    return { mode: 'signed-out', services: admin, form };
  }
  if (access === 'signed-out-page') return { mode: 'signed-out', services: admin, form };
  if (!session || !token) {
    if (token) clearSessionCookie(cookies, url);
    // Back to this page after signing in (a post comes back to its page); "your session ended"
    // when there was one (its cookie, or a form sent from a signed-in page).
    return access === 'page'
      ? redirect(signInAddress(`${url.pathname}${url.search}`, token || changes ? 'expired' : undefined))
      : refusal(access, 401, 'You are signed out. Please sign in again.');
  }
  if (changes && !csrfTokensMatch(session.csrfToken, request.headers.get(CSRF_HEADER) ?? form.get(CSRF_FIELD))) {
    return refusal(access, 403, 'This form has expired. Please reload the page and try again.');
  }
  setSessionCookie(cookies, url, token);
  return { mode: 'signed-in', services: admin, session, form };
}

/** Every admin answer: never stored by a cache, never indexed. */
export function withAdminHeaders(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set('Cache-Control', 'no-store');
  headers.set('X-Robots-Tag', 'noindex, nofollow');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

type SignedInLocals = Extract<AdminLocals, { mode: 'signed-in' }>;

/** The signed-in locals of a guarded page; the guard has refused every request without them. */
export function signedIn(locals: App.Locals): SignedInLocals {
  const admin = locals.admin;
  if (admin?.mode !== 'signed-in') throw new Error('This admin page was reached without the admin guard.');
  return admin;
}

type SignedOutLocals = Extract<AdminLocals, { mode: 'signed-out' }>;

/**
 * The signed-out locals of a page for people not signed in (the sign-in, Forgot your password, a one-time link,
 * the first owner's setup), or 404 where the admin guard did not pass the request signed out.
 */
export function signedOutPage({ locals }: { locals: App.Locals }): SignedOutLocals | Response {
  const admin = locals.admin;
  return admin?.mode === 'signed-out' ? admin : new Response(null, { status: 404 });
}

/**
 * The signed-in locals of an event page or endpoint, with the event writer: the guard has
 * answered 404 to these where events come from the society's backend.
 */
export function signedInEditor(locals: App.Locals): SignedInLocals & { services: EventAdminServices } {
  const admin = signedIn(locals);
  const { services } = admin;
  if (!editsEvents(services)) throw new Error('An event page was reached where events are edited on the backend.');
  return { ...admin, services };
}
