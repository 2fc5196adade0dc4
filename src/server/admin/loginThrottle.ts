/**
 * Limits password guessing (OWASP Authentication Cheat Sheet, "Account lockout"; the numbers are
 * the issue's). Two counters, each over 15 minutes:
 *
 * - per account: 5 failed sign-ins lock that account for 15 minutes, during which every attempt is
 *   refused, even with the right password (an owner's reset or `npm run admin -- set-password`
 *   lifts it);
 * - per network address: 50 failures across all accounts lock the address, so that one colleague's
 *   typos never lock out the rest of an office behind one address, while a guesser trying many
 *   names is still stopped.
 *
 * The count is taken BEFORE the password is checked, in one step: `reserve` counts the attempt as a
 * failure inside one SQLite write transaction (no await inside, so it is atomic in this
 * single-threaded process and across connections), `succeeded` takes it back. However many
 * attempts arrive at once, at most 5 passwords of one account are checked per window. Kept in
 * SQLite, so a restart does not reset it. Unknown names count like known ones, so the lock tells
 * nothing about which names exist.
 */
import type { DatabaseSync } from 'node:sqlite';

export const ACCOUNT_MAX_FAILURES = 5;
export const ADDRESS_MAX_FAILURES = 50;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const LOCK_MS = 15 * 60 * 1000;

export interface SignInAttempt {
  username: string;
  /** The client's address as the proxy-trusting server sees it (Astro's clientAddress). */
  address: string;
}

/** An attempt counted in advance: the failure rows it holds. */
export interface Reservation {
  rowIds: number[];
  attempt: SignInAttempt;
}

export type ReserveOutcome = { ok: true; reservation: Reservation } | { ok: false; lockedForMs: number };

const accountKey = (username: string) => `account:${username.trim().toLowerCase()}`;

function limitsOf({ username, address }: SignInAttempt): [string, number][] {
  return [
    [accountKey(username), ACCOUNT_MAX_FAILURES],
    [`address:${address}`, ADDRESS_MAX_FAILURES],
  ];
}

export class LoginThrottle {
  readonly #db: DatabaseSync;
  readonly #now: () => number;

  constructor(db: DatabaseSync, now: () => number = Date.now) {
    this.#db = db;
    this.#now = now;
  }

  #inTransaction<T>(work: () => T): T {
    this.#db.exec('BEGIN IMMEDIATE');
    try {
      const result = work();
      this.#db.exec('COMMIT');
      return result;
    } catch (error) {
      this.#db.exec('ROLLBACK');
      throw error;
    }
  }

  #count(key: string): number {
    const n = this.#db.prepare('SELECT count(*) AS n FROM login_failures WHERE key = ?').get(key)?.['n'];
    return typeof n === 'number' ? n : 0;
  }

  /**
   * Counts this attempt as a failure before its password is checked, or refuses it (with how long
   * the wait is) when its account or address is locked or has used up its attempts.
   */
  reserve(attempt: SignInAttempt): ReserveOutcome {
    const now = this.#now();
    return this.#inTransaction((): ReserveOutcome => {
      this.#db.prepare('DELETE FROM login_failures WHERE at <= ?').run(now - FAILURE_WINDOW_MS);
      this.#db.prepare('DELETE FROM login_locks WHERE until <= ?').run(now);
      let waitMs = 0;
      for (const [key, limit] of limitsOf(attempt)) {
        const until = this.#db.prepare('SELECT until FROM login_locks WHERE key = ?').get(key)?.['until'];
        if (typeof until === 'number') waitMs = Math.max(waitMs, until - now);
        else if (this.#count(key) >= limit) waitMs = Math.max(waitMs, LOCK_MS);
      }
      if (waitMs > 0) return { ok: false, lockedForMs: waitMs };
      const insert = this.#db.prepare('INSERT INTO login_failures (key, at) VALUES (?, ?)');
      const rowIds = limitsOf(attempt).map(([key]) => Number(insert.run(key, now).lastInsertRowid));
      return { ok: true, reservation: { rowIds, attempt } };
    });
  }

  /**
   * The reserved attempt failed: it stays counted. Returns how long the lock now lasts when this
   * failure used up the account's or the address's attempts, else undefined.
   */
  failed({ attempt }: Reservation): number | undefined {
    const now = this.#now();
    return this.#inTransaction(() => {
      let locked = false;
      for (const [key, limit] of limitsOf(attempt)) {
        if (this.#count(key) < limit) continue;
        this.#db
          .prepare(
            'INSERT INTO login_locks (key, until) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET until = excluded.until',
          )
          .run(key, now + LOCK_MS);
        locked = true;
      }
      return locked ? LOCK_MS : undefined;
    });
  }

  /** The reserved attempt signed in: it is taken back, and the account's earlier failures no longer count. */
  succeeded({ rowIds, attempt }: Reservation): void {
    this.#inTransaction(() => {
      const remove = this.#db.prepare('DELETE FROM login_failures WHERE rowid = ?');
      for (const id of rowIds) remove.run(id);
      this.#db.prepare('DELETE FROM login_failures WHERE key = ?').run(accountKey(attempt.username));
    });
  }

  /** Lifts the lock of an account and forgets its failures (a password reset or set-password). */
  lift(username: string): void {
    this.#inTransaction(() => {
      this.#db.prepare('DELETE FROM login_failures WHERE key = ?').run(accountKey(username));
      this.#db.prepare('DELETE FROM login_locks WHERE key = ?').run(accountKey(username));
    });
  }
}
