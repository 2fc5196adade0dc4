/**
 * `npm run backup [-- <folder>]` (by default BACKUP_DIR): writes a snapshot of DATA_DIR (read from the server's settings:
 * src/server/cliSettings.ts) into a new dated
 * folder inside <folder>, while the server goes on serving (src/server/backup/createBackup.ts),
 * signed with the backup key (src/server/backup/backupKey.ts: BACKUP_KEY, BACKUP_KEY_FILE, or the
 * key file beside <folder>, made on first use).
 * Exits 0 when the backup is complete, 1 with a one-line reason when it is not, 2 on bad usage.
 */
import path from 'node:path';
import { BackupError, messageOf } from '../src/server/backup/backupError.ts';
import { signingKey } from '../src/server/backup/backupKey.ts';
import { backupBytes, createBackup } from '../src/server/backup/createBackup.ts';
import { startCommand } from '../src/server/cliSettings.ts';

const args = process.argv.slice(2);
const { dataDir, env } = startCommand((line) => console.info(line));
// Without a folder: the scheduled backups' BACKUP_DIR, from the server's settings.
const [folder = env['BACKUP_DIR']?.trim()] = args;
if (args.length > 1 || !folder || folder.startsWith('-')) {
  console.error('Usage: npm run backup [-- <folder>]   (by default BACKUP_DIR; DATA_DIR names the data to back up)');
  process.exit(2);
}
try {
  const backups = path.resolve(folder);
  const key = await signingKey(backups, dataDir, env);
  const { folder: written, manifest, unknown } = await createBackup(dataDir, backups, new Date(), key.key);
  const { events, photos, contactMessages } = manifest.database;
  const megabytes = (backupBytes(manifest) / 1_000_000).toFixed(1);
  console.info(
    `Backup written to ${written}: ${events} events with ${photos} photo records, ${contactMessages} contact messages, ${manifest.files.length} files (${megabytes} MB).`,
  );
  console.info(`Signed with the backup key in ${key.from}.`);
  if (key.made) {
    console.warn(
      `Note: the backup key ${key.from} was made now. Keep a copy of it away from this machine (the office's password manager): without it, no backup can be checked on a new machine.`,
    );
  }
  if (manifest.missingPhotos.length > 0) {
    console.warn(
      `Note: ${manifest.missingPhotos.length} photos named by events were not in DATA_DIR/uploads (see missingPhotos in its manifest.json).`,
    );
  }
  if (unknown.length > 0) console.warn(`Note: not backed up, unknown to the backup: ${unknown.join(', ')}.`);
} catch (error) {
  console.error(`Backup failed: ${error instanceof BackupError ? error.message : `${messageOf(error)}.`}`);
  process.exit(1);
}
