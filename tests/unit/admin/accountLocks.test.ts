/**
 * An owner unlocks a colleague's account from Staff (staffService.ts, loginThrottle.ts): refusals first, then the
 * lock lifted, the sign-in free again at once, and the audit log naming who lifted it.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { createAdminServices, type AdminServices } from '../../../src/server/admin/adminServices.ts';
import { ACCOUNT_MAX_FAILURES } from '../../../src/server/admin/loginThrottle.ts';
import type { AdminSession } from '../../../src/server/admin/sessions.ts';
import { signIn } from '../../../src/server/admin/signIn.ts';
import { unlockColleague } from '../../../src/server/admin/staffService.ts';
import { openDatabase } from '../../../src/server/database.ts';

const PASSWORD = 'the colleague password';

describe('Unlock on Staff', () => {
  let services: AdminServices;
  let owner: AdminSession;
  let editor: AdminSession;
  const attempt = (password: string, address: string) => signIn(services, { username: 'bala', password, address });

  beforeEach(async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'admin-unlock-'));
    services = createAdminServices(openDatabase(dataDir).db, dataDir, { publicOrigin: 'https://isa.example.org' });
    owner = services.sessions.create((await services.users.add('asha', 'the owner password')).id).session;
    const bala = await services.users.add('bala', PASSWORD, { role: 'editor' });
    editor = services.sessions.create(bala.id).session;
    for (let i = 1; i <= ACCOUNT_MAX_FAILURES; i += 1) await attempt('wrong password!', `203.0.113.${i}`);
  });

  describe('refuses', () => {
    it.each([
      ['an editor', () => editor, 'bala', 'Only an owner can manage staff accounts.'],
      ['an account that does not exist', () => owner, 'nobody', 'There is no such account.'],
    ])('%s', (_case, session, username, error) => {
      expect(unlockColleague(services, session(), username)).toEqual({ ok: false, error });
      expect(services.throttle.accountLocks().map((lock) => lock.username)).toEqual(['bala']);
    });
  });

  it('lifts the lock: the colleague signs in at once, from a new browser, and the audit log says who lifted it', async () => {
    expect(await attempt(PASSWORD, '198.51.100.7')).toMatchObject({ ok: false, status: 429 });
    const outcome = unlockColleague(services, owner, 'BALA');
    expect(outcome).toMatchObject({ ok: true, message: expect.stringMatching(/^bala is unlocked: they can sign in/) });
    expect(services.throttle.accountLocks()).toEqual([]);
    expect(services.audit.recent(1)[0]).toMatchObject({
      username: 'bala',
      action: 'sign-in-unlocked',
      detail: 'by asha, on Staff',
    });
    expect((await attempt(PASSWORD, '198.51.100.7')).ok).toBe(true);
  });

  it('says so when the lock has gone meanwhile, and audits nothing', () => {
    services.throttle.lift('bala');
    const before = services.audit.recent(1)[0]?.id;
    expect(unlockColleague(services, owner, 'bala')).toMatchObject({
      ok: true,
      message: expect.stringMatching(/is not locked/),
    });
    expect(services.audit.recent(1)[0]?.id).toBe(before);
  });
});
