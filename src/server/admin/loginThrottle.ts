/**
 * Limits password guessing (OWASP Authentication Cheat Sheet, "Account lockout", with its "device
 * cookies" for the lock strangers could otherwise use against the office). Three counters, each
 * over 15 minutes:
 *
 * - per account, for browsers that never signed in to it (no device cookie, deviceCookies.ts):
 *   5 failures lock the account for such browsers for 15 minutes, right password included (an
 *   owner's reset or `npm run admin -- set-password` lifts it);
 * - per device cookie, for a browser that signed in to the account before: 5 failures lock that
 *   cookie, which then counts as none (its browser meets the account's lock like any other). So a
 *   colleague's own browser is not shut out by strangers' failures, and each browser still has a
 *   limit of its own;
 * - per network (an IPv4 address, an IPv6 /64: ../clientNetwork.ts), for browsers without a
 *   cookie: 50 failures across all accounts lock the network, so a guesser trying many names is
 *   stopped while one colleague's typos never lock out the rest of an office behind one address.
 *
 * The count is taken BEFORE the password is checked, in one step: `reserve` counts the attempt as a
 * failure inside one SQLite write transaction (no await inside, so it is atomic in this
 * single-threaded process and across connections), `succeeded` takes it back. However many
 * attempts arrive at once, at most 5 passwords per account (and per cookie) are checked per window.
 * A success also clears its account's (or cookie's) lock, should failures racing it have set one.
 * Kept in SQLite, so a restart does not reset it. Unknown names count like known ones, so the lock
 * tells nothing about which names exist. Each failure keeps the address it came from, so that the
 * Staff page can say of a locked account since when, until when and from how many addresses
 * (`accountLocks`), and an owner can lift it (`lift`).
 */
import type { DatabaseSync } from 'node:sqlite';
import { networkOf } from '../clientNetwork.ts';
import { transaction } from '../database.ts';

export const ACCOUNT_MAX_FAILURES = 5;
export const DEVICE_MAX_FAILURES = 5;
export const NETWORK_MAX_FAILURES = 50;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const LOCK_MS = 15 * 60 * 1000;

export interface SignInAttempt {
  username: string;
  /** The client's address as the proxy-trusting server sees it (Astro's clientAddress). */
  address: string;
  /**
   * The id of a browser that proved it signed in to this account before: a valid device cookie's
   * (deviceCookies.ts), or the signed-in session's when staff confirm their current password.
   */
  knownBrowser?: string | undefined;
}

/** What a counter is for: the lock it sets says so in the audit log. */
type LockScope = 'account' | 'device' | 'network';

interface Limit {
  scope: LockScope;
  key: string;
  max: number;
}

/** A lock a failure set: what it covers, for how long, and from how many addresses its failures came. */
export interface Lock {
  scope: LockScope;
  /** The account's name, the network ("2001:db8:1:2::/64", "192.0.2.7") or the cookie's id. */
  of: string;
  lockedForMs: number;
  addresses: number;
}

/** An account locked for browsers that never signed in to it, as the Staff page shows it. */
export interface AccountLock {
  /** The name as it was typed, lower-cased (match it to an account without regard to case). */
  username: string;
  /** When it was locked and when the lock ends, in ms since the epoch. */
  since: number;
  until: number;
  /** From how many addresses the failures that locked it came. */
  addresses: number;
}

/** An attempt counted in advance: the failure rows it holds, and the limits it was counted against. */
export interface Reservation {
  rowIds: number[];
  attempt: SignInAttempt;
  limits: Limit[];
}

export type ReserveOutcome =
  { ok: true; reservation: Reservation; known: boolean } | { ok: false; lockedForMs: number };

const accountKey = (username: string) => `account:${username.trim().toLowerCase()}`;

function accountLimits({ username, address }: SignInAttempt): Limit[] {
  return [
    { scope: 'account', key: accountKey(username), max: ACCOUNT_MAX_FAILURES },
    { scope: 'network', key: `network:${networkOf(address)}`, max: NETWORK_MAX_FAILURES },
  ];
}

function deviceLimit(knownBrowser: string): Limit {
  return { scope: 'device', key: `device:${knownBrowser}`, max: DEVICE_MAX_FAILURES };
}

const ofKey = (key: string) => key.slice(key.indexOf(':') + 1);
const ACCOUNT_PREFIX = accountKey('');

export class LoginThrottle {
  readonly #db: DatabaseSync;
  readonly #now: () => number;

  constructor(db: DatabaseSync, now: () => number = Date.now) {
    this.#db = db;
    this.#now = now;
  }

