/**
 * Synchronizer tokens against cross-site request forgery (OWASP Cross-Site Request Forgery
 * Prevention Cheat Sheet): each session has its own random token, sent back by every admin form
 * (a hidden field) and every admin fetch (the X-CSRF-Token header), and compared in constant time.
 * Astro's `security.checkOrigin` comes on top: a cross-site form post is refused before the admin guard.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';

/** The hidden form field and the request header that carry the token. */
export const CSRF_FIELD = 'csrf_token';
export const CSRF_HEADER = 'x-csrf-token';

/** 256 random bits, base64url: unguessable, and safe in a header or a form field. */
export function newCsrfToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Whether `sent` is `expected`, in time that does not depend on where they differ. */
export function csrfTokensMatch(expected: string, sent: string | null | undefined): boolean {
  if (!sent) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(sent);
  // timingSafeEqual needs equal lengths; the length of a token is no secret.
  return a.length === b.length && timingSafeEqual(a, b);
}
