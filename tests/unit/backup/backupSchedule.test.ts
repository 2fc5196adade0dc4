import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  BackupSchedule,
  DRILL_EVERY_MS,
  LAST_BACKUP,
  LAST_DRILL,
  backupFolders,
  backupRecordSchema,
  commandFor,
  drillRecordSchema,
} from '../../../src/server/backup/backupSchedule.ts';
import { splitCommand } from '../../../src/server/backup/backupSettings.ts';
import { openDatabase } from '../../../src/server/database.ts';
import { readServerSettings } from '../../../src/server/settings.ts';
import { SystemState } from '../../../src/server/system/systemState.ts';

const readBackupSettings = (env: NodeJS.ProcessEnv) => readServerSettings(env).backup;
const temporary = (name: string) => mkdtempSync(path.join(tmpdir(), `backup-schedule-${name}-`));

describe('the backup settings', () => {
  it('reads a duration of at least 1m, a count to keep and a command without a shell', () => {
    expect(readBackupSettings({})).toEqual({ dir: undefined, intervalMs: 86_400_000, keep: 14, command: undefined });
    expect(
      readBackupSettings({
        BACKUP_DIR: '/srv/isa-backups',
        BACKUP_INTERVAL: '1m',
        BACKUP_KEEP: '3',
        BACKUP_COMMAND: `rclone copy --config "/etc/my rclone.conf" 'remote:isa backups'`,
      }),
    ).toEqual({
      dir: '/srv/isa-backups',
      intervalMs: 60_000,
      keep: 3,
      command: ['rclone', 'copy', '--config', '/etc/my rclone.conf', 'remote:isa backups'],
    });
    expect(() => readBackupSettings({ BACKUP_INTERVAL: '30s' })).toThrow(/BACKUP_INTERVAL must be a duration from 1m/);
    expect(() => readBackupSettings({ BACKUP_INTERVAL: 'daily' })).toThrow(/BACKUP_INTERVAL/);
    expect(() => readBackupSettings({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP/);
    expect(() => readBackupSettings({ BACKUP_COMMAND: 'rsync "open' })).toThrow(/quote is not closed/);
    expect(splitCommand('a $(rm -rf /) ; b')).toEqual(['a', '$(rm', '-rf', '/)', ';', 'b']);
    expect(commandFor(['rsync', '-a', '{folder}', 'host:isa/{name}'], '/b/isa-backup-1')).toEqual([
      'rsync',
      '-a',
      '/b/isa-backup-1',
      'host:isa/isa-backup-1',
    ]);
    expect(commandFor(['copy-off'], '/b/it; rm -rf /')).toEqual(['copy-off', '/b/it; rm -rf /']);
  });
});

describe('backups on a schedule', () => {
  let clock: number;
  let dataDir: string;
  let backups: string;
  let state: SystemState;
  let log: string;
  let schedule: BackupSchedule;

  beforeEach(() => {
    clock = Date.parse('2026-11-26T02:00:00Z');
    const root = temporary('root');
    dataDir = path.join(root, 'data');
    backups = path.join(root, 'backups');
    const { db } = openDatabase(dataDir);
    db.prepare("INSERT INTO events (events_title, events_date) VALUES ('CME', '2026-01-10')").run();
    state = new SystemState(db);
    log = path.join(root, 'copied.log');
    const script = path.join(root, 'copy.mjs');
    writeFileSync(
      script,
      `import { appendFileSync } from 'node:fs';\nappendFileSync(${JSON.stringify(log)}, process.argv.slice(2).join('|') + ' ' + process.env.BACKUP_FOLDER + '\\n');\n`,
    );
    schedule = new BackupSchedule({
      dataDir,
      settings: { dir: backups, intervalMs: 60_000, keep: 2, command: [process.execPath, script, '--to=remote'] },
      state,
      now: () => new Date(clock),
      env: {},
    });
  });

  it('makes a signed backup each interval, keeps BACKUP_KEEP of them and runs BACKUP_COMMAND with each', async () => {
    await schedule.tick();
    const [first] = await backupFolders(backups);
    expect(first).toBe('isa-backup-2026-11-26T020000Z');
    expect(existsSync(path.join(backups, first ?? '', 'manifest.json.sig'))).toBe(true);
    clock += 30_000;
    await schedule.tick();
    expect(await backupFolders(backups)).toHaveLength(1);
    clock += 30_000;
    await schedule.tick();
    clock += 60_000;
    await schedule.tick();
    expect(await backupFolders(backups)).toEqual(['isa-backup-2026-11-26T020100Z', 'isa-backup-2026-11-26T020200Z']);
    const copied = readFileSync(log, 'utf8').trim().split('\n');
    expect(copied).toHaveLength(3);
    const newest = path.join(backups, 'isa-backup-2026-11-26T020200Z');
    expect(copied[2]).toBe(`--to=remote|${newest} ${newest}`);
    expect(state.get(LAST_BACKUP, backupRecordSchema)).toMatchObject({ ok: true, folder: newest });
    // The drill ran once, after the first backup, and waits a week for the next.
    expect(state.get(LAST_DRILL, drillRecordSchema)).toMatchObject({ ok: true, at: '2026-11-26T02:00:00.000Z' });
  });

  it('records a failed backup (a backups folder that cannot be written) and a BACKUP_COMMAND that fails', async () => {
    writeFileSync(`${backups}`, 'a file where the folder should be');
    expect(await schedule.backup()).toMatchObject({ ok: false, error: expect.stringMatching(/.+/) });
    const failing = new BackupSchedule({
      dataDir,
      settings: {
        dir: `${backups}-2`,
        intervalMs: 60_000,
        keep: 2,
        command: [process.execPath, '-e', 'process.exit(3)'],
      },
      state,
      now: () => new Date(clock),
      env: {},
    });
    expect(await failing.backup()).toMatchObject({ ok: true, commandError: expect.stringContaining('exit code 3') });
  });

  it('a weekly drill restores the newest backup away from the live store, and fails on a damaged one', async () => {
    const weekly = new BackupSchedule({
      dataDir,
      settings: { dir: backups, intervalMs: 8 * 86_400_000, keep: 2, command: undefined },
      state,
      now: () => new Date(clock),
      env: {},
    });
    await weekly.tick();
    expect(state.get(LAST_DRILL, drillRecordSchema)).toMatchObject({ ok: true });
    const [folder = ''] = await backupFolders(backups);
    writeFileSync(path.join(backups, folder, 'site.sqlite'), 'not the store it was');
    clock += DRILL_EVERY_MS - 60_000;
    await weekly.tick();
    expect(state.get(LAST_DRILL, drillRecordSchema)).toMatchObject({ ok: true });
    clock += 60_000;
    await weekly.tick();
    expect(await backupFolders(backups)).toEqual([folder]);
    expect(state.get(LAST_DRILL, drillRecordSchema)).toMatchObject({
      ok: false,
      folder: path.join(backups, folder),
      error: expect.stringContaining('damaged'),
    });
    expect(existsSync(path.join(dataDir, 'site.sqlite'))).toBe(true);
  });
});
