import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { createAdminServices, type AdminServices } from '../../../src/server/admin/adminServices.ts';
import { LINK_LIFETIME_MS, LINK_PROBLEMS, OneTimeLinks } from '../../../src/server/admin/oneTimeLinks.ts';
import { Sessions, hashToken } from '../../../src/server/admin/sessions.ts';
import {
  FORGOT_ANSWER,
  acceptLink,
  changeOwnPassword,
  forgotPassword,
  inviteColleague,
  resetColleague,
} from '../../../src/server/admin/staffActions.ts';
import { openDatabase } from '../../../src/server/database.ts';

const ORIGIN = 'https://isa.example.org';
const GOOD = 'a long new password';

describe('one-time links (invitations and resets)', () => {
  let now: number;
  let services: AdminServices;
  let db: ReturnType<typeof openDatabase>['db'];

  beforeEach(async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'admin-links-'));
    db = openDatabase(dataDir).db;
    now = Date.UTC(2026, 10, 1, 9);
    services = {
      ...createAdminServices(db, dataDir, { publicOrigin: ORIGIN }),
      links: new OneTimeLinks(db, () => now),
    };
    await services.users.add('owner', 'the owner password');
  });

  const owner = () => services.sessions.create(services.users.find('owner')?.id ?? 0).session;
  const tokenOf = (link: string | undefined) => new URL(link ?? '').searchParams.get('token') ?? '';

  async function invite(username = 'bala', role = 'editor') {
    const outcome = await inviteColleague(services, owner(), { username, role, email: '' });
    if (!outcome.ok) throw new Error(outcome.error);
    return tokenOf(outcome.link);
  }

  describe('refuses', () => {
    it.each([
      ['an unknown token', () => 'nosuchtoken', LINK_PROBLEMS.unknown],
      ['an empty token', () => '', LINK_PROBLEMS.unknown],
    ])('%s', async (_label, token, message) => {
      expect(await acceptLink(services, token(), GOOD, GOOD)).toEqual({ ok: false, error: message });
    });

    it('a link after 72 hours, saying it expired', async () => {
      const token = await invite();
      now += LINK_LIFETIME_MS;
      expect(await acceptLink(services, token, GOOD, GOOD)).toEqual({ ok: false, error: LINK_PROBLEMS.expired });
      expect(services.users.find('bala')).toBeUndefined();
    });

    it('a link used once already, saying so, even when both uses come at once', async () => {
      const token = await invite();
      const [first, second] = await Promise.all([
        acceptLink(services, token, GOOD, GOOD),
        acceptLink(services, token, 'another long password', 'another long password'),
      ]);
      expect(first.ok).toBe(true);
      expect(second).toEqual({ ok: false, error: LINK_PROBLEMS.used });
      expect(await services.users.authenticate('bala', GOOD)).toMatchObject({ role: 'editor' });
    });

    it.each([
      ['a short password', 'too short', 'too short', /at least 12 characters/],
      ['two different passwords', GOOD, `${GOOD}!`, /differ/],
    ])('%s, leaving the link unused', async (_label, password, again, message) => {
      const token = await invite();
      const outcome = await acceptLink(services, token, password, again);
      expect(outcome.ok).toBe(false);
      if (!outcome.ok) expect(outcome.error).toMatch(message);
      expect((await acceptLink(services, token, GOOD, GOOD)).ok).toBe(true);
    });

    it('an invitation by an editor, or for a name already taken', async () => {
      const editor = { ...owner(), role: 'editor' as const };
      expect(await inviteColleague(services, editor, { username: 'x', role: 'editor', email: '' })).toEqual({
        ok: false,
        error: 'Only an owner can manage staff accounts.',
      });
      const taken = await inviteColleague(services, owner(), { username: 'OWNER', role: 'editor', email: '' });
      expect(taken).toMatchObject({ ok: false, error: expect.stringMatching(/already a user/) });
    });
  });

  it('keeps only the hash of the token, and a newer link replaces an unused older one', async () => {
    const older = await invite();
    const newer = await invite();
    const stored = db.prepare('SELECT token_hash FROM admin_links').all();
    expect(stored).toEqual([{ token_hash: hashToken(newer) }]);
    expect(await acceptLink(services, older, GOOD, GOOD)).toEqual({ ok: false, error: LINK_PROBLEMS.unknown });
  });

  it('a reset ends the colleague’s sessions and lifts their lock; the new password then works', async () => {
    await services.users.add('bala', 'the old long password', { role: 'editor' });
    const bala = services.users.find('bala')?.id ?? 0;
    const { token: session } = new Sessions(db).create(bala);
    for (let i = 0; i < 5; i += 1) {
      const reserved = services.throttle.reserve({ username: 'bala', address: '192.0.2.1' });
      if (reserved.ok) services.throttle.failed(reserved.reservation);
    }
    const reset = await resetColleague(services, owner(), 'bala');
    if (!reset.ok) throw new Error(reset.error);
    expect(services.sessions.validate(session)).toBeUndefined();
    expect(services.throttle.reserve({ username: 'bala', address: '192.0.2.1' }).ok).toBe(true);
    expect((await acceptLink(services, tokenOf(reset.link), GOOD, GOOD)).ok).toBe(true);
    expect(await services.users.authenticate('bala', GOOD)).toBeDefined();
    expect(await services.users.authenticate('bala', 'the old long password')).toBeUndefined();
    expect(services.audit.recent(3).map((row) => row.action)).toContain('user-reset-link');
  });

  it('Forgot your password: the same answer for every name, a link e-mailed only to an account with an address, at most every 15 minutes, and no lock lifted', async () => {
    await services.users.add('bala', 'the old long password', { role: 'editor', email: 'bala@example.org' });
    await services.users.add('chitra', 'the old long password', { role: 'editor' });
    for (let i = 0; i < 5; i += 1) {
      const reserved = services.throttle.reserve({ username: 'bala', address: '192.0.2.9' });
      if (reserved.ok) services.throttle.failed(reserved.reservation);
    }
    const sent: string[] = [];
    const mailer = (to: string) => Promise.resolve(sent.push(to));
    const address = '192.0.2.30';
    const answers = ['nobody', 'chitra', 'bala', 'BALA'].map(
      (username) => forgotPassword(services, { username, address, now }, mailer).message,
    );
    await Promise.resolve();
    expect(new Set(answers)).toEqual(new Set([FORGOT_ANSWER]));
    expect(sent).toEqual(['bala@example.org']);
    expect(services.throttle.reserve({ username: 'bala', address: '192.0.2.10' }).ok).toBe(false);
    now += 15 * 60 * 1000 + 1;
    forgotPassword(services, { username: 'bala', address, now }, mailer);
    await Promise.resolve();
    expect(sent).toHaveLength(2);
  });

  it('changing one’s own password asks for the current one, counts wrong ones, and ends the sessions', async () => {
    const session = owner();
    const { token } = services.sessions.create(session.userId);
    const form = { current: 'not the password', password: GOOD, again: GOOD, address: '192.0.2.20' };
    expect(await changeOwnPassword(services, session, form)).toEqual({
      ok: false,
      error: 'Your current password is not right.',
    });
    expect(
      await changeOwnPassword(services, session, { ...form, current: 'the owner password', again: 'other' }),
    ).toMatchObject({
      ok: false,
    });
    expect(await services.users.authenticate('owner', 'the owner password')).toBeDefined();
    expect((await changeOwnPassword(services, session, { ...form, current: 'the owner password' })).ok).toBe(true);
    expect(await services.users.authenticate('owner', GOOD)).toBeDefined();
    expect(services.sessions.validate(token)).toBeUndefined();
  });

  it('e-mails the link when mail is set up and an address is given, and says so', async () => {
    const sent: string[] = [];
    const mailer = (to: string, _subject: string, text: string) => Promise.resolve(sent.push(`${to}\n${text}`));
    const outcome = await inviteColleague(
      services,
      owner(),
      { username: 'chitra', role: 'owner', email: 'chitra@example.org' },
      mailer,
    );
    expect(outcome).toMatchObject({ ok: true, message: expect.stringMatching(/e-mailed to chitra@example.org/) });
    expect(sent[0]).toContain(`${ORIGIN}/Admin/link?token=`);
  });
});
