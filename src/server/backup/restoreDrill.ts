/**
 * A restore drill (`npm run restore -- --check <backup>`, and the schedule's weekly one): the backup is
 * restored whole, with every check a real restore makes (its signature, every file's size and SHA-256,
 * the store's integrity and schema, its counts), into a scratch folder that is deleted afterwards. The
 * live store is never touched: a drill proves a backup would restore, while the site goes on serving.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BackupError } from './backupError.ts';
import { checkingKey } from './backupKey.ts';
import { restoreBackup } from './restoreBackup.ts';
import type { BackupManifest } from './manifest.ts';

export interface DrillResult {
  manifest: BackupManifest;
  accounts: string[];
  /** Where the backup key came from ("BACKUP_KEY" or the key file's path). */
  keyFrom: string;
}

/** Restores `backupFolder` into a scratch folder and deletes it; throws BackupError saying what failed. */
export async function drillBackup(backupFolder: string, env: NodeJS.ProcessEnv = process.env): Promise<DrillResult> {
  const folder = path.resolve(backupFolder);
  const key = await checkingKey(folder, env);
  if (!key) {
    throw new BackupError(
      `There is no backup key to check the backup in ${folder} with (BACKUP_KEY, BACKUP_KEY_FILE, or the key file beside its folder).`,
    );
  }
  const scratch = await mkdtemp(path.join(tmpdir(), 'isa-restore-drill-'));
  try {
    const { manifest, accounts } = await restoreBackup(folder, path.join(scratch, 'data'), { key: key.key });
    return { manifest, accounts, keyFrom: key.from };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
