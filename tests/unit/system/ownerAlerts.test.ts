/**
 * The owners are told by real mail (a local SMTP server): a backups folder that cannot be written makes
 * the Backups line red and mails each owner with an address once, not once per check nor again after a
 * restart; mended, one mail more. The test mail of the System page goes through the same settings, and the
 * server's background tasks (one timer) run the backup schedule from the start, and warn of a round that fails.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  BackupSchedule,
  LAST_BACKUP,
  LAST_DRILL,
  drillRecordSchema,
} from '../../../src/server/backup/backupSchedule.ts';
import { readServerSettings } from '../../../src/server/settings.ts';
import { startServices, type SiteServices } from '../../../src/server/services.ts';
import { currentAlerts } from '../../../src/server/system/ownerAlerts.ts';
import { SystemState } from '../../../src/server/system/systemState.ts';
import { sendTestMail } from '../../../src/server/system/testMail.ts';
import { checkSystem, startBackgroundTasks } from '../../../src/server/system/backgroundTasks.ts';
import { startSmtp } from '../contact/localSmtp.ts';

describe('owners are told by mail when a line turns red, once, and when it is mended', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let site: SiteServices;
  let backups: string;

  beforeAll(async () => {
    smtp = await startSmtp();
    const root = mkdtempSync(path.join(tmpdir(), 'owner-alerts-'));
    backups = path.join(root, 'backups');
    const env = {
      DATA_DIR: path.join(root, 'data'),
      SITE_URL: 'https://isa.example.org/',
      EVENTS_SAMPLE_DATA: 'off',
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      CONTACT_TO: 'office@example.org',
      BACKUP_DIR: backups,
    };
    site = await startServices(readServerSettings(env), env);
    await site.admin.users.add('asha', 'the owner password', { role: 'owner', email: 'asha@example.org' });
    await site.admin.users.add('ravi', 'the owner password', { role: 'owner' });
    await site.admin.users.add('bala', 'the editor password', { role: 'editor', email: 'bala@example.org' });
  });

  afterAll(async () => {
    await site?.close();
    await smtp?.close();
  });

  const subjects = () => smtp.received.map((mail) => /^Subject: (.*)$/m.exec(mail.data)?.[1]);

  it('mails the one owner with an address once for a failed backup, and once when mended', async () => {
    const state = new SystemState(site.database);
    writeFileSync(backups, 'a file where the backups folder should be');
    const schedule = new BackupSchedule({
      dataDir: site.dataDir,
      settings: { ...site.settings.backup, dir: backups },
      state,
      env: {},
    });
    expect(await schedule.backup()).toMatchObject({ ok: false });

    expect(await checkSystem(site, state)).toMatchObject({ raised: ['backup'] });
    await checkSystem(site, state);
    await checkSystem(site, new SystemState(site.database)); // as after a restart
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.to).toEqual(['asha@example.org']);
    expect(subjects()).toEqual(['ISA Tamilnadu website: Backups needs action']);
    expect(smtp.received[0]?.data).toContain('https://isa.example.org/Admin/system');
    expect(currentAlerts(state).map((alert) => alert.key)).toEqual(['backup']);

    rmSync(backups);
    expect(await schedule.backup()).toMatchObject({ ok: true });
    expect(await checkSystem(site, state)).toMatchObject({ mended: ['backup'] });
    await checkSystem(site, state);
    expect(subjects()).toEqual([
      'ISA Tamilnadu website: Backups needs action',
      'ISA Tamilnadu website: Backups is mended',
    ]);
    expect(currentAlerts(state)).toEqual([]);
  });

  it('sends a test mail to the owner who asks, and keeps the result for the Mail line', async () => {
    const before = smtp.received.length;
    const state = new SystemState(site.database);
    expect(await sendTestMail(site.admin, state, 'asha', undefined)).toMatchObject({
      ok: true,
      to: 'asha@example.org',
    });
    expect(await sendTestMail(site.admin, state, 'ravi', 'office@example.org')).toMatchObject({
      ok: true,
      to: 'office@example.org',
    });
    expect(smtp.received.slice(before).map((mail) => mail.to)).toEqual([['asha@example.org'], ['office@example.org']]);
  });

  it("the server's background tasks run the backup schedule from the start: the newest backup is drilled", async () => {
    const state = new SystemState(site.database);
    expect(state.get(LAST_DRILL, drillRecordSchema)).toBeUndefined();
    const said: string[] = [];
    const stop = startBackgroundTasks({
      services: site,
      production: true,
      say: (line) => said.push(line),
      warn: () => {},
    });
    try {
      await vi.waitFor(() => expect(state.get(LAST_DRILL, drillRecordSchema)).toMatchObject({ ok: true }), 20_000);
      expect(said).toContain(`Backups: every 1440 minutes into ${backups}, the last 14 kept.`);
    } finally {
      stop();
    }
  });

  it('a backup round that fails (its record cannot be read) is warned of, and the site goes on', async () => {
    const read = SystemState.prototype.get;
    const spy = vi.spyOn(SystemState.prototype, 'get').mockImplementation(function (this: SystemState, key, schema) {
      if (key === LAST_BACKUP) throw new Error('database disk image is malformed');
      return read.call(this, key, schema);
    });
    const warned: string[] = [];
    const stop = startBackgroundTasks({
      services: site,
      production: true,
      say: () => {},
      warn: (line) => warned.push(line),
    });
    try {
      await vi.waitFor(() => expect(warned).toContain('The backup schedule failed: database disk image is malformed'));
    } finally {
      stop();
      spy.mockRestore();
    }
  });
});
