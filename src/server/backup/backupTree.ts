/**
 * A backup folder holds only ordinary files and folders. Before a restore reads anything, every
 * entry inside it (manifest.json included) is looked at without following links (lstat): a
 * symbolic link (to /etc/passwd, to a folder elsewhere), a hard link (a file with more than one
 * name, which may be a file of the system) or a special file (a FIFO, a socket, a device) is
 * refused with its path named. A backup made by `npm run backup` has none of these.
 */
import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';
import { BackupError, messageOf } from './backupError.ts';

function kindOf(info: Awaited<ReturnType<typeof lstat>>): string | undefined {
  if (info.isSymbolicLink()) return 'a symbolic link';
  if (info.isDirectory()) return undefined;
  if (!info.isFile()) return 'a special file (not an ordinary file or folder)';
  if (info.nlink > 1) return `a hard link (a file with ${info.nlink} names)`;
  return undefined;
}

/** Throws BackupError naming the first entry of `folder` that is not an ordinary file or folder. */
export async function checkBackupTree(folder: string): Promise<void> {
  let entries;
  try {
    // With file types, a recursive readdir does not follow a symbolic link to a folder (lstat below names it).
    entries = await readdir(folder, { recursive: true, withFileTypes: true });
  } catch (error) {
    throw new BackupError(`Cannot read the backup folder ${folder}: ${messageOf(error)}.`);
  }
  const relative = entries.map((each) => path.relative(folder, path.join(each.parentPath, each.name)));
  for (const entry of relative.map((each) => each.split(path.sep).join('/')).sort()) {
    const kind = kindOf(await lstat(path.join(folder, entry)));
    if (kind) {
      throw new BackupError(
        `The backup in ${folder} holds ${kind} at ${entry}; a backup never does, so nothing was restored.`,
      );
    }
  }
}

/** Throws BackupError unless `file` is still an ordinary file with one name (checked again as it is copied). */
export async function checkOrdinaryFile(folder: string, relative: string): Promise<void> {
  let info;
  try {
    info = await lstat(path.join(folder, ...relative.split('/')));
  } catch {
    return; // A missing file is the copy's to report.
  }
  const kind = kindOf(info) ?? (info.isDirectory() ? 'a folder' : undefined);
  if (kind) throw new BackupError(`The backup in ${folder} holds ${kind} at ${relative}; nothing was restored.`);
}
