/**
 * Admin sessions, after Lucia's guide (lucia-auth.com, "Basic session API"): the browser holds a
 * random token, the database only its SHA-256, so a copy of the database lets nobody in. OWASP
 * Session Management Cheat Sheet: at least 64 bits of entropy (we use 160, base32 as Lucia does),
 * an idle timeout (8 hours here, a working day: every use pushes it back, at most once a minute to
 * spare the disk), an absolute timeout (7 days from sign-in, however much it is used), and the
 * session deleted on the server when the user signs out (or, with Sign out everywhere, every
 * session of the account).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import { z } from 'zod';
import { newCsrfToken } from './csrf.ts';
import { ADMIN_ROLES, type AdminRole } from './roles.ts';

export const SESSION_COOKIE = 'isa_admin_session';
/** Idle time after which a session ends. */
export const SESSION_IDLE_MS = 8 * 60 * 60 * 1000;
/** Time from sign-in after which a session ends, used or not. */
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
/** A session used again within this time of its last extension is not written again. */
const EXTEND_EVERY_MS = 60 * 1000;

export interface AdminSession {
  userId: number;
  username: string;
  role: AdminRole;
  csrfToken: string;
  expiresAt: number;
}

const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** What newSessionToken makes: a session's token, and a one-time link's (oneTimeLinks.ts, setupLink.ts). */
export const SESSION_TOKEN_PATTERN = /^[a-km-np-z2-9]{32}$/;

/** 20 random bytes (160 bits) written in Lucia's lower-case base32 alphabet. */
export function newSessionToken(): string {
  const bytes = randomBytes(20);
  let bits = 0;
  let value = 0;
  let token = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      token += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return token;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const sessionRowSchema = z.object({
  user_id: z.number(),
  username: z.string(),
  role: z.enum(ADMIN_ROLES),
  csrf_token: z.string(),
  created_at: z.number(),
  expires_at: z.number(),
});

export class Sessions {
  readonly #db: DatabaseSync;
  readonly #now: () => number;

  constructor(db: DatabaseSync, now: () => number = Date.now) {
    this.#db = db;
    this.#now = now;
  }

  /** A new session for `userId`; the token goes to the browser only. */
  create(userId: number): { token: string; session: AdminSession } {
    const token = newSessionToken();
    const now = this.#now();
    const csrfToken = newCsrfToken();
    const expiresAt = now + SESSION_IDLE_MS;
    this.#db
      .prepare(
        'INSERT INTO admin_sessions (token_hash, user_id, csrf_token, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
      )
      .run(hashToken(token), userId, csrfToken, now, expiresAt);
    this.#db.prepare('DELETE FROM admin_sessions WHERE expires_at <= ?').run(now);
    const user = z
      .object({ username: z.string(), role: z.enum(ADMIN_ROLES) })
      .parse(this.#db.prepare('SELECT username, role FROM admin_users WHERE id = ?').get(userId));
    return { token, session: { userId, username: user.username, role: user.role, csrfToken, expiresAt } };
  }

  /** The live session of `token` with its expiry pushed back, or undefined (an expired one is deleted). */
  validate(token: string | undefined): AdminSession | undefined {
    if (!token || token.length > 64) return undefined;
    const tokenHash = hashToken(token);
    const found = this.#db
      .prepare(
        `SELECT s.user_id, u.username, u.role, s.csrf_token, s.created_at, s.expires_at
         FROM admin_sessions s JOIN admin_users u ON u.id = s.user_id WHERE s.token_hash = ?`,
      )
      .get(tokenHash);
    if (!found) return undefined;
    const row = sessionRowSchema.parse(found);
    const now = this.#now();
    const endsAt = row.created_at + SESSION_ABSOLUTE_MS;
    if (row.expires_at <= now || endsAt <= now) {
      this.#db.prepare('DELETE FROM admin_sessions WHERE token_hash = ?').run(tokenHash);
      return undefined;
    }
    let expiresAt = row.expires_at;
    const extended = Math.min(now + SESSION_IDLE_MS, endsAt);
    if (extended - expiresAt >= EXTEND_EVERY_MS) {
      expiresAt = extended;
      this.#db.prepare('UPDATE admin_sessions SET expires_at = ? WHERE token_hash = ?').run(expiresAt, tokenHash);
    }
    return { userId: row.user_id, username: row.username, role: row.role, csrfToken: row.csrf_token, expiresAt };
  }

  /** Ends the session of `token` (signing out). */
  invalidate(token: string | undefined): void {
    if (token) this.#db.prepare('DELETE FROM admin_sessions WHERE token_hash = ?').run(hashToken(token));
  }

  /** Ends every session of the account (Sign out everywhere, a password reset); returns how many. */
  invalidateAllOf(userId: number): number {
    return Number(this.#db.prepare('DELETE FROM admin_sessions WHERE user_id = ?').run(userId).changes);
  }
}
