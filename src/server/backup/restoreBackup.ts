/**
 * `npm run restore`: puts a backup made by `npm run backup` (createBackup.ts) back as DATA_DIR.
 *
 * Nothing in DATA_DIR changes until the backup has been copied whole and checked: every file
 * is copied into a temporary folder next to DATA_DIR, checked against the manifest's size and
 * SHA-256, the store is checked whole (PRAGMA integrity_check) and its counts compared; only
 * then is the temporary folder renamed into place. A damaged, incomplete or unknown backup is
 * refused with DATA_DIR untouched, and a half-restored DATA_DIR never exists.
 *
 * Nothing in the backup is trusted (backupTree.ts, backupSchema.ts, backupSignature.ts): a
 * symbolic link, hard link or special file anywhere in it is refused, its store must have exactly
 * the schema the site's migrations make, the admin accounts it brings back are named (`onAccounts`)
 * before it is put in place, and its manifest must carry a good signature under the backup key
 * (`key`, backupKey.ts): without a key, or with a changed backup, nothing is restored, unless
 * `unsigned` is given (`--unsigned`, the deliberate exception).
 *
 * DATA_DIR must be missing or empty; with `force`, its current contents are kept aside in a
 * sibling folder ("data.before-restore-<time>"), never deleted. A store still open in another
 * process (a running server) is refused even with `force`: the server would go on writing to
 * the old one.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { SECRET_FILE } from '../contact/formSecret.ts';
import { DATABASE_FILE, SCHEMA_VERSION } from '../database.ts';
import { BackupError, isMissingFile, messageOf } from './backupError.ts';
import { UPLOADS_FOLDER, backupName } from './createBackup.ts';
import { keyFileBeside } from './backupKey.ts';
import { adminAccountsIn, checkSchema } from './backupSchema.ts';
import { checkSignature } from './backupSignature.ts';
import { checkBackupTree, checkOrdinaryFile } from './backupTree.ts';
import { inspectDatabase } from './databaseSnapshot.ts';
import { copyFile, isInside, unusedPath } from './files.ts';
import { readManifest, type BackupManifest, type FileEntry } from './manifest.ts';

export interface RestoreOptions {
  /** Replace a DATA_DIR that is not empty, keeping its contents aside. */
  force?: boolean;
  now?: Date;
  /** The backup key (backupKey.ts): the manifest must be signed with it. Required unless `unsigned`. */
  key?: string | undefined;
  /** Restore without checking the signature (`--unsigned`). */
  unsigned?: boolean;
  /** Told the admin accounts the backup brings back, before it is put in place. */
  onAccounts?: (usernames: string[]) => void;
}

export interface RestoreResult {
  dataDir: string;
  manifest: BackupManifest;
  /** Where the previous contents of DATA_DIR were kept, when there were any. */
  keptAside?: string;
  /** The admin accounts the restored store holds. */
  accounts: string[];
}

/** The entries of `folder`, or undefined when it does not exist. */
async function entriesOf(folder: string): Promise<string[] | undefined> {
  try {
    return (await readdir(folder)).sort();
  } catch (error) {
    if (isMissingFile(error)) return undefined;
    throw new BackupError(`Cannot read DATA_DIR ${folder}: ${messageOf(error)}.`);
  }
}

/** Whether another process has the store in `dataDir` open: it then holds a lock that stops an exclusive one. */
function storeInUse(dataDir: string): boolean {
  const file = path.join(dataDir, DATABASE_FILE);
  if (!existsSync(file)) return false;
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(file);
    db.exec('PRAGMA busy_timeout = 0; PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE; COMMIT;');
    return false;
  } catch (error) {
    return /locked|busy/i.test(messageOf(error));
  } finally {
    db?.close();
  }
}

/** Only the store's files: the photos and the contact form key (and never a path leading out). */
function checkEntryPath(folder: string, entry: FileEntry) {
  if (entry.path === SECRET_FILE || entry.path.startsWith(`${UPLOADS_FOLDER}/`)) return;
  throw new BackupError(`The backup in ${folder} names a file this site does not restore: ${entry.path}.`);
}

async function copyChecked(folder: string, staging: string, entry: FileEntry) {
  await checkOrdinaryFile(folder, entry.path);
  const copied = await copyFile(folder, staging, entry.path);
  if (!copied) throw new BackupError(`The backup in ${folder} is incomplete: ${entry.path} is missing.`);
  if (copied.bytes !== entry.bytes || copied.sha256 !== entry.sha256) {
    throw new BackupError(`The backup in ${folder} is damaged: ${entry.path} is not the file it was when backed up.`);
  }
}

