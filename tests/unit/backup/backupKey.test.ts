/**
 * The backup key (src/server/backup/backupKey.ts): made on first use beside the backups folder, never inside
 * DATA_DIR nor inside the backups, found again by a restore of a backup in that folder; BACKUP_KEY and
 * BACKUP_KEY_FILE as the explicit ways. Refusals first.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkingKey, keyFileBeside, signingKey } from '../../../src/server/backup/backupKey.ts';

let root: string;
let dataDir: string;
let backups: string;

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'isa-backup-key-'));
  dataDir = path.join(root, 'data');
  backups = path.join(root, 'backups');
  mkdirSync(dataDir);
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('signingKey refuses', () => {
  it.each([
    ['a key file inside DATA_DIR', () => ({ BACKUP_KEY_FILE: path.join(dataDir, 'backup.key') }), /inside DATA_DIR/],
    [
      'a key file inside the backups folder',
      () => ({ BACKUP_KEY_FILE: path.join(backups, 'backup.key') }),
      /inside the backups folder/,
    ],
    [
      'a key file of fewer than 32 characters',
      () => {
        writeFileSync(`${backups}.key`, 'short\n');
        return {};
      },
      /must have at least 32 characters/,
    ],
    ['a BACKUP_KEY of fewer than 32 characters', () => ({ BACKUP_KEY: 'short' }), /must have at least 32 characters/],
  ])('%s', async (_case, env, message) => {
    await expect(signingKey(backups, dataDir, env())).rejects.toThrow(message);
  });

  it('a backups folder inside DATA_DIR (its key would be inside too)', async () => {
    await expect(signingKey(path.join(dataDir, 'backups'), dataDir, {})).rejects.toThrow(
      /Backups cannot go inside DATA_DIR/,
    );
  });

  it('the root folder as the backups folder', () => {
    expect(() => keyFileBeside('/')).toThrow(/cannot go in \/ itself/);
  });
});

describe('signingKey and checkingKey', () => {
  it('make the key beside the backups folder on first use, readable by its owner only, then use it again', async () => {
    const first = await signingKey(backups, dataDir, {});
    expect(first).toMatchObject({ from: `${backups}.key`, made: true });
    expect(first.key).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(`${backups}.key`, 'utf8')).toBe(`${first.key}\n`);
    expect(statSync(`${backups}.key`).mode & 0o777).toBe(0o600);

    expect(await signingKey(backups, dataDir, {})).toEqual({ ...first, made: false });
    // A restore of a backup in that folder finds it.
    expect(await checkingKey(path.join(backups, 'isa-backup-2026-11-23T091502Z'), {})).toEqual({
      ...first,
      made: false,
    });
  });

  it('find no key for a backup with none beside its folder', async () => {
    expect(await checkingKey(path.join(root, 'elsewhere', 'isa-backup-2026-11-23T091502Z'), {})).toBeUndefined();
  });

  it('take BACKUP_KEY before any file, and BACKUP_KEY_FILE before the file beside the folder', async () => {
    const kept = path.join(root, 'kept', 'isa.key');
    mkdirSync(path.dirname(kept));
    writeFileSync(kept, `${'f'.repeat(64)}\n`);
    const key = 'e'.repeat(40);
    expect(await signingKey(backups, dataDir, { BACKUP_KEY: ` ${key} ` })).toEqual({
      key,
      from: 'BACKUP_KEY',
      made: false,
    });
    expect(await signingKey(backups, dataDir, { BACKUP_KEY_FILE: kept })).toEqual({
      key: 'f'.repeat(64),
      from: kept,
      made: false,
    });
    expect(await checkingKey(path.join(backups, 'x'), { BACKUP_KEY_FILE: kept })).toMatchObject({
      key: 'f'.repeat(64),
    });
  });
});
