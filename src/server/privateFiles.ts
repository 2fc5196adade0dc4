/**
 * Files and folders only the site's user may read: the store (site.sqlite and the -wal and -shm files SQLite
 * makes beside it), the keys (contact-form.key, the backup key), the setup link and the backups. A file's mode is
 * the one asked for less the process umask, and Docker starts a process with none set (umask 022: new files
 * 0644, readable by every user of the machine), so these are made with 0600 and 0700 explicitly, and a store
 * file an earlier version made readable by others is narrowed when the store is opened.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';

export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_FOLDER_MODE = 0o700;

/** Makes `folder` (and any missing parent) readable by the site's user alone; an existing one is left as it is. */
export function makePrivateFolder(folder: string): void {
  mkdirSync(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE });
}

/**
 * Makes `file` an empty file readable by the site's user alone when it does not exist (SQLite then opens it as a
 * new store and gives its -wal and -shm files the same mode), and narrows an existing one to that.
 */
export function makePrivateFile(file: string): void {
  closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  narrowToOwner(file);
}

/** Narrows `file`, when it exists and others may read or write it, to the site's user alone. */
export function narrowToOwner(file: string): void {
  if (!existsSync(file)) return;
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, PRIVATE_FILE_MODE);
}
