/**
 * Forgot your password's limit per network address (forgotPassword.ts, FORGOT_PER_ADDRESS): a
 * guesser cannot make the server try name after name, the refusal says nothing about names, and
 * other addresses are not held up.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { createOfficeServices, type AdminServices } from '../../../src/server/admin/adminServices.ts';
import { OneTimeLinks } from '../../../src/server/admin/oneTimeLinks.ts';
import { FORGOT_ANSWER, FORGOT_PER_ADDRESS, forgotPassword } from '../../../src/server/admin/forgotPassword.ts';
import { openDatabase } from '../../../src/server/database.ts';

const ORIGIN = 'https://isa.example.org';
const GUESSER = '192.0.2.50';
const MINUTE = 60_000;

describe('Forgot your password, per network address', () => {
  let now: number;
  let services: AdminServices;
  let sent: string[];
  const mailer = (to: string) => Promise.resolve(void sent.push(to));
  const ask = (username: string, address = GUESSER) => forgotPassword(services, { username, address, now }, mailer);

  beforeEach(async () => {
    const { db } = openDatabase(mkdtempSync(path.join(tmpdir(), 'admin-forgot-')));
    now = Date.UTC(2026, 10, 1, 9);
    services = { ...createOfficeServices(db, { publicOrigin: ORIGIN }), links: new OneTimeLinks(db, () => now) };
    await services.users.add('asha', 'the owner password', { email: 'asha@example.org' });
    sent = [];
  });

  /** Uses up the guesser's requests with names that do not exist. */
  function useUpTheLimit() {
    for (let i = 0; i < FORGOT_PER_ADDRESS.max; i += 1)
      expect(ask(`guess${i}`)).toEqual({ status: 200, message: FORGOT_ANSWER });
  }

  describe('refuses, once the address has asked 5 times in 15 minutes', () => {
    it.each([
      ['a name that does not exist', 'nobody'],
      ['a name that exists, with an address', 'asha'],
      ['the same name in capitals', 'ASHA'],
      ['an empty name', ''],
    ])('%s, with the same answer, and sends nothing', async (_label, username) => {
      useUpTheLimit();
      const refused = ask(username);
      await Promise.resolve();
      expect(refused).toEqual({
        status: 429,
        message: 'Too many requests from your network. Please try again in 15 minutes, or ask an owner of the admin.',
      });
      expect(refused.message).not.toMatch(/asha|nobody|account/i);
      expect(sent).toEqual([]);
      expect(services.audit.recent(5)).toEqual([]);
    });

    it('says how long is left as the window slides', () => {
      useUpTheLimit();
      now += 14 * MINUTE;
      expect(ask('asha').message).toMatch(/try again in 1 minute,/);
    });
  });

  it('leaves other addresses free, and the guesser again after 15 minutes', async () => {
    useUpTheLimit();
    expect(ask('asha', '192.0.2.51')).toEqual({ status: 200, message: FORGOT_ANSWER });
    await Promise.resolve();
    expect(sent).toEqual(['asha@example.org']);
    now += FORGOT_PER_ADDRESS.windowMs + 1;
    expect(ask('nobody')).toEqual({ status: 200, message: FORGOT_ANSWER });
  });

  it('ends the wait 15 minutes after the first of the 5 (a refused request is not counted)', () => {
    useUpTheLimit();
    now += 10 * MINUTE;
    expect(ask('asha').status).toBe(429);
    now += 5 * MINUTE + 1;
    expect(ask('asha').status).toBe(200);
  });
});
