/**
 * `npm run backup` and `npm run restore` (src/server/backup/): a round trip brings back every
 * event, photo and contact message; a backup made while another process writes is consistent;
 * a DATA_DIR that is not empty, a store in use and a damaged or incomplete backup are refused
 * with DATA_DIR untouched and nothing left behind.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BackupError } from '../../../src/server/backup/backupError.ts';
import { backupName, createBackup } from '../../../src/server/backup/createBackup.ts';
import { sha256 } from '../../../src/server/backup/files.ts';
import { MANIFEST_FILE, manifestSchema, type BackupManifest } from '../../../src/server/backup/manifest.ts';
import { restoreBackup } from '../../../src/server/backup/restoreBackup.ts';
import { openDatabase } from '../../../src/server/database.ts';
import { makeDataDir, readDataDir } from './dataDirFixture.ts';

/** The backup key of these tests (the commands make their own beside the backups folder). */
const KEY = 'k'.repeat(64);

let root: string;
let dataDir: string;
let backups: string;

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'isa-backup-'));
  dataDir = path.join(root, 'data');
  backups = path.join(root, 'backups');
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A DATA_DIR with events, photos and messages, and a backup of it. */
async function backupOfSampleData() {
  const { db } = makeDataDir(dataDir);
  db.close();
  return createBackup(dataDir, backups, new Date('2026-11-23T09:15:02.345Z'), KEY);
}

/** The folders of `root`: nothing half-made may stay behind (".data.restoring-...", ".isa-backup-partial-..."). */
const leftovers = (folder: string) => readdirSync(folder).filter((name) => name.startsWith('.'));

describe('backup and restore', () => {
  it('bring back every event, photo and contact message, and the contact form key', async () => {
    const { folder, manifest } = await backupOfSampleData();
    const original = await readDataDir(dataDir);

    expect(path.basename(folder)).toBe('isa-backup-2026-11-23T091502Z');
    expect(manifest.database).toMatchObject({ events: 2, photos: 5, contactMessages: 2 });
    expect(manifest.files.map((file) => file.path).sort()).toEqual([
      'contact-form.key',
      'uploads/events/101/1.jpg',
      'uploads/events/101/2.jpg',
      'uploads/events/101/3.jpg',
      'uploads/events/102/1.jpg',
      'uploads/events/102/2.jpg',
    ]);
    expect(manifest.missingPhotos).toEqual([]);
    // Resized photos are made again on demand: not in the backup.
    expect(existsSync(path.join(folder, 'cache'))).toBe(false);

    const restoredDir = path.join(root, 'restored');
    const result = await restoreBackup(folder, restoredDir, { key: KEY });
    expect(result.keptAside).toBeUndefined();
    const restored = await readDataDir(restoredDir);
    expect(restored).toEqual(original);
    expect(restored.list.map((event) => event.events_id)).toEqual([102, 101]);
    expect(restored.photos).toEqual([
      'photo 1 of event 102',
      'photo 2 of event 102',
      'photo 1 of event 101',
      'photo 2 of event 101',
      'photo 3 of event 101',
    ]);
    expect(restored.messages.map((message) => message.name)).toEqual(['Sample Ravi', 'Dr. Sample Asha']);
    expect(restored.messages[0]?.delivery_state).toBe('pending');
    expect(readFileSync(path.join(restoredDir, 'contact-form.key'), 'utf8')).toBe(
      readFileSync(path.join(dataDir, 'contact-form.key'), 'utf8'),
    );
    expect(leftovers(root)).toEqual([]);
  });

  it('restores into an empty DATA_DIR that already exists (a fresh volume)', async () => {
    const { folder } = await backupOfSampleData();
    const emptyDir = path.join(root, 'empty');
    mkdirSync(emptyDir);
    await restoreBackup(folder, emptyDir, { key: KEY });
    expect((await readDataDir(emptyDir)).list).toHaveLength(2);
  });

  it('names backups by time and never reuses a name', async () => {
    expect(backupName(new Date('2027-01-02T03:04:05.678Z'))).toBe('isa-backup-2027-01-02T030405Z');
    const first = await backupOfSampleData();
    const second = await createBackup(dataDir, backups, new Date('2026-11-23T09:15:02.999Z'), KEY);
    expect(path.basename(second.folder)).toBe(`${path.basename(first.folder)}-2`);
    expect(leftovers(backups)).toEqual([]);
  });
});

