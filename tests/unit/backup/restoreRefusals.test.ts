/**
 * A backup cannot be turned against the site: restore refuses a backup that is unsigned, signed
 * with another key or changed since it was signed (a replaced password hash, a planted
 * session, an owner invitation, an editor made owner), unless told --unsigned, which warns; and
 * even then symbolic links, hard links and special files anywhere in it (manifest included), a
 * store whose schema is not exactly what the site's migrations make (an injected trigger or
 * table); it names the admin accounts a backup brings back before putting it in place. Every
 * refusal leaves no DATA_DIR and nothing half-made.
 */
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BackupError } from '../../../src/server/backup/backupError.ts';
import { SIGNATURE_FILE } from '../../../src/server/backup/backupSignature.ts';
import { createBackup } from '../../../src/server/backup/createBackup.ts';
import { sha256 } from '../../../src/server/backup/files.ts';
import { MANIFEST_FILE, manifestSchema } from '../../../src/server/backup/manifest.ts';
import { restoreBackup } from '../../../src/server/backup/restoreBackup.ts';
import { makeDataDir } from './dataDirFixture.ts';

const KEY = 'k'.repeat(64);

let root: string;
let dataDir: string;
let target: string;

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'isa-restore-refusals-'));
  dataDir = path.join(root, 'data');
  target = path.join(root, 'restored');
  makeDataDir(dataDir).db.close();
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

async function backup(key?: string): Promise<string> {
  return (await createBackup(dataDir, path.join(root, 'backups'), new Date('2026-11-23T09:15:02Z'), key)).folder;
}

/** Runs `sql` on the backup's store, then makes the manifest's size and hash fit again (as a tamperer would). */
function tamperStore(folder: string, sql: string) {
  const file = path.join(folder, 'site.sqlite');
  const db = new DatabaseSync(file);
  db.exec(sql);
  db.close();
  const manifestFile = path.join(folder, MANIFEST_FILE);
  const manifest = manifestSchema.parse(JSON.parse(readFileSync(manifestFile, 'utf8')));
  const bytes = readFileSync(file);
  manifest.database = { ...manifest.database, bytes: bytes.byteLength, sha256: sha256(bytes) };
  writeFileSync(manifestFile, JSON.stringify(manifest));
}

/** Whether the restore left nothing: no DATA_DIR, no staging folder. */
const nothingLeft = () => !existsSync(target) && readdirSync(root).every((name) => !name.startsWith('.'));

describe('restore refuses', () => {
  it.each([
    [
      'a photo that is a symbolic link to a system file',
      (folder: string) => {
        const photo = path.join(folder, 'uploads/events/101/1.jpg');
        unlinkSync(photo);
        symlinkSync('/etc/passwd', photo);
      },
      /symbolic link at uploads\/events\/101\/1\.jpg/,
    ],
    [
      'a folder that is a symbolic link',
      (folder: string) => {
        const elsewhere = path.join(root, 'elsewhere');
        mkdirSync(elsewhere);
        rmSync(path.join(folder, 'uploads/events/102'), { recursive: true });
        symlinkSync(elsewhere, path.join(folder, 'uploads/events/102'));
      },
      /symbolic link at uploads\/events\/102/,
    ],
    [
      'a manifest that is a symbolic link',
      (folder: string) => {
        const moved = path.join(root, 'manifest-elsewhere.json');
        writeFileSync(moved, readFileSync(path.join(folder, MANIFEST_FILE)));
        unlinkSync(path.join(folder, MANIFEST_FILE));
        symlinkSync(moved, path.join(folder, MANIFEST_FILE));
      },
      /symbolic link at manifest\.json/,
    ],
    [
      'a hard link to a file outside the backup',
      (folder: string) => {
        const photo = path.join(folder, 'uploads/events/101/2.jpg');
        linkSync(photo, path.join(root, 'outside.jpg'));
      },
      /hard link \(a file with 2 names\) at uploads\/events\/101\/2\.jpg/,
    ],
    [
      'a special file (a FIFO)',
      (folder: string) => {
        expect(spawnSync('mkfifo', [path.join(folder, 'uploads/pipe.jpg')]).status).toBe(0);
      },
      /special file .* at uploads\/pipe\.jpg/,
    ],
    [
      'a store with an injected trigger (its hashes made to fit)',
      (folder: string) =>
        tamperStore(
          folder,
          `CREATE TRIGGER leak AFTER INSERT ON contact_messages BEGIN
             UPDATE events SET events_sub_title = NEW.message WHERE events_id = 101;
           END;`,
        ),
      /schema this site does not make \(not made by the site: trigger leak\)/,
    ],
    [
      'a store with an extra table',
      (folder: string) => tamperStore(folder, 'CREATE TABLE notes (text TEXT)'),
      /not made by the site: table notes/,
    ],
    [
      'a store with a dropped index',
      (folder: string) => tamperStore(folder, 'DROP INDEX contact_messages_by_time'),
      /missing or changed: index contact_messages_by_time/,
    ],
  ])('%s, naming it', async (_label, damage, message) => {
    const folder = await backup(KEY);
    damage(folder);
    // Refused by the signature first (a changed manifest), and by these checks even with --unsigned.
    await expect(restoreBackup(folder, target, { key: KEY })).rejects.toBeInstanceOf(BackupError);
    const attempt = restoreBackup(folder, target, { unsigned: true });
    await expect(attempt).rejects.toBeInstanceOf(BackupError);
    await expect(attempt).rejects.toThrow(message);
    expect(nothingLeft()).toBe(true);
  });
});

