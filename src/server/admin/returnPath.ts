/**
 * Where the sign-in page leads once signed in, and what it says first: a person whose
 * session ended on an admin page is brought back to that page, where what they typed is kept in
 * their browser. The way back travels in the sign-in page's address (`?next=`), so it is never
 * trusted: only a path of this site's admin is taken (no other site, no "//host", no backslash
 * trick, not the sign-in or sign-out paths); anything else leads to /Admin (OWASP Unvalidated
 * Redirects and Forwards Cheat Sheet: allow-list the destinations).
 */

export const ADMIN_HOME = '/Admin';
export const SIGN_IN_PATH = '/Admin/login';
/** Paths that are no place to come back to: the sign-in page itself and Sign out (POST only). */
const NOT_RETURNABLE = new Set(['/admin/login', '/admin/logout']);
/** A return path is at most this long; longer ones are not ours. */
const MAX_LENGTH = 300;
const BASE = 'http://admin.invalid';

/** `value` when it is a path of this site's admin to come back to, else undefined. */
export function safeReturnPath(value: string | null | undefined): string | undefined {
  if (!value || value.length > MAX_LENGTH) return undefined;
  // Only a plain absolute path: no scheme, no "//host", no backslashes or control characters that
  // a browser may read as a host.
  if (!value.startsWith('/') || value.startsWith('//') || /[\\\s\p{Cc}]/u.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return undefined;
  }
  if (url.origin !== BASE) return undefined;
  const path = url.pathname.replace(/\/+$/, '');
  if (path !== ADMIN_HOME && !path.startsWith(`${ADMIN_HOME}/`)) return undefined;
  if (NOT_RETURNABLE.has(path.toLowerCase())) return undefined;
  // "?done=" confirms a save once; coming back, it would also tell the form that what it keeps is saved.
  url.searchParams.delete('done');
  // A form's action (Astro's `_action`, when a post's session had ended): the form is sent again from the page.
  url.searchParams.delete('_action');
  return `${path}${url.search}`;
}

export type SignInReason = 'expired' | 'signed-out';

/** The sign-in page's address that leads back to `returnTo` afterwards, saying why it is shown. */
export function signInAddress(returnTo: string, reason?: SignInReason): string {
  const query = new URLSearchParams();
  const next = safeReturnPath(returnTo);
  if (next && next !== ADMIN_HOME) query.set('next', next);
  if (reason) query.set('reason', reason);
  const search = query.toString();
  return search ? `${SIGN_IN_PATH}?${search}` : SIGN_IN_PATH;
}

const MESSAGES: Readonly<Record<SignInReason, string>> = {
  expired:
    'You are signed out: your session ended. Sign in again to go back to where you were; what you typed is kept in this browser until it is saved.',
  'signed-out': 'You are signed out.',
};

/** What the sign-in page says first, and where it leads once signed in. */
export function signInPageOf(search: URLSearchParams): { message: string | undefined; next: string } {
  const reason = search.get('reason');
  const message = reason === 'expired' || reason === 'signed-out' ? MESSAGES[reason] : undefined;
  return { message, next: safeReturnPath(search.get('next')) ?? ADMIN_HOME };
}
