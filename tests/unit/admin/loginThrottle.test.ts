import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAdminServices, type AdminServices } from '../../../src/server/admin/adminServices.ts';
import {
  ACCOUNT_MAX_FAILURES,
  ADDRESS_MAX_FAILURES,
  FAILURE_WINDOW_MS,
  LOCK_MS,
  LoginThrottle,
} from '../../../src/server/admin/loginThrottle.ts';
import { Sessions } from '../../../src/server/admin/sessions.ts';
import { WRONG_CREDENTIALS, signIn } from '../../../src/server/admin/signIn.ts';
import { openDatabase } from '../../../src/server/database.ts';

const PASSWORD = 'correct horse battery';
const MINUTE = 60_000;

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
  function restart() {
    const { db } = openDatabase(dataDir);
    const base = createAdminServices(db, dataDir, { publicOrigin: 'https://isa.example.org' });
    services = { ...base, throttle: new LoginThrottle(db, () => now), sessions: new Sessions(db, () => now) };
  }

  let day = 0;
  beforeEach(() => {
    // Each test a day after the last: locks and failures of earlier tests are long over.
    day += 1;
    now = Date.UTC(2025, 0, 1) + day * 24 * 60 * MINUTE;
    restart();
  });

  const attempt = (username: string, password: string, address = '192.0.2.1') =>
    signIn(services, { username, password, address });

  describe('refuses', () => {
    it.each([
      ['an empty name', '', PASSWORD, 400, /enter your user name/],
      ['an empty password', 'asha', '', 400, /enter your user name/],
      ['an unknown name', 'nobody', PASSWORD, 401, WRONG_CREDENTIALS],
      ['a wrong password', 'asha', 'wrong password!', 401, WRONG_CREDENTIALS],
    ])('%s', async (_label, username, password, status, message) => {
      const outcome = await attempt(username, password, `198.51.100.${Math.floor(Math.random() * 250)}`);
      expect(outcome.ok).toBe(false);
      if (outcome.ok) return;
      expect(outcome.status).toBe(status);
      expect(outcome.error).toMatch(message);
    });

    it('the right password after 5 failures for the account (from any addresses), for 15 minutes, even after a restart', async () => {
      for (let i = 1; i <= 5; i += 1) await attempt('asha', 'wrong password!', `203.0.113.${i}`);
      now += MINUTE;
      restart();
      const locked = await attempt('ASHA', PASSWORD, '203.0.113.99');
      expect(locked).toMatchObject({ ok: false, status: 429 });
      if (!locked.ok)
        expect(locked.error).toMatch(/Too many failed sign-ins\. Please wait 14 minutes, or ask an owner/);
      now += LOCK_MS - MINUTE;
      expect((await attempt('asha', PASSWORD, '203.0.113.99')).ok).toBe(true);
    });

    it('every name from an address after 50 failures from it, unknown names included', async () => {
      // 49 failures counted straight in the throttle (49 password hashes would only make the test slow), the 50th signs in.
      for (let i = 1; i < ADDRESS_MAX_FAILURES; i += 1) {
        const reserved = services.throttle.reserve({ username: `name${i}`, address: '198.51.100.7' });
        if (!reserved.ok) throw new Error(`refused after ${i - 1} failures`);
        services.throttle.failed(reserved.reservation);
      }
      const last = await attempt('last-name', 'wrong password!', '198.51.100.7');
      expect(last).toMatchObject({ ok: false, status: 429 });
      expect(await attempt('asha', PASSWORD, '198.51.100.7')).toMatchObject({ ok: false, status: 429 });
      expect((await attempt('asha', PASSWORD, '198.51.100.8')).ok).toBe(true);
    });

    it('a burst of attempts at once: at most 5 passwords of one account are checked, and the right one among them is refused', async () => {
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

  it('lifting the lock (a reset, set-password) lets the account sign in again at once', async () => {
    for (let i = 0; i < ACCOUNT_MAX_FAILURES; i += 1) await attempt('asha', 'wrong password!', '192.0.2.92');
    expect(await attempt('asha', PASSWORD, '192.0.2.92')).toMatchObject({ ok: false, status: 429 });
    services.throttle.lift('ASHA');
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

  it('a successful sign-in starts a session and leaves an audit row', async () => {
    const outcome = await attempt('asha', PASSWORD, '192.0.2.70');
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(services.sessions.validate(outcome.token)?.username).toBe('asha');
    expect(services.audit.recent(1)[0]).toMatchObject({ username: 'asha', action: 'sign-in' });
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
