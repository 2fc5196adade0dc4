/**
 * The contact form's token: when the form was given out, a random nonce, where it was given out,
 * and a signature (HMAC-SHA256 with the site's secret) over all three: "<time>.<nonce>.<signature>"
 * for a page load, "<time>.<nonce>.a.<signature>" for a token handed back in an answer. The
 * server puts a fresh one in every form it renders, so it can tell
 * - how long the visitor took to fill the form in (bots post within a second or two),
 * - a form it never gave out (a forged or mangled token),
 * - the same form sent twice (the nonce is stored with the message, so it counts once),
 * - whether the form came from loading the page (a person reads and types) or back from an
 *   answer to an earlier post (a refused form, or the form after a message went through).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Where a token was given out: with the page (GET), or in an answer to a post. */
export type FormTokenOrigin = 'page' | 'answer';

export type FormTokenCheck =
  | { ok: true; issuedAt: number; nonce: string; origin: FormTokenOrigin }
  | { ok: false; reason: 'missing' | 'invalid' | 'expired' };

function sign(secret: Buffer, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

export function issueFormToken(secret: Buffer, now: number = Date.now(), origin: FormTokenOrigin = 'page'): string {
  const payload = `${Math.floor(now).toString(36)}.${randomBytes(12).toString('base64url')}${origin === 'answer' ? '.a' : ''}`;
  return `${payload}.${sign(secret, payload)}`;
}

/** Reads a token given out by issueFormToken; older than `maxAgeMs` counts as expired. */
export function checkFormToken(token: unknown, secret: Buffer, now: number, maxAgeMs: number): FormTokenCheck {
  if (typeof token !== 'string' || token.length === 0) return { ok: false, reason: 'missing' };
  const match = /^(([0-9a-z]{1,12})\.([A-Za-z0-9_-]{16})(\.a)?)\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match?.[1] || !match[2] || !match[3] || !match[5]) return { ok: false, reason: 'invalid' };
  const expected = Buffer.from(sign(secret, match[1]));
  const given = Buffer.from(match[5]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'invalid' };
  const issuedAt = parseInt(match[2], 36);
  // A token from the future (clock trouble or tampering that somehow kept the signature) is not trusted.
  if (issuedAt > now + 60_000) return { ok: false, reason: 'invalid' };
  if (now - issuedAt > maxAgeMs) return { ok: false, reason: 'expired' };
  return { ok: true, issuedAt, nonce: match[3], origin: match[4] ? 'answer' : 'page' };
}
