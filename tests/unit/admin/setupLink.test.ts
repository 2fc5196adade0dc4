import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { createOfficeServices, type AdminServices } from '../../../src/server/admin/adminServices.ts';
import { makeFirstOwner } from '../../../src/server/admin/firstOwner.ts';
import {
  SETUP_LINK_FILE,
  SETUP_LINK_LIFETIME_MS,
  SetupLinks,
  readSetupLinkFile,
} from '../../../src/server/admin/setupLink.ts';
import { openDatabase } from '../../../src/server/database.ts';

const ORIGIN = 'https://isa.example.org';
const PASSWORD = 'a long first owner password';

describe('the first owner’s setup link', () => {
  let now: number;
  let dataDir: string;
  let setup: SetupLinks;
  let services: AdminServices;

  beforeEach(() => {
    now = Date.parse('2026-11-26T10:00:00Z');
    dataDir = mkdtempSync(path.join(tmpdir(), 'setup-link-'));
    const { db } = openDatabase(dataDir);
    setup = new SetupLinks(db, dataDir, ORIGIN, () => now);
    services = createOfficeServices(db, { publicOrigin: ORIGIN });
  });

  const tokenOf = (address: string) => new URL(address).searchParams.get('token') ?? '';
  const form = (token: string, username = 'asha') => ({
    token,
    username,
    email: 'asha@example.org',
    password: PASSWORD,
  });

  it('keeps one link for 24 hours, recorded for the deploy status, then makes a new one', () => {
    const first = setup.refresh();
    expect(first?.address).toMatch(/^https:\/\/isa\.example\.org\/Admin\/setup\?token=/);
    expect(readSetupLinkFile(dataDir, now)).toEqual(first);
    now += SETUP_LINK_LIFETIME_MS - 60_000;
    expect(setup.refresh()).toBeUndefined();
    now += 60_000;
    expect(setup.problem(tokenOf(first?.address ?? ''))).toBe('expired');
    const second = setup.refresh();
    expect(second?.address).not.toBe(first?.address);
    expect(setup.problem(tokenOf(first?.address ?? ''))).toBe('unknown');
  });

  it('makes the first owner once; then no link is kept', async () => {
    const token = tokenOf(setup.refresh()?.address ?? '');
    const outcome = await makeFirstOwner(services, setup, form(token));
    expect(outcome.ok).toBe(true);
    expect(services.users.find('asha')).toMatchObject({ role: 'owner', email: 'asha@example.org' });
    expect(existsSync(path.join(dataDir, SETUP_LINK_FILE))).toBe(false);
    expect(await makeFirstOwner(services, setup, form(token, 'ravi'))).toEqual({
      ok: false,
      error: expect.stringContaining('already been used'),
    });
    expect(setup.refresh()).toBeUndefined();
    expect(services.users.list()).toHaveLength(1);
  });

  // A bad name or a short password never reaches it: its action's input schema refuses them (tests/unit/actions/).
  it('refuses an expired link, and makes nothing', async () => {
    const token = tokenOf(setup.refresh()?.address ?? '');
    now += SETUP_LINK_LIFETIME_MS;
    expect(await makeFirstOwner(services, setup, form(token))).toMatchObject({
      ok: false,
      error: expect.stringContaining('expired'),
    });
    expect(services.users.list()).toEqual([]);
  });

  it('makes no link once an account exists (made another way)', async () => {
    await services.users.add('ravi', PASSWORD);
    expect(setup.refresh()).toBeUndefined();
    expect(readSetupLinkFile(dataDir, now)).toBeUndefined();
  });
});
