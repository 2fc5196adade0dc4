/**
 * `npm run restore -- <backup> [--force] [--unsigned]`: puts a backup made by `npm run backup`
 * back as DATA_DIR (default ./data), which must be empty or missing; `--force` replaces one that
 * is not, keeping its contents aside (src/server/backup/restoreBackup.ts). Stop the server first.
 * Only a backup whose signature holds under the backup key is restored (BACKUP_KEY,
 * BACKUP_KEY_FILE, or the key file beside the folder the backup is in:
 * src/server/backup/backupKey.ts); `--unsigned` skips that check, with a warning. The admin
 * accounts the backup brings back are listed before it is put in place.
 * `npm run restore -- --check <backup>`: a restore drill: the backup is restored with every check into
 * a scratch folder, which is then deleted (src/server/backup/restoreDrill.ts); DATA_DIR is not touched.
 * Exits 0 when restored, 1 with a one-line reason when refused or failed (DATA_DIR unchanged),
 * 2 on bad usage.
 */
import path from 'node:path';
import { BackupError, messageOf } from '../src/server/backup/backupError.ts';
import { checkingKey } from '../src/server/backup/backupKey.ts';
import { restoreBackup } from '../src/server/backup/restoreBackup.ts';
import { drillBackup } from '../src/server/backup/restoreDrill.ts';
import { startCommand } from '../src/server/cliSettings.ts';

const args = process.argv.slice(2);
const force = args.includes('--force');
const unsigned = args.includes('--unsigned');
const check = args.includes('--check');
const rest = args.filter((arg) => !['--force', '--unsigned', '--check'].includes(arg));
const [backup] = rest;
if (rest.length !== 1 || !backup || backup.startsWith('-') || (check && (force || unsigned))) {
  console.error(
    'Usage: npm run restore -- <backup folder> [--force] [--unsigned]   (into DATA_DIR)\n       npm run restore -- --check <backup folder>   (a drill: DATA_DIR untouched)',
  );
  process.exit(2);
}

if (check) {
  // A drill: restored whole into a scratch folder, checked, deleted; the live store is not touched.
  const { env } = startCommand((line) => console.info(line), { needsStore: false });
  try {
    const { manifest, accounts, keyFrom } = await drillBackup(backup, env);
    const { events, photos, contactMessages } = manifest.database;
    console.info(
      `The backup ${path.resolve(backup)} restores whole: ${events} events with ${photos} photo records, ${contactMessages} contact messages, ${manifest.files.length} files, ${accounts.length} admin accounts; its signature holds under the backup key in ${keyFrom}. DATA_DIR was not touched.`,
    );
  } catch (error) {
    console.error(`The restore drill failed: ${error instanceof BackupError ? error.message : `${messageOf(error)}.`}`);
    process.exit(1);
  }
  process.exit(0);
}

const UNSIGNED_WARNING =
  'WARNING: --unsigned: the backup is restored WITHOUT checking its signature. Whatever was changed in it since it was made (a password, a session, an account, an invitation) comes back and works. Do this only with a backup you know is genuine.';

// A restore makes the store: DATA_DIR may be empty or missing.
const { dataDir, env } = startCommand((line) => console.info(line), { needsStore: false });
try {
  const folder = path.resolve(backup);
  if (unsigned) console.warn(UNSIGNED_WARNING);
  const key = unsigned ? undefined : await checkingKey(folder, env);
  const { manifest, keptAside } = await restoreBackup(folder, dataDir, {
    force,
    unsigned,
    key: key?.key,
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
  if (unsigned) console.warn(`${UNSIGNED_WARNING.replace('is restored', 'was restored')}`);
  else console.info(`Its signature holds under the backup key in ${key?.from}.`);
  if (keptAside)
    console.info(`The previous contents of DATA_DIR are kept in ${keptAside}; delete it when all is well.`);
} catch (error) {
  console.error(`Nothing restored: ${error instanceof BackupError ? error.message : `${messageOf(error)}.`}`);
  process.exit(1);
}