  #count(key: string): number {
    const n = this.#db.prepare('SELECT count(*) AS n FROM login_failures WHERE key = ?').get(key)?.['n'];
    return typeof n === 'number' ? n : 0;
  }

  /** When the live lock of `key` ends, or undefined when it has none. */
  #lockedUntil(key: string, now: number): number | undefined {
    const until = this.#db.prepare('SELECT until FROM login_locks WHERE key = ?').get(key)?.['until'];
    return typeof until === 'number' && until > now ? until : undefined;
  }

  /** How long `limit` refuses attempts from now: its lock's rest, a full lock when used up, else 0. */
  #waitMs({ key, max }: Limit, now: number): number {
    const until = this.#lockedUntil(key, now);
    if (until !== undefined) return until - now;
    return this.#count(key) >= max ? LOCK_MS : 0;
  }

  /**
   * Counts this attempt as a failure before its password is checked, or refuses it (with how long
   * the wait is) when what it counts against is locked or has used up its attempts. A known browser
   * whose cookie is locked counts as a stranger (OWASP's device cookie algorithm).
   */
  reserve(attempt: SignInAttempt): ReserveOutcome {
    const now = this.#now();
    return transaction(this.#db, (): ReserveOutcome => {
      this.#db.prepare('DELETE FROM login_failures WHERE at <= ?').run(now - FAILURE_WINDOW_MS);
      this.#db.prepare('DELETE FROM login_locks WHERE until <= ?').run(now);
      const device = attempt.knownBrowser ? deviceLimit(attempt.knownBrowser) : undefined;
      const known = device !== undefined && this.#waitMs(device, now) === 0;
      const limits = known ? [device] : accountLimits(attempt);
      const waitMs = Math.max(0, ...limits.map((limit) => this.#waitMs(limit, now)));
      if (waitMs > 0) return { ok: false, lockedForMs: waitMs };
      const insert = this.#db.prepare('INSERT INTO login_failures (key, at, address) VALUES (?, ?, ?)');
      const rowIds = limits.map(({ key }) => Number(insert.run(key, now, attempt.address).lastInsertRowid));
      return { ok: true, known, reservation: { rowIds, attempt, limits } };
    });
  }

  /** The reserved attempt failed: it stays counted. Returns the locks this failure set (its attempts used up). */
  failed({ limits }: Reservation): Lock[] {
    const now = this.#now();
    return transaction(this.#db, () =>
      // A lock another failure racing this one set already is not set (nor reported) again.
      limits
        .filter(({ key, max }) => this.#count(key) >= max && this.#lockedUntil(key, now) === undefined)
        .map(({ scope, key }) => {
          const addresses = Number(
            this.#db.prepare('SELECT count(DISTINCT address) AS n FROM login_failures WHERE key = ?').get(key)?.['n'] ??
              0,
          );
          this.#db
            .prepare(
              `INSERT INTO login_locks (key, until, addresses) VALUES (?, ?, ?)
               ON CONFLICT (key) DO UPDATE SET until = excluded.until, addresses = excluded.addresses`,
            )
            .run(key, now + LOCK_MS, addresses);
          return { scope, of: ofKey(key), lockedForMs: LOCK_MS, addresses };
        }),
    );
  }

  /**
   * The reserved attempt signed in: it is taken back, and its account's (or cookie's) earlier
   * failures no longer count, nor a lock that failures racing it set. Returns whether a lock went.
   */
  succeeded({ rowIds, limits }: Reservation): boolean {
    return transaction(this.#db, () => {
      const remove = this.#db.prepare('DELETE FROM login_failures WHERE rowid = ?');
      for (const id of rowIds) remove.run(id);
      let unlocked = false;
      const now = this.#now();
      for (const { scope, key } of limits) {
        if (scope === 'network') continue; // A network is many people: one success clears nothing of theirs.
        unlocked = this.#lockedUntil(key, now) !== undefined || unlocked;
        this.#db.prepare('DELETE FROM login_failures WHERE key = ?').run(key);
        this.#db.prepare('DELETE FROM login_locks WHERE key = ?').run(key);
      }
      return unlocked;
    });
  }

  /** The reserved attempt was not made after all (no room to check it): it is taken back, and nothing else. */
  release({ rowIds }: Reservation): void {
    transaction(this.#db, () => {
      const remove = this.#db.prepare('DELETE FROM login_failures WHERE rowid = ?');
      for (const id of rowIds) remove.run(id);
    });
  }

  /** The accounts locked now for browsers that never signed in to them (names no account has too), oldest first. */
  accountLocks(): AccountLock[] {
    const now = this.#now();
    return this.#db
      .prepare('SELECT key, until, addresses FROM login_locks WHERE key LIKE ? AND until > ? ORDER BY until')
      .all(`${ACCOUNT_PREFIX}%`, now)
      .map((row) => {
        const until = Number(row['until']);
        return {
          username: ofKey(String(row['key'])),
          since: until - LOCK_MS,
          until,
          addresses: Number(row['addresses']),
        };
      });
  }

  /**
   * Lifts the lock of an account and forgets its failures (an owner's Unlock on Staff, a password reset or
   * set-password). Returns whether it was locked.
   */
  lift(username: string): boolean {
    const key = accountKey(username);
    return transaction(this.#db, () => {
      const locked = this.#lockedUntil(key, this.#now()) !== undefined;
      this.#db.prepare('DELETE FROM login_failures WHERE key = ?').run(key);
      this.#db.prepare('DELETE FROM login_locks WHERE key = ?').run(key);
      return locked;
    });
  }
}