describe('admin accounts in a backup', () => {
  it('are named before the backup is put in place', async () => {
    const folder = await backup();
    tamperStore(
      folder,
      "INSERT INTO admin_users (username, password_hash, created_at) VALUES ('intruder', 'x', '2026-01-01'), ('asha', 'y', '2026-01-01')",
    );
    const told: { usernames: string[]; inPlace: boolean }[] = [];
    const result = await restoreBackup(folder, target, {
      unsigned: true,
      onAccounts: (usernames) => told.push({ usernames, inPlace: existsSync(target) }),
    });
    expect(told).toEqual([{ usernames: ['asha', 'intruder'], inPlace: false }]);
    expect(result.accounts).toEqual(['asha', 'intruder']);
  });
});

describe('the signature', () => {
  it('restores a backup signed with it', async () => {
    const folder = await backup(KEY);
    expect(readFileSync(path.join(folder, SIGNATURE_FILE), 'utf8')).toMatch(/^[0-9a-f]{64}\n$/);
    await expect(restoreBackup(folder, target, { key: KEY })).resolves.toMatchObject({ dataDir: target });
  });

  it.each([
    ['an unsigned backup', async () => backup(), /is not signed \(made before backups were signed/],
    ['a backup signed with another key', async () => backup('o'.repeat(64)), /does not match its signature/],
    [
      'a signed backup whose store was changed and its hashes made to fit',
      async () => {
        const folder = await backup(KEY);
        tamperStore(folder, "UPDATE events SET events_title = 'Changed' WHERE events_id = 101");
        return folder;
      },
      /does not match its signature/,
    ],
  ])('refuses %s, unless told --unsigned', async (_label, make, message) => {
    const folder = await make();
    await expect(restoreBackup(folder, target, { key: KEY })).rejects.toThrow(message);
    expect(nothingLeft()).toBe(true);
    await expect(restoreBackup(folder, target, { key: KEY, unsigned: true })).resolves.toMatchObject({
      dataDir: target,
    });
  });

  it('refuses any backup without a key to check it with, unless told --unsigned', async () => {
    const folder = await backup(KEY);
    await expect(restoreBackup(folder, target)).rejects.toThrow(/There is no backup key to check the backup in/);
    expect(nothingLeft()).toBe(true);
    await expect(restoreBackup(folder, target, { unsigned: true })).resolves.toMatchObject({ dataDir: target });
  });
});

// The machine's own BACKUP_KEY and BACKUP_KEY_FILE, if any, left out: each test says which key it uses.
const environment = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('BACKUP_KEY')));
const run = (script: string, args: string[], env: Record<string, string>) =>
  spawnSync(process.execPath, [`scripts/${script}.ts`, ...args], {
    env: { ...environment, ...env },
    encoding: 'utf8',
  });

/** Accounts and what they hold, in the store of `dataDir`, before it is backed up. */
function addAccounts() {
  const db = new DatabaseSync(path.join(dataDir, 'site.sqlite'));
  db.exec(`INSERT INTO admin_users (username, password_hash, created_at, role)
           VALUES ('asha', '$argon2id$v=19$m=65536,t=3,p=1$asha$hash', '2026-01-01', 'owner'),
                  ('bala', '$argon2id$v=19$m=65536,t=3,p=1$bala$hash', '2026-01-01', 'editor')`);
  db.close();
}