function checkStore(folder: string, staging: string, manifest: BackupManifest) {
  const file = path.join(staging, DATABASE_FILE);
  const contents = inspectDatabase(file, `The store in the backup ${folder}`);
  if (contents.schemaVersion > SCHEMA_VERSION) {
    throw new BackupError(
      `The backup in ${folder} comes from a newer version of the site (store version ${contents.schemaVersion}, this one knows ${SCHEMA_VERSION}): update the site first.`,
    );
  }
  checkSchema(file, contents.schemaVersion, `The store in the backup ${folder}`);
  const { events, photos, contactMessages } = manifest.database;
  if (contents.events !== events || contents.photos !== photos || contents.contactMessages !== contactMessages) {
    throw new BackupError(`The backup in ${folder} is damaged: its store does not hold what its manifest says.`);
  }
}

/** Puts `staging` in place of `dataDir`; returns where the old contents went, if anywhere. */
async function swapIn(staging: string, dataDir: string, existing: string[] | undefined, now: Date) {
  const failed = (error: unknown) =>
    new BackupError(
      `Could not put the restored data in place of ${dataDir} (${messageOf(error)}); DATA_DIR is unchanged. If it is a mount point, restore into a folder inside it and point DATA_DIR there.`,
    );
  if (!existing || existing.length === 0) {
    try {
      if (existing) await rmdir(dataDir);
      await rename(staging, dataDir);
    } catch (error) {
      throw failed(error);
    }
    return undefined;
  }
  const aside = unusedPath(`${dataDir}.before-restore-${backupName(now).replace('isa-backup-', '')}`);
  try {
    await rename(dataDir, aside);
  } catch (error) {
    throw failed(error);
  }
  try {
    await rename(staging, dataDir);
  } catch (error) {
    try {
      await rename(aside, dataDir);
    } catch {
      throw new BackupError(
        `Could not put the restored data in place of ${dataDir} (${messageOf(error)}), nor the old data back: it is in ${aside}.`,
      );
    }
    throw failed(error);
  }
  return aside;
}

export async function restoreBackup(
  backupFolder: string,
  dataDir: string,
  { force = false, now = new Date(), key, unsigned = false, onAccounts }: RestoreOptions = {},
): Promise<RestoreResult> {
  await checkBackupTree(backupFolder);
  const manifest = await readManifest(backupFolder);
  if (!unsigned) {
    if (!key) {
      throw new BackupError(
        `There is no backup key to check the backup in ${backupFolder} with: put the key file of the machine that made it beside its backups folder (${keyFileBeside(path.dirname(backupFolder))}), or name it with BACKUP_KEY_FILE, or give it as BACKUP_KEY. Only if you know the backup is genuine: --unsigned.`,
      );
    }
    await checkSignature(backupFolder, key);
  }
  manifest.files.forEach((entry) => checkEntryPath(backupFolder, entry));
  if (isInside(dataDir, backupFolder)) {
    throw new BackupError(`DATA_DIR (${dataDir}) cannot be inside the backup ${backupFolder}.`);
  }
  const existing = await entriesOf(dataDir);
  if (existing && existing.length > 0 && !force) {
    throw new BackupError(
      `DATA_DIR ${dataDir} is not empty (${existing.slice(0, 4).join(', ')}${existing.length > 4 ? ', ...' : ''}): stop the server and add --force to replace it (its contents are kept aside), or choose an empty DATA_DIR.`,
    );
  }
  if (existing && storeInUse(dataDir)) {
    throw new BackupError(`The store in ${dataDir} is open in another process: stop the server first, then restore.`);
  }

  await mkdir(path.dirname(dataDir), { recursive: true });
  const staging = await mkdtemp(path.join(path.dirname(dataDir), `.${path.basename(dataDir)}.restoring-`));
  try {
    await copyChecked(backupFolder, staging, manifest.database);
    for (const entry of manifest.files) await copyChecked(backupFolder, staging, entry);
    checkStore(backupFolder, staging, manifest);
    const accounts = adminAccountsIn(path.join(staging, DATABASE_FILE));
    onAccounts?.(accounts);
    const keptAside = await swapIn(staging, dataDir, existing, now);
    return { dataDir, manifest, accounts, ...(keptAside ? { keptAside } : {}) };
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}
