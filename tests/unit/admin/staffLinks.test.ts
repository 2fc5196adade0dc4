import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAdminServices } from '../../../src/server/admin/adminServices.ts';
import { LINK_PROBLEMS } from '../../../src/server/admin/oneTimeLinks.ts';
import { acceptLink, inviteColleague, renewLink, withdrawLink } from '../../../src/server/admin/staffService.ts';
import { openDatabase } from '../../../src/server/database.ts';

const GOOD = 'a long new password';
const tokenOf = (link: string | undefined) => new URL(link ?? '').searchParams.get('token') ?? '';

describe('a pending invitation on the Staff page', () => {
  it('is listed, can be made again (the earlier link stops working) and withdrawn', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'staff-links-'));
    const services = createAdminServices(openDatabase(dataDir).db, dataDir, {
      publicOrigin: 'https://isa.example.org',
    });
    const owner = await services.users.add('owner', 'the owner password');
    const session = services.sessions.create(owner.id).session;
    const first = await inviteColleague(services, session, { username: 'bala', role: 'editor', email: '' });
    if (!first.ok) throw new Error(first.error);
    const [pending] = services.links.pending();
    expect(pending).toMatchObject({ kind: 'invitation', username: 'bala', role: 'editor', createdBy: 'owner' });

    const again = await renewLink(services, session, pending?.id ?? 0);
    if (!again.ok) throw new Error(again.error);
    expect(again.link).not.toBe(first.link);
    expect(await acceptLink(services, tokenOf(first.link), GOOD)).toEqual({
      ok: false,
      error: LINK_PROBLEMS.unknown,
    });
    const [renewed] = services.links.pending();
    expect(services.links.pending()).toHaveLength(1);
    expect(renewed).toMatchObject({ username: 'bala', role: 'editor' });

    expect(withdrawLink(services, session, renewed?.id ?? 0)).toMatchObject({ ok: true });
    expect(services.links.pending()).toEqual([]);
    expect(await renewLink(services, session, renewed?.id ?? 0)).toMatchObject({ ok: false });
    expect(await acceptLink(services, tokenOf(again.link), GOOD)).toMatchObject({ ok: false });
    const editor = { ...session, role: 'editor' as const };
    expect(await renewLink(services, editor, 1)).toMatchObject({ ok: false });
  });
});
