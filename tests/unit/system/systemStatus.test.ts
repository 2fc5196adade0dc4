import { describe, expect, it } from 'vitest';
import type { SystemFacts } from '../../../src/server/system/systemFacts.ts';
import { statusLines, type StatusLine } from '../../../src/server/system/systemStatus.ts';

const NOW = new Date('2026-11-26T10:00:00Z');
const GB = 1024 ** 3;
const COMMIT = 'a'.repeat(40);

function facts(changes: Partial<SystemFacts> = {}): SystemFacts {
  return {
    now: NOW,
    deploy: {
      status: {
        version: 2,
        live: { commit: COMMIT, subject: 'Treasurer phone', since: '2026-11-25T10:00:00Z', rolledBack: false },
        releases: [],
        attempts: [],
        deliveries: [],
      },
      commit: COMMIT,
    },
    backup: { dir: '/srv/isa-backups', intervalMs: 86_400_000, keep: 14, command: ['rclone', 'copy'] },
    lastBackup: { at: '2026-11-26T02:00:00.000Z', ok: true, folder: '/srv/isa-backups/isa-backup-x' },
    lastGoodBackup: { at: '2026-11-26T02:00:00.000Z', ok: true, folder: '/srv/isa-backups/isa-backup-x' },
    lastDrill: { at: '2026-11-26T02:01:00.000Z', ok: true, folder: '/srv/isa-backups/isa-backup-x' },
    mail: { configured: true, failing: undefined, lastSentAt: '2026-11-26T09:00:00.000Z', test: undefined },
    disks: {
      data: { freeBytes: 50 * GB, totalBytes: 100 * GB },
      backups: { freeBytes: 50 * GB, totalBytes: 100 * GB },
    },
    store: { bytes: 1_000_000, uploadsBytes: 5_000_000, photos: 120, messages: 7, events: 40 },
    ...changes,
  };
}

const level = (lines: StatusLine[], key: StatusLine['key']) => lines.find((line) => line.key === key);

describe('the System page’s lines', () => {
  it('all green, each said in words', () => {
    const lines = statusLines(facts());
    expect(lines.map((line) => [line.key, line.level])).toEqual([
      ['version', 'green'],
      ['backup', 'green'],
      ['drill', 'green'],
      ['mail', 'green'],
      ['disk-data', 'green'],
      ['disk-backups', 'green'],
      ['store', 'green'],
    ]);
    expect(level(lines, 'version')?.text).toContain(`Live: ${COMMIT.slice(0, 7)} "Treasurer phone"`);
    expect(level(lines, 'store')?.text).toBe(
      'Database 976.6 KB, photos 4.8 MB: 40 events, 120 photos, 7 contact messages.',
    );
  });

  it('mail off is amber and tells the maintainer what to set; failing for an hour is red, for less amber', () => {
    expect(level(statusLines(facts({ mail: { ...facts().mail, configured: false } })), 'mail')).toMatchObject({
      level: 'amber',
      detail: expect.stringContaining('SMTP_URL'),
    });
    const failing = (since: string) =>
      level(statusLines(facts({ mail: { ...facts().mail, failing: { since, error: '535 auth failed' } } })), 'mail');
    expect(failing('2026-11-26T08:59:00.000Z')).toMatchObject({ level: 'red', detail: expect.stringContaining('535') });
    expect(failing('2026-11-26T09:30:00.000Z')).toMatchObject({ level: 'amber' });
  });

  it('the mail line follows the latest delivery: a failed test mail, then a message delivered, is fine again', () => {
    const test = { at: '2026-11-26T08:00:00.000Z', ok: false, to: 'asha@example.org', error: '535 auth failed' };
    const mail = (lastSentAt: string) =>
      level(statusLines(facts({ mail: { ...facts().mail, test, lastSentAt } })), 'mail');
    expect(mail('2026-11-26T07:00:00.000Z')).toMatchObject({ level: 'amber', detail: expect.stringContaining('535') });
    expect(mail('2026-11-26T09:00:00.000Z')).toMatchObject({
      level: 'green',
      text: 'Mail works. The last message was delivered 26 Nov 2026, 14:30 IST.',
    });
  });

  it('backups that stay on this machine (no BACKUP_COMMAND) are worth a look, and say so plainly', () => {
    const line = level(statusLines(facts({ backup: { ...facts().backup, command: undefined } })), 'backup');
    expect(line).toMatchObject({
      level: 'amber',
      text: 'The last backup was made 26 Nov 2026, 07:30 IST; the last 14 are kept. They are all on this server: if it breaks or is lost, the backups are lost with it.',
      todo: 'Ask the person who looks after the server to have each backup copied to another place.',
      detail: expect.stringMatching(/^BACKUP_COMMAND is not set: .* In \/srv\/isa-backups\/isa-backup-x\.$/),
    });
    expect(level(statusLines(facts()), 'backup')).toMatchObject({
      level: 'green',
      text: expect.stringContaining('copied to another place'),
    });
  });

  it('no BACKUP_DIR, a failed backup or drill, a full disk and a merge not live are red', () => {
    expect(level(statusLines(facts({ backup: { ...facts().backup, dir: undefined } })), 'backup')).toMatchObject({
      level: 'red',
      mailed: false,
      text: 'No backups are made: the events, photos, messages and accounts are nowhere but on this server.',
      detail: expect.stringContaining('BACKUP_DIR is not set'),
    });
    const failed = { at: '2026-11-26T09:00:00.000Z', ok: false, error: 'EACCES: permission denied' };
    expect(level(statusLines(facts({ lastBackup: failed })), 'backup')).toMatchObject({ level: 'red' });
    expect(
      level(statusLines(facts({ lastDrill: { ...failed, folder: '/srv/isa-backups/isa-backup-x' } })), 'drill'),
    ).toMatchObject({ level: 'red', detail: expect.stringContaining('npm run restore -- --check') });
    const nearlyFull = { freeBytes: 1.5 * GB, totalBytes: 10 * GB };
    expect(level(statusLines(facts({ disks: { data: nearlyFull, backups: undefined } })), 'disk-data')).toMatchObject({
      level: 'red',
      text: '1.5 GB free of 10.0 GB (15%).',
    });
    expect(
      level(
        statusLines(facts({ disks: { data: { freeBytes: 9 * GB, totalBytes: 100 * GB }, backups: undefined } })),
        'disk-data',
      )?.level,
    ).toBe('red');
    const status = facts().deploy?.status;
    const attempt = {
      commit: 'b'.repeat(40),
      subject: 'Broken',
      started: '2026-11-26T09:00:00Z',
      result: 'failed' as const,
    };
    expect(
      level(
        statusLines(facts({ deploy: { commit: COMMIT, status: status && { ...status, attempts: [attempt] } } })),
        'version',
      ),
    ).toMatchObject({ level: 'red', mailed: false, text: expect.stringContaining('did not go live') });
    // Once the newest published release is the live one again, the failure is no longer news.
    const withdrawn = status && {
      ...status,
      attempts: [attempt],
      lastCheck: { at: '2026-11-26T09:30:00Z', latest: COMMIT },
    };
    expect(level(statusLines(facts({ deploy: { commit: COMMIT, status: withdrawn } })), 'version')?.level).toBe(
      'green',
    );
  });
});
