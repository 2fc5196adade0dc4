/**
 * `npm run restore -- <backup> [--force] [--unsigned]`: puts a backup made by `npm run backup`
 * back as DATA_DIR (default ./data), which must be empty or missing; `--force` replaces one that
 * is not, keeping its contents aside (src/server/backup/restoreBackup.ts). Stop the server first.
 * With BACKUP_KEY set, only a backup signed with it is restored, unless `--unsigned`. The admin
 * accounts the backup brings back are listed before it is put in place.
 * Exits 0 when restored, 1 with a one-line reason when refused or failed (DATA_DIR unchanged),
 * 2 on bad usage.
 */
import path from 'node:path';
import { BackupError, messageOf } from '../src/server/backup/backupError.ts';
import { backupKeyOf } from '../src/server/backup/backupSignature.ts';
import { restoreBackup } from '../src/server/backup/restoreBackup.ts';
import { resolveDataDir } from '../src/server/database.ts';

const args = process.argv.slice(2);
const force = args.includes('--force');
const unsigned = args.includes('--unsigned');
const rest = args.filter((arg) => arg !== '--force' && arg !== '--unsigned');
const [backup] = rest;
if (rest.length !== 1 || !backup || backup.startsWith('-')) {
  console.error('Usage: npm run restore -- <backup folder> [--force] [--unsigned]   (into DATA_DIR; default ./data)');
  process.exit(2);
}

try {
  const { dataDir, manifest, keptAside } = await restoreBackup(path.resolve(backup), resolveDataDir(), {
    force,
    unsigned,
    key: backupKeyOf(),
    onAccounts: (usernames) =>
      console.info(
        usernames.length > 0
          ? `The backup brings back these admin accounts, which can sign in once it is in place: ${usernames.join(', ')}.`
          : 'The backup brings back no admin accounts.',
      ),
  });
  const { events, photos, contactMessages } = manifest.database;
  console.info(
    `Restored the backup of ${manifest.createdAt} into ${dataDir}: ${events} events with ${photos} photo records, ${contactMessages} contact messages, ${manifest.files.length} files.`,
  );
  if (unsigned) console.info('Restored without checking its signature (--unsigned).');
  if (keptAside)
    console.info(`The previous contents of DATA_DIR are kept in ${keptAside}; delete it when all is well.`);
} catch (error) {
  console.error(`Nothing restored: ${error instanceof BackupError ? error.message : `${messageOf(error)}.`}`);
  process.exit(1);
}
