/**
 * What the office reads says what happened and what they can do, in plain words: no setting's name (SMTP_URL,
 * BACKUP_COMMAND, ...), no network address, server path, command or raw error code. The technical side is in the
 * line's detail, for the maintainer (the System page folds it away, the owners' mail puts it last). Every time in IST.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAdminServices } from '../../../src/server/admin/adminServices.ts';
import { deliveryText } from '../../../src/server/admin/messageService.ts';
import { SETUP_PROBLEMS, WHERE_THE_SETUP_LINK_IS, setupLinkLine } from '../../../src/server/admin/setupLink.ts';
import { openDatabase } from '../../../src/server/database.ts';
import { alertOwners } from '../../../src/server/system/ownerAlerts.ts';
import type { SystemFacts } from '../../../src/server/system/systemFacts.ts';
import { SystemState } from '../../../src/server/system/systemState.ts';
import { statusLines, type StatusLine } from '../../../src/server/system/systemStatus.ts';
import { sendTestMail } from '../../../src/server/system/testMail.ts';
import { storedMessage } from '../contact/messageBuilder.ts';

const NOW = new Date('2026-11-26T10:00:00Z');
const GB = 1024 ** 3;
const REFUSED = 'connect ECONNREFUSED 127.0.0.1:2526';
const DENIED = "EACCES: permission denied, mkdir '/srv/isa-backups/.isa-backup-partial-x'";

/** What no office message holds. */
const TECHNICAL: [string, RegExp][] = [
  ['a setting’s name', /\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b/],
  ['a network address', /\b\d{1,3}(\.\d{1,3}){3}\b|\b[a-z][\w.-]*:\d{2,5}\b|localhost/i],
  ['a server path', /(^|[\s(])\/[\w.-]+\//],
  ['an error code', /\bE[A-Z]{3,}\b|\b[45]\d\d\b/],
  ['a command', /npm run|journalctl|docker compose/],
  ['a README', /README/],
  ['a UTC timestamp', /\d{4}-\d\d-\d\dT\d\d:/],
];

function plain(words: string | undefined) {
  for (const [what, pattern] of TECHNICAL) expect(words ?? '', `${what} in “${words}”`).not.toMatch(pattern);
}

const base: SystemFacts = {
  now: NOW,
  deploy: undefined,
  backup: { dir: '/srv/isa-backups', intervalMs: 86_400_000, keep: 14, command: ['rclone', 'copy'] },
  lastBackup: { at: '2026-11-26T02:00:00.000Z', ok: true, folder: '/srv/isa-backups/isa-backup-x' },
  lastGoodBackup: { at: '2026-11-26T02:00:00.000Z', ok: true, folder: '/srv/isa-backups/isa-backup-x' },
  lastDrill: { at: '2026-11-26T02:01:00.000Z', ok: true, folder: '/srv/isa-backups/isa-backup-x' },
  mail: { configured: true, failing: undefined, lastSentAt: '2026-11-26T09:00:00.000Z', test: undefined },
  disks: { data: { freeBytes: 50 * GB, totalBytes: 100 * GB }, backups: { freeBytes: 50 * GB, totalBytes: 100 * GB } },
  store: { bytes: 1_000_000, uploadsBytes: 5_000_000, photos: 120, messages: 7, events: 40 },
};
const failedAt = '2026-11-26T08:00:00.000Z';
const CASES: [string, Partial<SystemFacts>][] = [
  ['no backups folder', { backup: { ...base.backup, dir: undefined } }],
  ['a failed backup', { lastBackup: { at: failedAt, ok: false, error: DENIED } }],
  ['backups that stay on this machine', { backup: { ...base.backup, command: undefined } }],
  ['a copy off the machine that failed', { lastGoodBackup: { ...base.lastGoodBackup!, commandError: 'exit code 23' } }],
  ['no backup for days', { lastGoodBackup: { ...base.lastGoodBackup!, at: '2026-11-20T02:00:00.000Z' } }],
  [
    'a failed drill',
    { lastDrill: { at: failedAt, ok: false, folder: '/srv/isa-backups/isa-backup-x', error: DENIED } },
  ],
  ['a late drill', { lastDrill: { ...base.lastDrill!, at: '2026-11-10T02:00:00.000Z' } }],
  ['mail not set up', { mail: { ...base.mail, configured: false } }],
  ['mail failing for hours', { mail: { ...base.mail, failing: { since: failedAt, error: REFUSED } } }],
  [
    'a failed test mail',
    {
      mail: {
        ...base.mail,
        lastSentAt: undefined,
        test: { at: failedAt, ok: false, to: 'asha@example.org', error: REFUSED },
      },
    },
  ],
  [
    'a disk that cannot be read',
    { disks: { data: `ENOENT: no such file or directory, statfs '/data'`, backups: undefined } },
  ],
  ['a disk nearly full', { disks: { data: { freeBytes: GB, totalBytes: 100 * GB }, backups: undefined } }],
];

describe('the System page’s lines, as the office reads them', () => {
  it.each(CASES)('%s: plain words, and what to do', (_case, changes) => {
    const lines = statusLines({ ...base, ...changes }).filter((line) => line.key !== 'version');
    expect(lines.some((line) => line.level !== 'green' && line.todo)).toBe(true);
    for (const line of lines) {
      plain(line.text);
      plain(line.todo);
    }
  });

  it('keeps the mail server’s answer and the backups folder for the maintainer', () => {
    const detailOf = (changes: Partial<SystemFacts>, key: StatusLine['key']) =>
      statusLines({ ...base, ...changes }).find((line) => line.key === key)?.detail;
    expect(detailOf(CASES[8]![1], 'mail')).toContain(REFUSED);
    expect(detailOf(CASES[1]![1], 'backup')).toContain('EACCES');
    expect(detailOf(CASES[2]![1], 'backup')).toMatch(/BACKUP_COMMAND is not set.*\/srv\/isa-backups/);
  });
});

describe('the other words the office reads', () => {
  it('a contact message not e-mailed yet: plain words, the mail server’s answer for the maintainer', () => {
    const failed = storedMessage({ delivery_state: 'pending', attempts: 3, last_error: REFUSED });
    const { text, detail } = deliveryText(failed);
    plain(text);
    expect(text).toBe(
      'Not e-mailed yet: all 3 tries failed, and it is tried again. It is kept here meanwhile: reply from this page.',
    );
    expect(detail).toContain(REFUSED);
  });

  it('the test mail’s refusals', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'office-words-'));
    const { db } = openDatabase(dataDir);
    const { users } = createAdminServices(db, dataDir, { publicOrigin: 'https://isa.example.org' });
    await users.add('asha', 'the owner password');
    const state = new SystemState(db);
    const noMail = await sendTestMail({ mailer: undefined, users }, state, 'asha', undefined);
    const nowhere = await sendTestMail({ mailer: async () => undefined, users }, state, 'asha', undefined);
    for (const answer of [noMail, nowhere]) {
      expect(answer).toHaveProperty('refused');
      plain('refused' in answer ? answer.refused : '');
    }
  });

  it('the first owner’s setup link: where to find it, why one does not work, until when it works (IST)', () => {
    plain(WHERE_THE_SETUP_LINK_IS.text);
    expect(WHERE_THE_SETUP_LINK_IS.detail).toContain('docker compose logs site');
    for (const problem of Object.values(SETUP_PROBLEMS)) plain(problem.text);
    const line = setupLinkLine({
      address: 'https://isa.example.org/Admin/setup?token=x',
      expiresAt: Date.parse('2026-11-29T12:56:30.476Z'),
    });
    expect(line).toContain('until 29 Nov 2026, 18:26 IST');
    expect(line).not.toContain('2026-11-29T');
  });

  it('the owners’ mails: plain words first, the time in IST, the detail last and named for the maintainer', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'office-words-mail-'));
    const state = new SystemState(openDatabase(dataDir).db);
    const mails: string[] = [];
    const notify = async (subject: string, text: string) => mails.push(`${subject}\n${text}`);
    const options = { state, notify, systemPage: 'https://isa.example.org/Admin/system' };
    const red = statusLines({ ...base, ...CASES[8]![1] });
    await alertOwners(red, { ...options, now: new Date(failedAt) });
    await alertOwners(statusLines(base), { ...options, now: NOW });
    const [raised = '', mended = ''] = mails;
    const [words = '', forTheMaintainer = ''] = raised.split('For the person who looks after the server: ');
    plain(words);
    expect(forTheMaintainer).toContain(REFUSED);
    expect(mended).toContain('it needed action since 26 Nov 2026, 13:30 IST');
    plain(mended);
  });
});
