/**
 * The store, its write-ahead log files, the keys, the setup link and the backups are readable by the site's user alone
 * (src/server/privateFiles.ts), under the umask Docker leaves a process (022: new files 0644 otherwise).
 */
import { chmodSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETUP_LINK_FILE, SetupLinks } from '../../src/server/admin/setupLink.ts';
import { signingKey } from '../../src/server/backup/backupKey.ts';
import { createBackup } from '../../src/server/backup/createBackup.ts';
import { SECRET_FILE, loadFormSecret } from '../../src/server/contact/formSecret.ts';
import { DATABASE_FILE, openDatabase } from '../../src/server/database.ts';

const modeOf = (file: string) => statSync(file).mode & 0o777;

let umask: number;
beforeAll(() => {
  umask = process.umask(0o022);
});
afterAll(() => {
  process.umask(umask);
});

const fresh = () => mkdtempSync(path.join(tmpdir(), 'isa-modes-'));

describe('files readable by the site’s user alone, whatever the umask', () => {
  it('a new store: its folder 0700, site.sqlite, -wal and -shm 0600', () => {
    const dataDir = path.join(fresh(), 'data');
    const { db } = openDatabase(dataDir);
    db.prepare('INSERT INTO store_flags (name) VALUES (?)').run('written');
    const file = path.join(dataDir, DATABASE_FILE);
    expect(modeOf(dataDir)).toBe(0o700);
    expect([file, `${file}-wal`, `${file}-shm`].map(modeOf)).toEqual([0o600, 0o600, 0o600]);
    db.close();
  });

  it('a store an earlier version left readable by others is narrowed when opened', () => {
    const dataDir = fresh();
    const file = path.join(dataDir, DATABASE_FILE);
    openDatabase(dataDir).db.close();
    chmodSync(file, 0o644);
    const { db } = openDatabase(dataDir);
    db.prepare('INSERT INTO store_flags (name) VALUES (?)').run('written');
    expect([file, `${file}-wal`, `${file}-shm`].map(modeOf)).toEqual([0o600, 0o600, 0o600]);
    db.close();
  });

  it('the contact form key, the setup link and the backup key: 0600', async () => {
    const dataDir = fresh();
    const { db } = openDatabase(dataDir);
    loadFormSecret(dataDir, {});
    new SetupLinks(db, dataDir, 'https://isa.example.org').refresh();
    const backups = path.join(fresh(), 'backups');
    const key = await signingKey(backups, dataDir, {});
    expect([SECRET_FILE, SETUP_LINK_FILE].map((name) => modeOf(path.join(dataDir, name)))).toEqual([0o600, 0o600]);
    expect(modeOf(key.from)).toBe(0o600);
    db.close();
  });

  it('a backup: its folders 0700, the snapshot of the store and every file in it 0600', async () => {
    const dataDir = fresh();
    openDatabase(dataDir).db.close();
    loadFormSecret(dataDir, {});
    const parent = path.join(fresh(), 'backups');
    const { folder } = await createBackup(dataDir, parent);
    expect([parent, folder].map(modeOf)).toEqual([0o700, 0o700]);
    const files = readdirSync(folder);
    expect(files).toContain(DATABASE_FILE);
    expect(files.map((name) => [name, modeOf(path.join(folder, name))])).toEqual(files.map((name) => [name, 0o600]));
  });
});
