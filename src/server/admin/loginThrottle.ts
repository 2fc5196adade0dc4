/**
 * Limits password guessing (OWASP Authentication Cheat Sheet, "Account lockout"; the numbers are
 * the issue's): 5 failed sign-ins for one account, or from one network address, within 15 minutes
 * lock that account or address for 15 minutes, during which every attempt is refused, even with
 * the right password. Kept in SQLite, so a restart does not reset it. Unknown names count like
 * known ones, so the lock tells nothing about which names exist.
 */
import type { DatabaseSync } from 'node:sqlite';

const MAX_FAILURES = 5;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const LOCK_MS = 15 * 60 * 1000;

export interface SignInAttempt {
  username: string;
  /** The client's address as the proxy-trusting server sees it (Astro's clientAddress). */
  address: string;
}

function keysOf({ username, address }: SignInAttempt): string[] {
  return [`account:${username.trim().toLowerCase()}`, `address:${address}`];
}

export class LoginThrottle {
  readonly #db: DatabaseSync;
  readonly #now: () => number;

  constructor(db: DatabaseSync, now: () => number = Date.now) {
    this.#db = db;
    this.#now = now;
  }

  /** How long (ms) the lock on this account or address still lasts, or undefined when there is none. */
  lockedFor(attempt: SignInAttempt): number | undefined {
    const now = this.#now();
    const until = keysOf(attempt)
      .map((key) => this.#db.prepare('SELECT until FROM login_locks WHERE key = ? AND until > ?').get(key, now))
      .map((row) => row?.['until'])
      .filter((value) => typeof value === 'number');
    return until.length > 0 ? Math.max(...until) - now : undefined;
  }

  /** Counts a failed attempt; the fifth within the window locks the account or address. */
  recordFailure(attempt: SignInAttempt): void {
    const now = this.#now();
    this.#db.exec('BEGIN IMMEDIATE');
    try {
      this.#db.prepare('DELETE FROM login_failures WHERE at <= ?').run(now - FAILURE_WINDOW_MS);
      this.#db.prepare('DELETE FROM login_locks WHERE until <= ?').run(now);
      for (const key of keysOf(attempt)) {
        this.#db.prepare('INSERT INTO login_failures (key, at) VALUES (?, ?)').run(key, now);
        const failures = this.#db.prepare('SELECT count(*) AS n FROM login_failures WHERE key = ?').get(key)?.['n'];
        if (typeof failures === 'number' && failures >= MAX_FAILURES) {
          this.#db
            .prepare(
              'INSERT INTO login_locks (key, until) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET until = excluded.until',
            )
            .run(key, now + LOCK_MS);
          this.#db.prepare('DELETE FROM login_failures WHERE key = ?').run(key);
        }
      }
      this.#db.exec('COMMIT');
    } catch (error) {
      this.#db.exec('ROLLBACK');
      throw error;
    }
  }

  /** After a successful sign-in: the account's earlier failures no longer count. */
  recordSuccess(attempt: SignInAttempt): void {
    this.#db.prepare('DELETE FROM login_failures WHERE key = ?').run(keysOf(attempt)[0] ?? '');
  }
}
