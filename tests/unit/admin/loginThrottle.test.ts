/**
 * Signing in (signIn.ts) with its lock (loginThrottle.ts), its device cookies (deviceCookies.ts) and its
 * password budget (passwordBudget.ts): refusals first, then what a colleague can still do while strangers
 * fail against the account, then what the audit log holds.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAdminServices, type AdminServices } from '../../../src/server/admin/adminServices.ts';
import { DeviceCookies } from '../../../src/server/admin/deviceCookies.ts';
import {
  ACCOUNT_MAX_FAILURES,
  DEVICE_MAX_FAILURES,
  FAILURE_WINDOW_MS,
  LOCK_MS,
  LoginThrottle,
  NETWORK_MAX_FAILURES,
} from '../../../src/server/admin/loginThrottle.ts';
import { PasswordBudget, RETRY_AFTER_SECONDS } from '../../../src/server/admin/passwordBudget.ts';
import { Sessions } from '../../../src/server/admin/sessions.ts';
import { BUSY, UNKNOWN_NAME, WRONG_CREDENTIALS, signIn, type SignInOutcome } from '../../../src/server/admin/signIn.ts';
import type { AdminUser } from '../../../src/server/admin/users.ts';
import { openDatabase } from '../../../src/server/database.ts';

const PASSWORD = 'correct horse battery';
const MINUTE = 60_000;
const KEY = Buffer.alloc(32, 7);

/** A browser's cookies: the device cookies it was given. */
type Jar = Map<string, string>;