describe('a backup while another process writes', () => {
  const WRITER = path.join(import.meta.dirname, '../fixtures/writeEventsUntilKilled.ts');
  let writer: ChildProcess | undefined;

  afterEach(() => {
    writer?.kill('SIGKILL');
  });

  it('is a consistent snapshot: whole transactions, every one committed before it began', async () => {
    mkdirSync(dataDir, { recursive: true });
    openDatabase(dataDir).db.close();
    const committed: number[] = [];
    writer = spawn(process.execPath, [WRITER, dataDir], { stdio: ['ignore', 'pipe', 'inherit'] });
    writer.stdout?.setEncoding('utf8');
    let partial = '';
    writer.stdout?.on('data', (chunk: string) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      committed.push(...lines.map(Number));
    });
    await expect.poll(() => committed.length, { timeout: 10_000 }).toBeGreaterThan(200);
    const committedBefore = committed.length;

    const { folder, manifest } = await createBackup(dataDir, backups, new Date(), KEY);
    const countAfter = committed.length;
    expect(countAfter).toBeGreaterThan(committedBefore);

    const snapshot = new DatabaseSync(path.join(folder, 'site.sqlite'), { readOnly: true });
    const rows = snapshot
      .prepare(
        'SELECT e.events_id AS id, count(i.id) AS photos FROM events e LEFT JOIN event_images i USING (events_id) GROUP BY e.events_id',
      )
      .all();
    snapshot.close();
    expect(rows.length).toBe(manifest.database.events);
    expect(rows.length).toBeGreaterThanOrEqual(committedBefore);
    // Each writer transaction adds an event with three photos: none is there in part.
    expect(rows.filter((row) => row['photos'] !== 3)).toEqual([]);
    expect(rows.map((row) => Number(row['id']))).toEqual(rows.map((_, index) => index + 1));

    // And it restores.
    await restoreBackup(folder, path.join(root, 'restored'), { key: KEY });
  });
});

