/**
 * One-time links of the staff page: an invitation (a new colleague chooses a password and gets an
 * account) and a password reset. Like sessions (sessions.ts), the browser's link holds a random
 * token and the store only its SHA-256, so a copy of the database opens no link. A link lasts 72
 * hours and works once: `use` marks it used in the same UPDATE that finds it, so two uses at once
 * cannot both succeed. A new link for the same name replaces the earlier ones not yet used.
 *
 * Links not yet used are listed to owners (Staff) and can be withdrawn. The accounts void them
 * (users.ts): a password set, reset or changed, or an account removed, voids the links for it; an
 * account removed or made an editor voids the links it made (an owner about to be removed cannot
 * leave an owner's invitation behind).
 */
import type { DatabaseSync } from 'node:sqlite';
import { z } from 'zod';
import { transaction } from '../database.ts';
import { ADMIN_ROLES, type AdminRole } from './roles.ts';
import { hashToken, newSessionToken } from './sessions.ts';

export const LINK_LIFETIME_MS = 72 * 60 * 60 * 1000;

/** The address of a link: on the site's public origin (SITE_URL's, src/lib/siteUrl.ts), never a request's Host. */
export function linkAddress(publicOrigin: string, token: string): string {
  return new URL(`/Admin/link?token=${encodeURIComponent(token)}`, publicOrigin).href;
}

type LinkKind = 'invitation' | 'reset';

export interface OneTimeLink {
  kind: LinkKind;
  username: string;
  role: AdminRole;
  email: string;
  createdBy: string;
  expiresAt: number;
}

export type LinkLookup = { ok: true; link: OneTimeLink } | { ok: false; problem: LinkProblem };

/** A link not yet used, as owners see it on the Staff page (never its token, which only its address holds). */
export interface PendingLink extends OneTimeLink {
  id: number;
  createdAt: number;
}

export type LinkProblem = 'unknown' | 'used' | 'expired';

export const LINK_PROBLEMS: Record<LinkProblem, string> = {
  unknown:
    'This link is not valid: it may have been replaced by a newer one or withdrawn. Please ask an owner for a new link.',
  used: 'This link has already been used. Each link works once: sign in, or ask an owner for a new link.',
  expired: 'This link has expired (links last 72 hours). Please ask an owner for a new one.',
};

const rowSchema = z.object({
  kind: z.enum(['invitation', 'reset']),
  username: z.string(),
  role: z.enum(ADMIN_ROLES),
  email: z.string(),
  created_by: z.string(),
  expires_at: z.number(),
  used_at: z.number().nullable(),
});

const pendingSchema = rowSchema.extend({ id: z.number(), created_at: z.number() });

function linkOf(row: z.infer<typeof rowSchema>): OneTimeLink {
  return {
    kind: row.kind,
    username: row.username,
    role: row.role,
    email: row.email,
    createdBy: row.created_by,
    expiresAt: row.expires_at,
  };
}

export class OneTimeLinks {
  readonly #db: DatabaseSync;
  readonly #now: () => number;

  constructor(db: DatabaseSync, now: () => number = Date.now) {
    this.#db = db;
    this.#now = now;
  }

  /** A new link; the token goes into the address the owner sends, only its hash is kept. */
  create(link: Omit<OneTimeLink, 'expiresAt'>): { token: string; expiresAt: number } {
    const token = newSessionToken();
    const now = this.#now();
    const expiresAt = now + LINK_LIFETIME_MS;
    transaction(this.#db, () => {
      this.#db
        .prepare('DELETE FROM admin_links WHERE (username = ? AND used_at IS NULL) OR expires_at <= ?')
        .run(link.username, now - LINK_LIFETIME_MS);
      this.#db
        .prepare(
          `INSERT INTO admin_links (token_hash, kind, username, role, email, created_by, created_at, expires_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(hashToken(token), link.kind, link.username, link.role, link.email, link.createdBy, now, expiresAt);
    });
    return { token, expiresAt };
  }

  /** The links not yet used nor expired, the latest first. */
  pending(): PendingLink[] {
    return this.#db
      .prepare(
        'SELECT rowid AS id, * FROM admin_links WHERE used_at IS NULL AND expires_at > ? ORDER BY created_at DESC, rowid DESC',
      )
      .all(this.#now())
      .map((found) => {
        const row = pendingSchema.parse(found);
        return { ...linkOf(row), id: row.id, createdAt: row.created_at };
      });
  }

  /** The pending link `id` (pending()), or undefined. */
  findPending(id: number): PendingLink | undefined {
    return this.pending().find((link) => link.id === id);
  }

  /** Withdraws the link `id` when it is not used yet; returns it, or undefined when there is none. */
  withdraw(id: number): PendingLink | undefined {
    const link = this.findPending(id);
    if (link) this.#db.prepare('DELETE FROM admin_links WHERE rowid = ? AND used_at IS NULL').run(id);
    return link;
  }

  /** Voids the links not yet used for `username` (its password changed, or it is removed); returns how many. */
  voidFor(username: string): number {
    return Number(
      this.#db.prepare('DELETE FROM admin_links WHERE username = ? AND used_at IS NULL').run(username.trim()).changes,
    );
  }

  /** Voids the links not yet used that `username` made (it is removed, or no longer an owner); returns how many. */
  voidMadeBy(username: string): number {
    return Number(
      this.#db
        .prepare('DELETE FROM admin_links WHERE created_by = ? COLLATE NOCASE AND used_at IS NULL')
        .run(username.trim()).changes,
    );
  }

  /** Whether a link for `username` was made within `withinMs` and is still unused (to space out Forgot password mails). */
  recentlyMade(username: string, withinMs: number): boolean {
    const row = this.#db
      .prepare('SELECT 1 FROM admin_links WHERE username = ? AND used_at IS NULL AND created_at > ?')
      .get(username, this.#now() - withinMs);
    return row !== undefined;
  }

  #row(token: string) {
    if (!token || token.length > 64) return undefined;
    const row = this.#db.prepare('SELECT * FROM admin_links WHERE token_hash = ?').get(hashToken(token));
    return row ? rowSchema.parse(row) : undefined;
  }

  /** What the link of `token` is for, or why it cannot be used; changes nothing. */
  look(token: string): LinkLookup {
    const row = this.#row(token);
    if (!row) return { ok: false, problem: 'unknown' };
    if (row.used_at !== null) return { ok: false, problem: 'used' };
    if (row.expires_at <= this.#now()) return { ok: false, problem: 'expired' };
    return { ok: true, link: linkOf(row) };
  }

  /** Uses the link of `token`, once: the second use (even at the same moment) is told it was used. */
  use(token: string): LinkLookup {
    const now = this.#now();
    const used = this.#db
      .prepare(
        `UPDATE admin_links SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?
         RETURNING *`,
      )
      .get(now, hashToken(token), now);
    return used ? { ok: true, link: linkOf(rowSchema.parse(used)) } : this.look(token);
  }
}
