/**
 * `npm run backup`: a snapshot of DATA_DIR in a new dated folder, made while the server goes on
 * serving. What is in it:
 * - site.sqlite: a consistent snapshot of the store (events, photo lists, contact messages);
 * - uploads/: the event photos;
 * - contact-form.key: the key that signs contact forms, when the site made one;
 * - manifest.json: every file with its size and SHA-256, and what the snapshot holds.
 * Resized photos (cache/) are left out: the site makes them again when asked.
 *
 * The store is copied first and the photos after, so a photo added while the backup runs may be
 * in it without its event (harmless), and a photo deleted meanwhile may be missing: the
 * manifest lists photos the events name that were not found. The folder is written under a
 * hidden name and renamed when complete, so a backup folder with its dated name is always whole.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { DATABASE_FILE } from '../database.ts';
import { PRIVATE_FOLDER_MODE } from '../privateFiles.ts';
import { SECRET_FILE } from '../contact/formSecret.ts';
import { BackupError } from './backupError.ts';
import { inspectDatabase, snapshotDatabase } from './databaseSnapshot.ts';
import { SIGNATURE_FILE, signManifest } from './backupSignature.ts';
import { copyFile, hashFile, isInside, listFiles, unusedPath, writeNewFile } from './files.ts';
import { BACKUP_FORMAT, MANIFEST_FILE, type BackupManifest, type FileEntry } from './manifest.ts';

export const UPLOADS_FOLDER = 'uploads';

/** What DATA_DIR may hold besides what a backup takes, and why it is left out. */
const LEFT_OUT: Readonly<Record<string, string>> = {
  cache: 'resized photos, made again when asked for',
  [`${DATABASE_FILE}-wal`]: 'part of the store, in the snapshot',
  [`${DATABASE_FILE}-shm`]: 'part of the store, in the snapshot',
  'setup-link.txt': "the first owner's setup link, made again while there is no account",
};

export interface BackupResult {
  folder: string;
  manifest: BackupManifest;
  /** Entries of DATA_DIR the backup does not know, left out: worth a look. */
  unknown: string[];
}

/** "isa-backup-2026-11-23T091502Z": the time in UTC, in a name every file system accepts. */
export function backupName(now: Date): string {
  const [date = '', time = ''] = now.toISOString().slice(0, 19).split('T');
  return `isa-backup-${date}T${time.replaceAll(':', '')}Z`;
}

async function copyUploads(dataDir: string, staging: string): Promise<FileEntry[]> {
  const from = path.join(dataDir, UPLOADS_FOLDER);
  const to = path.join(staging, UPLOADS_FOLDER);
  const entries: FileEntry[] = [];
  for (const relative of await listFiles(from)) {
    const entry = await copyFile(from, to, relative);
    if (entry) entries.push({ ...entry, path: `${UPLOADS_FOLDER}/${entry.path}` });
  }
  return entries;
}

/** `signingKey` (BACKUP_KEY), when given, signs the manifest (backupSignature.ts). */
export async function createBackup(
  dataDir: string,
  parentFolder: string,
  now = new Date(),
  signingKey?: string,
): Promise<BackupResult> {
  const databaseFile = path.join(dataDir, DATABASE_FILE);
  if (!existsSync(databaseFile)) {
    throw new BackupError(`There is nothing to back up: ${dataDir} has no ${DATABASE_FILE} (is DATA_DIR right?).`);
  }
  if (isInside(parentFolder, dataDir)) {
    throw new BackupError(`Backups cannot go inside DATA_DIR (${dataDir}): choose a folder outside it.`);
  }
  // The backups hold the whole store and the form's key: readable by the site's user alone (privateFiles.ts).
  await mkdir(parentFolder, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  const staging = await mkdtemp(path.join(parentFolder, '.isa-backup-partial-'));
  try {
    const snapshotFile = path.join(staging, DATABASE_FILE);
    snapshotDatabase(databaseFile, snapshotFile);
    const contents = inspectDatabase(snapshotFile, 'The snapshot of the store');
    const snapshot = await hashFile(snapshotFile);

    const files = await copyUploads(dataDir, staging);
    const key = await copyFile(dataDir, staging, SECRET_FILE);
    if (key) files.push(key);

    const copied = new Set(files.map((file) => file.path));
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: 1,
      createdAt: now.toISOString(),
      dataDir,
      database: {
        path: DATABASE_FILE,
        ...snapshot,
        schemaVersion: contents.schemaVersion,
        events: contents.events,
        photos: contents.photos,
        contactMessages: contents.contactMessages,
      },
      files,
      missingPhotos: contents.photoPaths.filter((photo) => !copied.has(`${UPLOADS_FOLDER}/${photo}`)),
    };
    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    await writeNewFile(path.join(staging, MANIFEST_FILE), manifestBytes);
    if (signingKey) {
      await writeNewFile(path.join(staging, SIGNATURE_FILE), Buffer.from(signManifest(manifestBytes, signingKey)));
    }

    const known = new Set([DATABASE_FILE, UPLOADS_FOLDER, SECRET_FILE, ...Object.keys(LEFT_OUT)]);
    const unknown = (await readdir(dataDir)).filter((entry) => !known.has(entry)).sort();
    // Its dated name, with "-2", "-3" ... when a backup of the same second has it.
    const folder = unusedPath(path.join(parentFolder, backupName(now)));
    await rename(staging, folder);
    return { folder, manifest, unknown };
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}

/** The total size of a backup's files, in bytes. */
export function backupBytes(manifest: BackupManifest): number {
  return manifest.files.reduce((sum, file) => sum + file.bytes, manifest.database.bytes);
}
