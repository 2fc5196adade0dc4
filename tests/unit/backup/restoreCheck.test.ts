/**
 * `npm run backup` into BACKUP_DIR (no folder given) and `npm run restore -- --check`, the restore drill:
 * a good backup restores whole and a damaged one is refused, both without touching DATA_DIR.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/server/database.ts';

describe('npm run restore -- --check', () => {
  it('proves a backup restores, says a damaged one does not, and leaves DATA_DIR alone', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'restore-check-'));
    const dataDir = path.join(root, 'data');
    const backups = path.join(root, 'backups');
    const { db } = openDatabase(dataDir);
    db.prepare("INSERT INTO events (events_title, events_date) VALUES ('CME', '2026-01-10')").run();
    db.close();
    const run = (script: string, args: string[], env: Record<string, string>) =>
      spawnSync(process.execPath, [script, ...args], { env: { ...process.env, ...env }, encoding: 'utf8' });

    const made = run('scripts/backup.ts', [], { DATA_DIR: dataDir, BACKUP_DIR: backups });
    expect(made.status).toBe(0);
    const [name = ''] = readdirSync(backups);
    const backup = path.join(backups, name);

    const elsewhere = path.join(root, 'never-made');
    const checked = run('scripts/restore.ts', ['--check', backup], { DATA_DIR: elsewhere });
    expect(checked.status).toBe(0);
    expect(checked.stdout).toContain(`The backup ${backup} restores whole: 1 events`);
    expect(checked.stdout).toContain('DATA_DIR was not touched.');
    expect(existsSync(elsewhere)).toBe(false);

    writeFileSync(path.join(backup, 'site.sqlite'), 'damaged');
    const damaged = run('scripts/restore.ts', ['--check', backup], { DATA_DIR: dataDir });
    expect(damaged.status).toBe(1);
    expect(damaged.stderr).toMatch(/^The restore drill failed: .*damaged/m);
    expect(readdirSync(dataDir)).toContain('site.sqlite');
    expect(run('scripts/restore.ts', ['--check', '--force', backup], {}).status).toBe(2);
  });
});
