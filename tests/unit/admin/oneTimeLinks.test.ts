import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { createAdminServices, type AdminServices } from '../../../src/server/admin/adminServices.ts';
import { LINK_LIFETIME_MS, LINK_PROBLEMS, OneTimeLinks } from '../../../src/server/admin/oneTimeLinks.ts';
import { Sessions, hashToken } from '../../../src/server/admin/sessions.ts';
import { FORGOT_ANSWER, forgotPassword } from '../../../src/server/admin/forgotPassword.ts';
import {
  acceptLink,
  changeOwnPassword,
  changeRole,
  inviteColleague,
  removeColleague,
  resetColleague,
  withdrawLink,
} from '../../../src/server/admin/staffService.ts';
import { openDatabase } from '../../../src/server/database.ts';
import type { AdminRole } from '../../../src/server/admin/roles.ts';

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

  async function invite(username = 'bala', role: AdminRole = 'editor') {
    const outcome = await inviteColleague(services, owner(), { username, role, email: '' });
    if (!outcome.ok) throw new Error(outcome.error);
    return tokenOf(outcome.link);
  }

  describe('refuses', () => {
    it.each([
      ['an unknown token', () => 'nosuchtoken', LINK_PROBLEMS.unknown],
      ['an empty token', () => '', LINK_PROBLEMS.unknown],
    ])('%s', async (_label, token, message) => {
      expect(await acceptLink(services, token(), GOOD)).toEqual({ ok: false, error: message });
    });

    it('a link after 72 hours, saying it expired', async () => {
      const token = await invite();
      now += LINK_LIFETIME_MS;
      expect(await acceptLink(services, token, GOOD)).toEqual({ ok: false, error: LINK_PROBLEMS.expired });
      expect(services.users.find('bala')).toBeUndefined();
    });

    it('a link used once already, saying so, even when both uses come at once', async () => {
      const token = await invite();
      const [first, second] = await Promise.all([
        acceptLink(services, token, GOOD),
        acceptLink(services, token, 'another long password'),
      ]);
      expect(first.ok).toBe(true);
      expect(second).toEqual({ ok: false, error: LINK_PROBLEMS.used });
      expect(await services.users.authenticate('bala', GOOD)).toMatchObject({ role: 'editor' });
    });

    describe('a link voided since it was made', () => {
      /** A second owner, about to be removed or made an editor, and a session of theirs. */
      async function departingOwner() {
        const departing = await services.users.add('departing', 'the departing password', { role: 'owner' });
        return services.sessions.create(departing.id).session;
      }

      it.each([
        ['removed', () => removeColleague(services, owner(), 'departing')],
        ['made an editor', () => changeRole(services, owner(), 'departing', 'editor')],
      ])('the ghost invitation: an owner’s invitation for a new owner, once its maker is %s', async (_what, change) => {
        const departing = await departingOwner();
        const ghost = await inviteColleague(services, departing, { username: 'ghost', role: 'owner', email: '' });
        if (!ghost.ok) throw new Error(ghost.error);
        expect(change()).toMatchObject({ ok: true });
        expect(await acceptLink(services, tokenOf(ghost.link), GOOD)).toEqual({
          ok: false,
          error: LINK_PROBLEMS.unknown,
        });
        expect(services.users.find('ghost')).toBeUndefined();
        expect(services.audit.recent(1)[0]?.detail).toMatch(/1 link it made voided$/);
      });

      it('a reset link, once the colleague changed their own password', async () => {
        const bala = await services.users.add('bala', 'the old long password', { role: 'editor' });
        const reset = await resetColleague(services, owner(), 'bala');
        if (!reset.ok) throw new Error(reset.error);
        const session = services.sessions.create(bala.id).session;
        const form = { current: 'the old long password', password: GOOD, address: '192.0.2.21' };
        expect((await changeOwnPassword(services, session, form)).ok).toBe(true);
        expect(await acceptLink(services, tokenOf(reset.link), 'the attacker’s password')).toEqual({
          ok: false,
          error: LINK_PROBLEMS.unknown,
        });
        expect(await services.users.authenticate('bala', GOOD)).toBeDefined();
      });

      it('a reset link, across the removal and re-creation of the name', async () => {
        await services.users.add('bala', 'the old long password', { role: 'editor' });
        const reset = await resetColleague(services, owner(), 'bala');
        if (!reset.ok) throw new Error(reset.error);
        expect(removeColleague(services, owner(), 'bala')).toMatchObject({ ok: true });
        await services.users.add('BALA', 'the new colleague password', { role: 'editor' });
        expect(await acceptLink(services, tokenOf(reset.link), GOOD)).toEqual({
          ok: false,
          error: LINK_PROBLEMS.unknown,
        });
        expect(await services.users.authenticate('bala', 'the new colleague password')).toBeDefined();
      });

      it('a link withdrawn by an owner; an editor cannot withdraw one, nor anyone a link used or gone', async () => {
        const token = await invite('chitra', 'owner');
        const [pending] = services.links.pending();
        expect(pending).toMatchObject({ kind: 'invitation', username: 'chitra', role: 'owner', createdBy: 'owner' });
        const editor = { ...owner(), role: 'editor' as const };
        expect(withdrawLink(services, editor, pending?.id ?? 0)).toEqual({
          ok: false,
          error: 'Only an owner can manage staff accounts.',
        });
        expect(withdrawLink(services, owner(), pending?.id ?? 0)).toMatchObject({ ok: true });
        expect(withdrawLink(services, owner(), pending?.id ?? 0)).toMatchObject({ ok: false });
        expect(services.links.pending()).toEqual([]);
        expect(await acceptLink(services, token, GOOD)).toEqual({ ok: false, error: LINK_PROBLEMS.unknown });
        expect(services.audit.recent(1)[0]).toMatchObject({
          username: 'owner',
          action: 'link-withdrawn',
          detail: 'invitation for chitra (owner), made by owner',
        });
      });
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

  it('lists the links not yet used to owners: who made which for whom, the role, until when; not used or expired ones', async () => {
    await invite('bala', 'editor');
    now += 1000;
    await invite('chitra', 'owner');
    const used = await invite('dev', 'editor');
    expect((await acceptLink(services, used, GOOD)).ok).toBe(true);
    expect(
      services.links
        .pending()
        .map(({ kind, username, role, createdBy, expiresAt }) => [kind, username, role, createdBy, expiresAt]),
    ).toEqual([
      ['invitation', 'chitra', 'owner', 'owner', now + LINK_LIFETIME_MS],
      ['invitation', 'bala', 'editor', 'owner', now - 1000 + LINK_LIFETIME_MS],
    ]);
    now += LINK_LIFETIME_MS - 500;
    expect(services.links.pending().map(({ username }) => username)).toEqual(['chitra']);
  });

  it('keeps only the hash of the token, and a newer link replaces an unused older one', async () => {
    const older = await invite();
    const newer = await invite();
    const stored = db.prepare('SELECT token_hash FROM admin_links').all();
    expect(stored).toEqual([{ token_hash: hashToken(newer) }]);
    expect(await acceptLink(services, older, GOOD)).toEqual({ ok: false, error: LINK_PROBLEMS.unknown });
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
    expect((await acceptLink(services, tokenOf(reset.link), GOOD)).ok).toBe(true);
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
    const form = { current: 'not the password', password: GOOD, address: '192.0.2.20' };
    expect(await changeOwnPassword(services, session, form)).toEqual({
      ok: false,
      error: 'Your current password is not right.',
    });
    expect(await services.users.authenticate('owner', 'the owner password')).toBeDefined();
    expect((await changeOwnPassword(services, session, { ...form, current: 'the owner password' })).ok).toBe(true);
    expect(await services.users.authenticate('owner', GOOD)).toBeDefined();
    expect(services.sessions.validate(token)).toBeUndefined();
  });

  it('e-mails the link when mail is set up and an address is given, and says so', async () => {
    const sent: string[] = [];
    const mailer = (to: string, _subject: string, text: string) => Promise.resolve(sent.push(`${to}\n${text}`));
    const outcome = await inviteColleague({ ...services, mailer }, owner(), {
      username: 'chitra',
      role: 'owner',
      email: 'chitra@example.org',
    });
    expect(outcome).toMatchObject({ ok: true, message: expect.stringMatching(/e-mailed to chitra@example.org/) });
    expect(sent[0]).toContain(`${ORIGIN}/Admin/link?token=`);
  });
});
