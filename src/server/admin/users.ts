/**
 * The accounts of the admin, made and changed with `npm run admin` (scripts/admin.ts) and by owners
 * on /Admin/staff. Each has a role (roles.ts); the last owner can be neither removed nor made an
 * editor, so the office always keeps someone who can manage staff. Names are compared without
 * regard to letter case; passwords are kept as argon2id hashes (passwords.ts). Every change of a
 * password, and every removal, voids the account's one-time links not yet used; a removal, or an
 * owner made an editor, also voids the links the account made (oneTimeLinks.ts).
 */
import type { DatabaseSync } from 'node:sqlite';
import { z } from 'zod';
import { emailSchema, usernameSchema } from './accountFields.ts';
import { hashPassword, needsRehash, passwordProblem, verifyNothing, verifyPassword } from './passwords.ts';
import { OneTimeLinks } from './oneTimeLinks.ts';
import { ADMIN_ROLES, type AdminRole } from './roles.ts';

export interface AdminUser {
  id: number;
  username: string;
  role: AdminRole;
  email: string;
  createdAt: string;
  lastSignInAt: string | null;
}

/** A name or password the rules refuse, or an account that exists (or does not) when it must not. */
export class AccountError extends Error {
  override name = 'AccountError';
}

const userRowSchema = z.object({
  id: z.number(),
  username: z.string(),
  password_hash: z.string(),
  role: z.enum(ADMIN_ROLES),
  email: z.string(),
  created_at: z.string(),
  last_sign_in_at: z.string().nullable(),
});

type UserRow = z.infer<typeof userRowSchema>;

function userOf(row: UserRow): AdminUser {
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    email: row.email,
    createdAt: row.created_at,
    lastSignInAt: row.last_sign_in_at,
  };
}

function checkedName(username: string): string {
  const parsed = usernameSchema.safeParse(username);
  if (!parsed.success) throw new AccountError(parsed.error.issues[0]?.message ?? 'The user name is not valid.');
  return parsed.data;
}

/** An e-mail address for reset links, or '' for none. */
function checkedEmail(email: string): string {
  const parsed = emailSchema.safeParse(email);
  if (!parsed.success) throw new AccountError(parsed.error.issues[0]?.message ?? 'The e-mail address is not valid.');
  return parsed.data;
}

function checkedPassword(password: string): string {
  const problem = passwordProblem(password);
  if (problem) throw new AccountError(problem);
  return password;
}

/** The one-time links an account change voided (users.ts voids them; oneTimeLinks.ts keeps them). */
export interface LinksVoided {
  /** Links for the account (a reset link, say). */
  forIt: number;
  /** Links the account made (invitations, resets for colleagues). */
  madeByIt: number;
}

export class AdminUsers {
  readonly #db: DatabaseSync;
  readonly #links: OneTimeLinks;

  constructor(db: DatabaseSync) {
    this.#db = db;
    this.#links = new OneTimeLinks(db);
  }

  #row(username: string): UserRow | undefined {
    const row = this.#db.prepare('SELECT * FROM admin_users WHERE username = ?').get(username.trim());
    return row ? userRowSchema.parse(row) : undefined;
  }

  #existing(username: string): UserRow {
    const row = this.#row(checkedName(username));
    if (!row) throw new AccountError(`There is no user named "${username.trim()}".`);
    return row;
  }

  #ownerCount(): number {
    const n = this.#db.prepare("SELECT count(*) AS n FROM admin_users WHERE role = 'owner'").get()?.['n'];
    return typeof n === 'number' ? n : 0;
  }

  /** The account named `username`, or undefined. */
  find(username: string): AdminUser | undefined {
    const row = usernameSchema.safeParse(username).success ? this.#row(username) : undefined;
    return row ? userOf(row) : undefined;
  }

  /**
   * Makes an account. Without a role, the first account is an owner (someone must be able to
   * manage staff) and later ones are editors.
   */
  async add(
    username: string,
    password: string,
    options: { role?: AdminRole | undefined; email?: string | undefined } = {},
  ): Promise<AdminUser> {
    const name = checkedName(username);
    const email = checkedEmail(options.email ?? '');
    const passwordHash = await hashPassword(checkedPassword(password));
    if (this.#row(name)) throw new AccountError(`There is already a user named "${name}".`);
    const role = options.role ?? (this.#db.prepare('SELECT 1 FROM admin_users').get() ? 'editor' : 'owner');
    this.#db
      .prepare('INSERT INTO admin_users (username, password_hash, role, email, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(name, passwordHash, role, email, new Date().toISOString());
    return userOf(this.#existing(name));
  }

  /**
   * Sets a new password, signs the user out everywhere and voids the links for the account not yet
   * used (an older reset link must not set it again); returns how many links went.
   */
  async setPassword(username: string, password: string): Promise<number> {
    const row = this.#existing(username);
    const passwordHash = await hashPassword(checkedPassword(password));
    this.#db.prepare('UPDATE admin_users SET password_hash = ? WHERE id = ?').run(passwordHash, row.id);
    this.#db.prepare('DELETE FROM admin_sessions WHERE user_id = ?').run(row.id);
    return this.#links.voidFor(row.username);
  }

  /**
   * Changes the role; refuses to make the last owner an editor. An owner made an editor can no longer
   * invite: the links it made and not yet used are voided (how many is returned).
   */
  setRole(username: string, role: AdminRole): number {
    const row = this.#existing(username);
    if (row.role === 'owner' && role !== 'owner' && this.#ownerCount() <= 1) {
      throw new AccountError(`${row.username} is the last owner: make someone else an owner first.`);
    }
    this.#db.prepare('UPDATE admin_users SET role = ? WHERE id = ?').run(role, row.id);
    return row.role === 'owner' && role !== 'owner' ? this.#links.voidMadeBy(row.username) : 0;
  }

  /** Records a successful sign-in (shown on the staff page). */
  recordSignIn(userId: number, at = new Date()): void {
    this.#db.prepare('UPDATE admin_users SET last_sign_in_at = ? WHERE id = ?').run(at.toISOString(), userId);
  }

  /**
   * Removes the account; its sessions end with it, and the links for it and the links it made, not yet
   * used, are voided (a name made again later starts with none). Refuses to remove the last owner.
   */
  remove(username: string): LinksVoided {
    const row = this.#existing(username);
    if (row.role === 'owner' && this.#ownerCount() <= 1) {
      throw new AccountError(`${row.username} is the last owner and cannot be removed.`);
    }
    this.#db.prepare('DELETE FROM admin_users WHERE id = ?').run(row.id);
    return { forIt: this.#links.voidFor(row.username), madeByIt: this.#links.voidMadeBy(row.username) };
  }

  list(): AdminUser[] {
    return this.#db
      .prepare('SELECT * FROM admin_users ORDER BY username')
      .all()
      .map((row) => userOf(userRowSchema.parse(row)));
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
    return userOf(row);
  }
}