describe('backups are signed by default', () => {
  /** What the reviewer changed in a backup, each then restored and working. */
  const tampering: [string, string][] = [
    [
      'a replaced password hash',
      "UPDATE admin_users SET password_hash = '$argon2id$v=19$m=65536,t=3,p=1$known$hash' WHERE username = 'asha'",
    ],
    [
      'a planted session',
      `INSERT INTO admin_sessions (token_hash, user_id, csrf_token, created_at, expires_at)
       SELECT '${'a'.repeat(64)}', id, 'csrf', 0, 32503680000000 FROM admin_users WHERE username = 'asha'`,
    ],
    [
      'an owner invitation',
      `INSERT INTO admin_links (token_hash, kind, username, role, created_by, created_at, expires_at)
       VALUES ('${'b'.repeat(64)}', 'invitation', 'mallory', 'owner', 'asha', 0, 32503680000000)`,
    ],
    ['an editor promoted to owner', "UPDATE admin_users SET role = 'owner' WHERE username = 'bala'"],
  ];

  it.each(tampering)('refuses a backup with %s, made by npm run backup with no setting', (_case, sql) => {
    addAccounts();
    const backups = path.join(root, 'nightly');
    expect(run('backup', [backups], { DATA_DIR: dataDir }).status).toBe(0);
    const folder = path.join(backups, readdirSync(backups).find((name) => name.startsWith('isa-backup-')) ?? '');
    tamperStore(folder, sql);

    const refused = run('restore', [folder], { DATA_DIR: target });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/^Nothing restored: .* does not match its signature under this backup key/);
    expect(nothingLeft()).toBe(true);

    const unsigned = run('restore', [folder, '--unsigned'], { DATA_DIR: target });
    expect(unsigned.status).toBe(0);
    expect(unsigned.stderr).toMatch(/^WARNING: --unsigned: the backup is restored WITHOUT checking its signature/);
    expect(unsigned.stderr).toMatch(/WARNING: --unsigned: the backup was restored WITHOUT checking its signature/);
  });

  it.each(tampering)(
    'refuses an unsigned backup (the old default) with %s, and restores it with --unsigned, warning',
    async (_case, sql) => {
      addAccounts();
      const folder = await backup();
      tamperStore(folder, sql);
      const refused = run('restore', [folder], { DATA_DIR: target, BACKUP_KEY: KEY });
      expect(refused.status).toBe(1);
      expect(refused.stderr).toMatch(/^Nothing restored: .* is not signed/);
      expect(nothingLeft()).toBe(true);
      // Nor without any key: there is none beside its folder.
      expect(run('restore', [folder], { DATA_DIR: target }).stderr).toMatch(/There is no backup key to check/);

      const unsigned = run('restore', [folder, '--unsigned'], { DATA_DIR: target });
      expect(unsigned.status).toBe(0);
      expect(unsigned.stderr).toContain('WARNING: --unsigned');
      expect(existsSync(path.join(target, 'site.sqlite'))).toBe(true);
    },
  );

  it('restores on a new machine with a copy of the key, given as BACKUP_KEY or BACKUP_KEY_FILE', () => {
    const backups = path.join(root, 'nightly');
    expect(run('backup', [backups], { DATA_DIR: dataDir }).status).toBe(0);
    const key = readFileSync(`${backups}.key`, 'utf8');
    // The backups copied to another machine, without the key beside them.
    const copied = path.join(root, 'copied');
    mkdirSync(copied);
    const name = readdirSync(backups).find((entry) => entry.startsWith('isa-backup-')) ?? '';
    expect(spawnSync('cp', ['-a', path.join(backups, name), copied]).status).toBe(0);
    const folder = path.join(copied, name);

    expect(run('restore', [folder], { DATA_DIR: target }).stderr).toMatch(/There is no backup key to check/);
    const keyFile = path.join(root, 'kept-key.txt');
    writeFileSync(keyFile, key);
    expect(run('restore', [folder], { DATA_DIR: target, BACKUP_KEY_FILE: keyFile }).status).toBe(0);
    rmSync(target, { recursive: true });
    expect(run('restore', [folder], { DATA_DIR: target, BACKUP_KEY: key.trim() }).status).toBe(0);
  });
});

describe('BACKUP_KEY with the commands', () => {
  it('signs with it, refuses another key unless --unsigned, and refuses a short key', () => {
    const backups = path.join(root, 'signed');
    const made = run('backup', [backups], { DATA_DIR: dataDir, BACKUP_KEY: KEY });
    expect(made.status).toBe(0);
    expect(made.stdout).toContain('Signed with the backup key in BACKUP_KEY.');
    expect(existsSync(`${backups}.key`)).toBe(false);
    const folder = path.join(backups, readdirSync(backups)[0] ?? '');

    const refused = run('restore', [folder], { DATA_DIR: target, BACKUP_KEY: 'o'.repeat(64) });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/^Nothing restored: .*does not match its signature under this backup key/);
    expect(existsSync(target)).toBe(false);

    const unsigned = run('restore', [folder, '--unsigned'], { DATA_DIR: target, BACKUP_KEY: 'o'.repeat(64) });
    expect(unsigned.status).toBe(0);
    expect(unsigned.stderr).toContain('WARNING: --unsigned: the backup was restored WITHOUT checking its signature');

    const short = run('backup', [backups], { DATA_DIR: dataDir, BACKUP_KEY: 'short' });
    expect(short.status).toBe(1);
    expect(short.stderr).toMatch(/The backup key in BACKUP_KEY must have at least 32 characters/);
  });
});