describe('signing in', () => {
  let dataDir: string;
  let now: number;
  let services: AdminServices;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'admin-throttle-'));
    const { db } = openDatabase(dataDir);
    const { users } = createAdminServices(db, dataDir, { publicOrigin: 'https://isa.example.org' });
    await users.add('asha', PASSWORD);
    await users.add('bala', PASSWORD);
    db.close();
  });

  /** The services on a new connection to the same store, as after a restart, with a clock of our own. */
  function restart(budget = new PasswordBudget()) {
    const { db } = openDatabase(dataDir);
    const base = createAdminServices(db, dataDir, { publicOrigin: 'https://isa.example.org', deviceKey: KEY });
    services = {
      ...base,
      throttle: new LoginThrottle(db, () => now),
      sessions: new Sessions(db, () => now),
      devices: new DeviceCookies(KEY, () => now),
      budget,
    };
  }

  let day = 0;
  beforeEach(() => {
    // Each test a day after the last: locks and failures of earlier tests are long over.
    day += 1;
    now = Date.UTC(2025, 0, 1) + day * 24 * 60 * MINUTE;
    restart();
  });

  /** A sign-in from `address`, in the browser whose cookies are `jar` (none: a stranger's), which keeps what it is given. */
  async function attempt(username: string, password: string, address = '192.0.2.1', jar: Jar = new Map()) {
    const outcome = await signIn(services, { username, password, address, cookie: (name) => jar.get(name) });
    if (outcome.ok) jar.set(outcome.deviceCookie.name, outcome.deviceCookie.value);
    return outcome;
  }

  /** A browser that signed in as `username` once (and so holds its device cookie). */
  async function ownBrowser(username: string, address = '192.0.2.200'): Promise<Jar> {
    const jar: Jar = new Map();
    expect((await attempt(username, PASSWORD, address, jar)).ok).toBe(true);
    return jar;
  }

  const statusOf = (outcome: SignInOutcome) => (outcome.ok ? 'signed in' : outcome.status);

  describe('refuses', () => {
    it.each([
      ['an unknown name', 'nobody', PASSWORD, 401, WRONG_CREDENTIALS],
      ['a wrong password', 'asha', 'wrong password!', 401, WRONG_CREDENTIALS],
    ])('%s', async (_label, username, password, status, message) => {
      const outcome = await attempt(username, password, `198.51.100.${Math.floor(Math.random() * 250)}`);
      expect(outcome.ok).toBe(false);
      if (outcome.ok) return;
      expect(outcome.status).toBe(status);
      expect(outcome.error).toMatch(message);
    });

    it('the right password from a browser that never signed in to the account, after 5 failures for it (from any addresses), for 15 minutes, even after a restart', async () => {
      for (let i = 1; i <= 5; i += 1) await attempt('asha', 'wrong password!', `203.0.113.${i}`);
      now += MINUTE;
      restart();
      const locked = await attempt('ASHA', PASSWORD, '203.0.113.99');
      expect(locked).toMatchObject({ ok: false, status: 429, retryAfterSeconds: 14 * 60 });
      if (!locked.ok)
        expect(locked.error).toMatch(/Too many failed sign-ins\. Please wait 14 minutes, or ask an owner/);
      now += LOCK_MS - MINUTE;
      expect((await attempt('asha', PASSWORD, '203.0.113.99')).ok).toBe(true);
    });

    it.each([
      ['an IPv4 address', (i: number) => (i < 0 ? '198.51.100.8' : '198.51.100.7')],
      [
        'the addresses of one IPv6 /64',
        (i: number) => (i < 0 ? '2001:db8:7:8::1' : `2001:db8:7:7:${i.toString(16)}::1`),
      ],
      [
        'an IPv4 address, written as IPv6 or not',
        (i: number) => (i < 0 ? '::ffff:198.51.100.8' : i % 2 ? '::ffff:198.51.100.7' : '198.51.100.7'),
      ],
    ])(
      'every name from %s after 50 failures from it, unknown names included; its neighbour stays free',
      async (_label, addressOf) => {
        // 49 failures counted straight in the throttle (49 password hashes would only make the test slow), the 50th signs in.
        for (let i = 1; i < NETWORK_MAX_FAILURES; i += 1) {
          const reserved = services.throttle.reserve({ username: `name${i}`, address: addressOf(i) });
          if (!reserved.ok) throw new Error(`refused after ${i - 1} failures`);
          services.throttle.failed(reserved.reservation);
        }
        const last = await attempt('last-name', 'wrong password!', addressOf(NETWORK_MAX_FAILURES));
        expect(last).toMatchObject({ ok: false, status: 429 });
        expect(await attempt('asha', PASSWORD, addressOf(NETWORK_MAX_FAILURES + 1))).toMatchObject({
          ok: false,
          status: 429,
        });
        expect((await attempt('asha', PASSWORD, addressOf(-1))).ok).toBe(true);
      },
    );

    it('200 sign-ins from 200 addresses of one IPv6 /64: one network, so at most 50 passwords are checked', async () => {
      // Each check counted, none made: the throttle decides which are made, argon2 would only take time.
      const checked: string[] = [];
      services.users.authenticate = (name) => Promise.resolve(void checked.push(name));
      const statuses: (number | string)[] = [];
      for (let i = 0; i < 200; i += 1) {
        statuses.push(statusOf(await attempt(`guess${i}`, 'wrong password!', `2001:db8:aa:bb:${i.toString(16)}::9`)));
      }
      expect(checked).toHaveLength(NETWORK_MAX_FAILURES);
      expect(statuses.filter((status) => status === 401)).toHaveLength(NETWORK_MAX_FAILURES - 1);
      expect(statuses.slice(NETWORK_MAX_FAILURES - 1)).toEqual(Array.from({ length: 151 }, () => 429));
    });

    it('a burst of attempts at once: at most 5 passwords of one account are checked, and the right one among them is refused', async () => {
      // Room for all 40 to wait: the throttle, not the budget, decides which are checked.
      restart(new PasswordBudget({ atOnce: 1, strangersWaiting: 100 }));
      const checked: string[] = [];
      const authenticate = services.users.authenticate.bind(services.users);
      services.users.authenticate = (name, password) => {
        checked.push(password);
        return authenticate(name, password);
      };
      const burst = Array.from({ length: 40 }, (_, i) =>
        attempt('asha', i === 39 ? PASSWORD : `wrong password ${i}`, `203.0.113.${i + 1}`),
      );
      const outcomes = await Promise.all(burst);
      expect(checked).toHaveLength(ACCOUNT_MAX_FAILURES);
      expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(0);
      expect(await attempt('asha', PASSWORD, '203.0.113.200')).toMatchObject({ ok: false, status: 429 });
      expect(checked).toHaveLength(ACCOUNT_MAX_FAILURES);
    });

    it('beyond the budget’s waiting room, at once, with Retry-After, counting nothing; a known browser has a room of its own', async () => {
      restart(new PasswordBudget({ atOnce: 1, strangersWaiting: 2, knownWaiting: 1 }));
      const own = await ownBrowser('bala');
      const release: (() => void)[] = [];
      const authenticate = services.users.authenticate.bind(services.users);
      services.users.authenticate = (name, password) =>
        new Promise((resolve) => release.push(() => resolve(authenticate(name, password))));
      // One check runs and two wait: the fourth stranger is refused at once, not after a wait.
      const held = [1, 2, 3].map((i) => attempt('nobody', 'wrong password!', `192.0.2.${i}`));
      const refused = await Promise.race([
        attempt('asha', PASSWORD, '192.0.2.4'),
        new Promise((resolve) => setTimeout(() => resolve('it waited'), 2000)),
      ]);
      expect(refused).toEqual({ ok: false, status: 429, error: BUSY, retryAfterSeconds: RETRY_AFTER_SECONDS });
      const colleague = attempt('bala', PASSWORD, '192.0.2.200', own);
      let settled = false;
      const outcomes = Promise.all([...held, colleague]).finally(() => (settled = true));
      while (!settled) {
        release.shift()?.();
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      expect((await outcomes).map(statusOf)).toEqual([401, 401, 401, 'signed in']);
      // The refused attempt was not counted: asha has all her attempts (4 failures, then the right password).
      services.users.authenticate = authenticate;
      for (let i = 0; i < ACCOUNT_MAX_FAILURES - 1; i += 1) await attempt('asha', 'wrong password!', '192.0.2.5');
      expect((await attempt('asha', PASSWORD, '192.0.2.5')).ok).toBe(true);
    });

    it('a device cookie that is not this account’s own, or changed, or too old, counts as none', async () => {
      const jar = await ownBrowser('bala');
      const balaCookie = [...jar.entries()][0] ?? ['', ''];
      const asha = services.users.find('asha') as AdminUser;
      const formerAsha = services.devices.issue({ ...asha, createdAt: '2024-01-01T00:00:00.000Z' });
      const forged: [string, Jar][] = [
        ['bala’s cookie under asha’s name', new Map([[services.devices.nameFor(asha), balaCookie[1]]])],
        [
          'asha’s cookie, its nonce changed',
          new Map([[services.devices.nameFor(asha), services.devices.issue(asha).replace(/\.(.)/, '.A')]]),
        ],
        ['a cookie of a removed account of the same name', new Map([[services.devices.nameFor(asha), formerAsha]])],
        [
          'asha’s cookie signed with another key',
          new Map([[services.devices.nameFor(asha), new DeviceCookies(Buffer.alloc(32, 8)).issue(asha)]]),
        ],
      ];
      for (let i = 0; i < ACCOUNT_MAX_FAILURES; i += 1) await attempt('asha', 'wrong password!', `203.0.113.${i}`);
      for (const [what, cookies] of forged) {
        expect([what, statusOf(await attempt('asha', PASSWORD, '203.0.113.50', cookies))]).toEqual([what, 429]);
      }
      const issuedLongAgo = new DeviceCookies(KEY, () => now - 181 * 24 * 60 * MINUTE).issue(asha);
      const old = new Map([[services.devices.nameFor(asha), issuedLongAgo]]);
      expect(statusOf(await attempt('asha', PASSWORD, '203.0.113.50', old))).toBe(429);
    });

    it('a known browser after its own 5 failures: its cookie is locked, and it meets the account’s lock like a stranger', async () => {
      const own = await ownBrowser('asha');
      for (let i = 0; i < ACCOUNT_MAX_FAILURES; i += 1) await attempt('asha', 'wrong password!', `203.0.113.${i}`);
      for (let i = 1; i < DEVICE_MAX_FAILURES; i += 1) {
        expect(statusOf(await attempt('asha', 'wrong password!', '192.0.2.200', own))).toBe(401);
      }
      expect(statusOf(await attempt('asha', 'wrong password!', '192.0.2.200', own))).toBe(429);
      expect(statusOf(await attempt('asha', PASSWORD, '192.0.2.200', own))).toBe(429);
    });
  });

  it('twelve wrong sign-ins from strangers lock the account for strangers, not for the colleague’s own browser', async () => {
    const own = await ownBrowser('asha');
    const strangers = [];
    for (let i = 1; i <= 12; i += 1) strangers.push(statusOf(await attempt('asha', `guess ${i}`, `203.0.113.${i}`)));
    expect(strangers).toEqual([401, 401, 401, 401, 429, 429, 429, 429, 429, 429, 429, 429]);
    const colleague = await attempt('asha', PASSWORD, '192.0.2.200', own);
    expect(colleague.ok).toBe(true);
    // A stranger with the right password is still refused while the lock lasts, and the colleague signs in again.
    expect(await attempt('asha', PASSWORD, '203.0.113.77')).toMatchObject({ ok: false, status: 429 });
    expect((await attempt('asha', PASSWORD, '192.0.2.201', own)).ok).toBe(true);
  });

  it('a success that races failures clears the lock they set, and the audit log says so', async () => {
    // Two checks at once: the right one is held while the wrong ones run beside it.
    restart(new PasswordBudget({ atOnce: 2, strangersWaiting: 10 }));
    const authenticate = services.users.authenticate.bind(services.users);
    let releaseRight: () => void = () => undefined;
    services.users.authenticate = (name, password) =>
      password === PASSWORD
        ? new Promise((resolve) => (releaseRight = () => resolve(authenticate(name, password))))
        : authenticate(name, password);
    const right = attempt('asha', PASSWORD, '192.0.2.40');
    const wrong = await Promise.all([1, 2, 3, 4].map((i) => attempt('asha', `wrong ${i}`, `192.0.2.${40 + i}`)));
    // The four failures finish in any order; the last one to finish sets the lock.
    expect(wrong.map(statusOf).sort()).toEqual([401, 401, 401, 429]);
    releaseRight();
    expect((await right).ok).toBe(true);
    expect(services.audit.recent(2).map((row) => row.action)).toEqual(['sign-in', 'sign-in-unlocked']);
    services.users.authenticate = authenticate;
    expect((await attempt('asha', PASSWORD, '203.0.113.60')).ok).toBe(true);
  });

  it('the fifth failure says to wait or ask an owner, not to try again', async () => {
    for (let i = 1; i < ACCOUNT_MAX_FAILURES; i += 1) {
      expect(await attempt('asha', 'wrong password!', '192.0.2.90')).toMatchObject({ status: 401 });
    }
    const fifth = await attempt('asha', 'wrong password!', '192.0.2.90');
    expect(fifth).toMatchObject({ ok: false, status: 429 });
    if (fifth.ok) return;
    expect(fifth.error).toMatch(/wait 15 minutes, or ask an owner/);
    expect(fifth.error).not.toMatch(/try again/i);
  });

  it('one colleague’s 5 wrong passwords leave another colleague at the same address free to sign in', async () => {
    for (let i = 0; i < ACCOUNT_MAX_FAILURES; i += 1) await attempt('asha', 'wrong password!', '192.0.2.91');
    expect(await attempt('asha', PASSWORD, '192.0.2.91')).toMatchObject({ ok: false, status: 429 });
    expect((await attempt('bala', PASSWORD, '192.0.2.91')).ok).toBe(true);
  });

  it('lists a locked account: since when, until when, from how many addresses; lifted, it is no longer listed', async () => {
    const start = now;
    for (let i = 1; i <= ACCOUNT_MAX_FAILURES; i += 1) {
      await attempt('Asha', 'wrong password!', `198.51.100.${i % 3}`);
      now += MINUTE;
    }
    await attempt('bala', 'wrong password!', '198.51.100.9');
    const lockedAt = start + (ACCOUNT_MAX_FAILURES - 1) * MINUTE;
    expect(services.throttle.accountLocks()).toEqual([
      { username: 'asha', since: lockedAt, until: lockedAt + LOCK_MS, addresses: 3 },
    ]);
    now = lockedAt + LOCK_MS;
    expect(services.throttle.accountLocks()).toEqual([]);
    now = lockedAt + LOCK_MS - 1;
    expect(services.throttle.lift('asha')).toBe(true);
    expect(services.throttle.accountLocks()).toEqual([]);
  });

  it('lifting the lock (a reset, set-password) lets the account sign in again at once', async () => {
    for (let i = 0; i < ACCOUNT_MAX_FAILURES; i += 1) await attempt('asha', 'wrong password!', '192.0.2.92');
    expect(await attempt('asha', PASSWORD, '192.0.2.92')).toMatchObject({ ok: false, status: 429 });
    expect(services.throttle.lift('ASHA')).toBe(true);
    expect(services.throttle.lift('ASHA')).toBe(false);
    expect((await attempt('asha', PASSWORD, '192.0.2.92')).ok).toBe(true);
  });

  it('counts only failures within 15 minutes', async () => {
    for (let i = 0; i < 4; i += 1) await attempt('asha', 'wrong password!', '192.0.2.50');
    now += FAILURE_WINDOW_MS + 1;
    for (let i = 0; i < 4; i += 1) await attempt('asha', 'wrong password!', '192.0.2.50');
    expect((await attempt('asha', PASSWORD, '192.0.2.50')).ok).toBe(true);
  });

  it('gives the same message for an unknown name and a wrong password', async () => {
    const unknown = await attempt('nobody', PASSWORD, '192.0.2.60');
    const wrong = await attempt('asha', 'wrong password!', '192.0.2.61');
    expect(unknown).toEqual(wrong);
  });

  it('writes every failure, lock and success to the audit log (name, address, time), never a password or an unknown name', async () => {
    const before = services.audit.recent(1)[0]?.id ?? 0;
    await attempt('my secret password', 'asha', '192.0.2.80');
    for (let i = 1; i <= ACCOUNT_MAX_FAILURES; i += 1) await attempt('asha', `the wrong secret ${i}`, `192.0.2.8${i}`);
    const rows = services.audit
      .recent(20)
      .filter((row) => row.id > before)
      .reverse();
    expect(rows.map(({ username, action, detail }) => [username, action, detail])).toEqual([
      [UNKNOWN_NAME, 'sign-in-failed', 'from 192.0.2.80'],
      ['asha', 'sign-in-failed', 'from 192.0.2.81'],
      ['asha', 'sign-in-failed', 'from 192.0.2.82'],
      ['asha', 'sign-in-failed', 'from 192.0.2.83'],
      ['asha', 'sign-in-failed', 'from 192.0.2.84'],
      ['asha', 'sign-in-failed', 'from 192.0.2.85'],
      [
        'asha',
        'sign-in-locked',
        'locked for browsers that never signed in to it, for 15 minutes, after wrong passwords from 5 addresses (the last from 192.0.2.85)',
      ],
    ]);
    expect(rows.every((row) => !Number.isNaN(Date.parse(row.at)))).toBe(true);
    expect(JSON.stringify(services.audit.recent(100))).not.toMatch(/secret/);
  });

  it('a successful sign-in starts a session, gives the browser its device cookie and leaves an audit row', async () => {
    const outcome = await attempt('asha', PASSWORD, '192.0.2.70');
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(services.sessions.validate(outcome.token)?.username).toBe('asha');
    expect(outcome.deviceCookie.name).toBe(`isa_admin_device_${services.users.find('asha')?.id}`);
    expect(services.audit.recent(1)[0]).toMatchObject({
      username: 'asha',
      action: 'sign-in',
      detail: 'from 192.0.2.70',
    });
  });

  it('every sign-in starts a new session and ends the one the browser held before', async () => {
    const first = await attempt('asha', PASSWORD, '192.0.2.71');
    if (!first.ok) throw new Error('the first sign-in failed');
    const second = await signIn(services, {
      username: 'asha',
      password: PASSWORD,
      address: '192.0.2.71',
      previousToken: first.token,
    });
    if (!second.ok) throw new Error('the second sign-in failed');
    expect(second.token).not.toBe(first.token);
    expect(services.sessions.validate(first.token)).toBeUndefined();
    expect(services.sessions.validate(second.token)?.username).toBe('asha');
    expect(services.users.find('asha')?.lastSignInAt).not.toBeNull();
  });
});
