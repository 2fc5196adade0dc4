/**
 * The key that signs backups (backupSignature.ts), so that a restore can tell a backup changed since it was made
 * (from an unsigned one, a replaced password hash, a planted session or an owner invitation would come back).
 * Backups are signed by default; the key comes from, in this order:
 *
 * 1. BACKUP_KEY, the key itself (at least 32 characters), for those who keep it in the server's environment;
 * 2. BACKUP_KEY_FILE, a file holding it;
 * 3. the key file beside the backups folder: `npm run backup -- /srv/isa-backups` signs with `/srv/isa-backups.key`,
 *    and `npm run restore -- /srv/isa-backups/isa-backup-…` checks with the same file.
 *
 * `npm run backup` makes the key file on first use (32 random bytes as hex, readable by its owner only). It is
 * never inside DATA_DIR nor inside the backups folder, so copying the backups off the machine does not carry the key
 * with them: keep a copy of it elsewhere (the office's password manager), and to restore on a new machine, put it
 * back beside the backups folder, or name it with BACKUP_KEY_FILE, or give its text as BACKUP_KEY.
 */
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BackupError, isMissingFile, messageOf } from './backupError.ts';
import { isInside } from './files.ts';
import { PRIVATE_FILE_MODE } from '../privateFiles.ts';

/** The shortest key taken: 32 characters (say `openssl rand -hex 32`). */
const MIN_KEY_LENGTH = 32;

export interface BackupKey {
  key: string;
  /** Where it came from, for the commands to say: "BACKUP_KEY" or the key file's path. */
  from: string;
  /** Whether the key file was made now (the first signed backup): time to keep a copy of it. */
  made: boolean;
}

/** The key file beside `backupsFolder`: /srv/isa-backups -> /srv/isa-backups.key. */
export function keyFileBeside(backupsFolder: string): string {
  const folder = path.resolve(backupsFolder);
  if (folder === path.parse(folder).root) {
    throw new BackupError(`The backups cannot go in ${folder} itself: choose a folder, such as /srv/isa-backups.`);
  }
  return `${folder}.key`;
}

function checkedKey(text: string, from: string): string {
  const key = text.trim();
  if (key.length < MIN_KEY_LENGTH) {
    throw new BackupError(
      `The backup key in ${from} must have at least ${MIN_KEY_LENGTH} characters (make one with: openssl rand -hex 32).`,
    );
  }
  return key;
}

/** The key file named by BACKUP_KEY_FILE, else the one beside `backupsFolder`, refused inside either folder. */
function keyFileOf(backupsFolder: string, dataDir: string | undefined, env: NodeJS.ProcessEnv): string {
  const named = env['BACKUP_KEY_FILE']?.trim();
  const file = named ? path.resolve(named) : keyFileBeside(backupsFolder);
  for (const [folder, what] of [
    [dataDir, 'DATA_DIR'],
    [backupsFolder, 'the backups folder'],
  ] as const) {
    if (folder !== undefined && isInside(file, path.resolve(folder))) {
      throw new BackupError(
        `The backup key ${file} cannot be inside ${what} (${folder}): it would travel with what it signs. Keep it outside both.`,
      );
    }
  }
  return file;
}

async function readKeyFile(file: string): Promise<string | undefined> {
  try {
    return checkedKey(await readFile(file, 'utf8'), file);
  } catch (error) {
    if (isMissingFile(error)) return undefined;
    if (error instanceof BackupError) throw error;
    throw new BackupError(`Cannot read the backup key ${file}: ${messageOf(error)}.`);
  }
}

/** The key `npm run backup` signs with, making the key file on first use (see above). */
export async function signingKey(backupsFolder: string, dataDir: string, env = process.env): Promise<BackupKey> {
  if (isInside(path.resolve(backupsFolder), path.resolve(dataDir))) {
    throw new BackupError(`Backups cannot go inside DATA_DIR (${dataDir}): choose a folder outside it.`);
  }
  const given = env['BACKUP_KEY']?.trim();
  if (given) return { key: checkedKey(given, 'BACKUP_KEY'), from: 'BACKUP_KEY', made: false };
  const file = keyFileOf(backupsFolder, dataDir, env);
  const found = await readKeyFile(file);
  if (found) return { key: found, from: file, made: false };
  const key = randomBytes(32).toString('hex');
  try {
    // Only if still missing: two first backups at once make one key between them.
    await writeFile(file, `${key}\n`, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
  } catch (error) {
    const other = (error as NodeJS.ErrnoException).code === 'EEXIST' ? await readKeyFile(file) : undefined;
    if (other) return { key: other, from: file, made: false };
    throw new BackupError(
      `Cannot make the backup key ${file}: ${messageOf(error)}. Set BACKUP_KEY_FILE to a file this user may write, outside DATA_DIR and the backups folder.`,
    );
  }
  return { key, from: file, made: true };
}

/**
 * The key `npm run restore` checks the backup in `backupFolder` with: BACKUP_KEY, BACKUP_KEY_FILE or the key file
 * beside the folder the backup is in; undefined when there is none (the restore then refuses, unless --unsigned).
 */
export async function checkingKey(backupFolder: string, env = process.env): Promise<BackupKey | undefined> {
  const given = env['BACKUP_KEY']?.trim();
  if (given) return { key: checkedKey(given, 'BACKUP_KEY'), from: 'BACKUP_KEY', made: false };
  const file = keyFileOf(path.dirname(path.resolve(backupFolder)), undefined, env);
  const found = await readKeyFile(file);
  return found === undefined ? undefined : { key: found, from: file, made: false };
}
