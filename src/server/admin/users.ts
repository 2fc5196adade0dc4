/**
 * The accounts of the events admin, made and changed only with `npm run admin` (scripts/admin.ts).
 * Names are compared without regard to letter case; passwords are kept as argon2id hashes
 * (passwords.ts).
 */
import type { DatabaseSync } from 'node:sqlite';
import { z } from 'zod';
import { hashPassword, needsRehash, passwordProblem, verifyNothing, verifyPassword } from './passwords.ts';

const usernameSchema = z
  .string()
  .trim()
  .min(1, 'The user name is empty.')
  .max(64, 'The user name must have at most 64 characters.')
  .regex(/^[\p{L}\p{N}._@-]+$/u, 'The user name may hold letters, digits and . _ @ - only (no spaces).');

export interface AdminUser {
  id: number;
  username: string;
  createdAt: string;
}

/** A name or password the rules refuse, or an account that exists (or does not) when it must not. */
export class AccountError extends Error {
  override name = 'AccountError';
}

const userRowSchema = z.object({
  id: z.number(),
  username: z.string(),
  password_hash: z.string(),
  created_at: z.string(),
});

function checkedName(username: string): string {
  const parsed = usernameSchema.safeParse(username);
  if (!parsed.success) throw new AccountError(parsed.error.issues[0]?.message ?? 'The user name is not valid.');
  return parsed.data;
}

function checkedPassword(password: string): string {
  const problem = passwordProblem(password);
  if (problem) throw new AccountError(problem);
  return password;
}

export class AdminUsers {
  readonly #db: DatabaseSync;

  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  #row(username: string) {
    const row = this.#db.prepare('SELECT * FROM admin_users WHERE username = ?').get(username.trim());
    return row ? userRowSchema.parse(row) : undefined;
  }

  async add(username: string, password: string): Promise<AdminUser> {
    const name = checkedName(username);
    const passwordHash = await hashPassword(checkedPassword(password));
    if (this.#row(name)) throw new AccountError(`There is already a user named "${name}".`);
    const createdAt = new Date().toISOString();
    const result = this.#db
      .prepare('INSERT INTO admin_users (username, password_hash, created_at) VALUES (?, ?, ?)')
      .run(name, passwordHash, createdAt);
    return { id: Number(result.lastInsertRowid), username: name, createdAt };
  }

  /** Sets a new password and signs the user out everywhere. */
  async setPassword(username: string, password: string): Promise<void> {
    const row = this.#row(checkedName(username));
    if (!row) throw new AccountError(`There is no user named "${username.trim()}".`);
    const passwordHash = await hashPassword(checkedPassword(password));
    this.#db.prepare('UPDATE admin_users SET password_hash = ? WHERE id = ?').run(passwordHash, row.id);
    this.#db.prepare('DELETE FROM admin_sessions WHERE user_id = ?').run(row.id);
  }

  /** Removes the account; its sessions end with it. */
  remove(username: string): void {
    const row = this.#row(checkedName(username));
    if (!row) throw new AccountError(`There is no user named "${username.trim()}".`);
    this.#db.prepare('DELETE FROM admin_users WHERE id = ?').run(row.id);
  }

  list(): AdminUser[] {
    return this.#db
      .prepare('SELECT * FROM admin_users ORDER BY username')
      .all()
      .map((row) => {
        const user = userRowSchema.parse(row);
        return { id: user.id, username: user.username, createdAt: user.created_at };
      });
  }

  /**
   * The user whose name and password these are, or undefined, taking about the same time either
   * way: an unknown name is verified against a dummy hash.
   */
  async authenticate(username: string, password: string): Promise<AdminUser | undefined> {
    const row = usernameSchema.safeParse(username).success ? this.#row(username) : undefined;
    if (!row) return verifyNothing(password).then(() => undefined);
    if (!(await verifyPassword(row.password_hash, password))) return undefined;
    if (needsRehash(row.password_hash)) {
      this.#db
        .prepare('UPDATE admin_users SET password_hash = ? WHERE id = ?')
        .run(await hashPassword(password), row.id);
    }
    return { id: row.id, username: row.username, createdAt: row.created_at };
  }
}