describe('restore refuses', () => {
  it('a DATA_DIR that is not empty, in one line, leaving it as it was', async () => {
    const { folder } = await backupOfSampleData();
    writeFileSync(path.join(dataDir, 'note.txt'), 'keep me');
    const before = readdirSync(dataDir).sort();
    await expect(restoreBackup(folder, dataDir, { key: KEY })).rejects.toThrow(
      new BackupError(
        `DATA_DIR ${dataDir} is not empty (cache, contact-form.key, note.txt, site.sqlite, ...): stop the server and add --force to replace it (its contents are kept aside), or choose an empty DATA_DIR.`,
      ),
    );
    expect(readdirSync(dataDir).sort()).toEqual(before);
    expect(leftovers(root)).toEqual([]);
  });

  it('with --force, replaces it and keeps its contents aside', async () => {
    const { folder } = await backupOfSampleData();
    const { db } = openDatabase(dataDir);
    db.exec('DELETE FROM contact_messages');
    db.close();
    writeFileSync(path.join(dataDir, 'note.txt'), 'keep me');
    const { keptAside } = await restoreBackup(folder, dataDir, {
      force: true,
      now: new Date('2026-12-01T08:00:00Z'),
      key: KEY,
    });
    expect(keptAside).toBe(`${dataDir}.before-restore-2026-12-01T080000Z`);
    expect((await readDataDir(dataDir)).messages).toHaveLength(2);
    expect(existsSync(path.join(dataDir, 'note.txt'))).toBe(false);
    expect(readFileSync(path.join(keptAside ?? '', 'note.txt'), 'utf8')).toBe('keep me');
  });

  it('a store still open in another process, even with --force', async () => {
    const { folder } = await backupOfSampleData();
    const server = spawn(
      process.execPath,
      [
        '-e',
        `const { DatabaseSync } = require('node:sqlite'); const db = new DatabaseSync(process.argv[1]); db.prepare('SELECT 1').get(); console.log('open'); setInterval(() => {}, 1000);`,
        path.join(dataDir, 'site.sqlite'),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      await new Promise((resolve) => server.stdout.once('data', resolve));
      await expect(restoreBackup(folder, dataDir, { force: true, key: KEY })).rejects.toThrow(
        /is open in another process: stop the server first/,
      );
      expect(existsSync(path.join(dataDir, 'site.sqlite'))).toBe(true);
      expect(leftovers(root)).toEqual([]);
    } finally {
      server.kill('SIGKILL');
    }
  });

  /** Damages the backup in `folder` in one way. */
  const damages: [string, (folder: string) => void, RegExp][] = [
    [
      'a missing manifest',
      (folder) => rmSync(path.join(folder, MANIFEST_FILE)),
      /is not a backup made by npm run backup: it has no manifest\.json/,
    ],
    [
      'a manifest that is not JSON',
      (folder) => writeFileSync(path.join(folder, MANIFEST_FILE), '{ "format": '),
      /is damaged: manifest\.json is not valid JSON/,
    ],
    [
      'a manifest of something else',
      (folder) => writeFileSync(path.join(folder, MANIFEST_FILE), '{"format": "zip"}'),
      /not one this site can read: manifest\.json is wrong at "format"/,
    ],
    [
      'a path leading out of the backup',
      (folder) =>
        editManifest(folder, (manifest) => manifest.files.push({ path: '../x.jpg', bytes: 1, sha256: '0'.repeat(64) })),
      /manifest\.json is wrong at "files\.6\.path"/,
    ],
    [
      'a missing photo',
      (folder) => rmSync(path.join(folder, 'uploads/events/102/2.jpg')),
      /is incomplete: uploads\/events\/102\/2\.jpg is missing/,
    ],
    [
      'a damaged photo',
      (folder) => writeFileSync(path.join(folder, 'uploads/events/101/1.jpg'), 'photo 1 of event 10!'),
      /is damaged: uploads\/events\/101\/1\.jpg is not the file it was when backed up/,
    ],
    ['a missing store', (folder) => rmSync(path.join(folder, 'site.sqlite')), /is incomplete: site\.sqlite is missing/],
    [
      'a store that is not a database, with a matching checksum',
      (folder) => {
        writeFileSync(path.join(folder, 'site.sqlite'), 'not a database at all, but long enough to look like a file');
        editManifest(folder, (manifest) => {
          const bytes = readFileSync(path.join(folder, 'site.sqlite'));
          manifest.database.bytes = bytes.byteLength;
          manifest.database.sha256 = sha256(bytes);
        });
      },
      /The store in the backup .* is damaged or not a database/,
    ],
  ];

  // Checks that hold with --unsigned too (a backup made before backups were signed, or a lost key).
  it.each(damages)('%s, leaving no DATA_DIR and nothing half-made', async (_, damage, message) => {
    const { folder } = await backupOfSampleData();
    damage(folder);
    const target = path.join(root, 'restored');
    await expect(restoreBackup(folder, target, { unsigned: true })).rejects.toThrow(message);
    expect(existsSync(target)).toBe(false);
    expect(leftovers(root)).toEqual([]);
  });
});

describe('backup refuses', () => {
  it('a DATA_DIR without a store', async () => {
    mkdirSync(dataDir);
    await expect(createBackup(dataDir, backups)).rejects.toThrow(/There is nothing to back up: .* has no site\.sqlite/);
    expect(existsSync(backups)).toBe(false);
  });

  it('a folder inside DATA_DIR', async () => {
    makeDataDir(dataDir).db.close();
    await expect(createBackup(dataDir, path.join(dataDir, 'backups'))).rejects.toThrow(/cannot go inside DATA_DIR/);
  });
});

describe('the commands', () => {
  // The machine's own BACKUP_KEY and BACKUP_KEY_FILE, if any, left out: each test says which key it uses.
  const environment = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('BACKUP_KEY')),
  );
  const run = (script: string, args: string[], env: Record<string, string>) =>
    spawnSync(process.execPath, [`scripts/${script}.ts`, ...args], {
      env: { ...environment, ...env },
      encoding: 'utf8',
    });

  it('back up and restore, and refuse with a one-line reason and a non-zero exit', async () => {
    makeDataDir(dataDir).db.close();
    const backup = run('backup', [backups], { DATA_DIR: dataDir });
    expect(backup.status).toBe(0);
    expect(backup.stdout).toMatch(
      /^Backup written to .*isa-backup-[\dT-]+Z: 2 events with 5 photo records, 2 contact messages, 6 files/m,
    );
    expect(backup.stdout).toContain(`Signed with the backup key in ${backups}.key.`);
    expect(backup.stderr).toMatch(/^Note: the backup key .*backups\.key was made now\. Keep a copy of it/);
    expect(run('backup', [backups], { DATA_DIR: dataDir }).stderr).toBe('');
    const [name = ''] = readdirSync(backups);

    const refused = run('restore', [path.join(backups, name)], { DATA_DIR: dataDir });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(
      /^Nothing restored: DATA_DIR .* is not empty \(.*\): stop the server and add --force/,
    );
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);

    const restored = run('restore', [path.join(backups, name)], { DATA_DIR: path.join(root, 'restored') });
    expect(restored.status).toBe(0);
    expect(restored.stdout.split('\n')).toEqual([
      `Store: DATA_DIR=${path.join(root, 'restored')} (no settings file; the environment only).`,
      'The backup brings back no admin accounts.',
      expect.stringMatching(/^Restored the backup of .* into .*restored: 2 events/),
      `Its signature holds under the backup key in ${backups}.key.`,
      '',
    ]);

    const failed = run('backup', [backups], { DATA_DIR: path.join(root, 'nowhere') });
    expect(failed.status).toBe(1);
    expect(failed.stderr).toMatch(/^Backup failed: There is nothing to back up/);
    expect(run('restore', [], {}).status).toBe(2);
  });
});

function editManifest(folder: string, edit: (manifest: BackupManifest) => void) {
  const file = path.join(folder, MANIFEST_FILE);
  const manifest = manifestSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  edit(manifest);
  writeFileSync(file, JSON.stringify(manifest));
}
