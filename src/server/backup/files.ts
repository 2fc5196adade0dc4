/**
 * The file work of backups and restores: listing a folder's files, and copying one file while
 * hashing exactly the bytes written, flushed to disk before it counts as copied.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { lstat, mkdir, open, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { digestOf } from '../../lib/fileDigest.ts';
import { isMissingFile } from './backupError.ts';
import type { FileEntry } from './manifest.ts';

/** `base`, or the first of `base-2`, `base-3` ... that does not exist yet. */
export function unusedPath(base: string): string {
  let candidate = base;
  for (let attempt = 2; existsSync(candidate); attempt++) candidate = `${base}-${attempt}`;
  return candidate;
}

/** Whether `child` is `parent` or a path inside it. */
export function isInside(child: string, parent: string): boolean {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The size and SHA-256 of a file, flushed to disk first. */
export async function hashFile(file: string): Promise<{ bytes: number; sha256: string }> {
  const handle = await open(file, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
  return { bytes: (await stat(file)).size, sha256: await digestOf(file) };
}

/**
 * Every regular file under `folder`, as paths relative to it with forward slashes, sorted;
 * symbolic links and other special files are left out, and a missing folder has none.
 */
export async function listFiles(folder: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(folder, { recursive: true, withFileTypes: true });
  } catch (error) {
    if (isMissingFile(error)) return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** Writes `bytes` to a new file (never over an existing one) and flushes it to disk. */
export async function writeNewFile(file: string, bytes: Uint8Array, mode = 0o600): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const handle = await open(file, 'wx', mode);
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Copies `from/relative` to `to/relative` and returns its manifest entry; undefined when the
 * file is gone (deleted since it was listed). The copy keeps the owner-only or group/other read
 * permission of the original.
 */
export async function copyFile(from: string, to: string, relative: string): Promise<FileEntry | undefined> {
  const source = path.join(from, ...relative.split('/'));
  let bytes: Uint8Array;
  let mode: number;
  try {
    [bytes, mode] = await Promise.all([readFile(source), lstat(source).then((info) => info.mode & 0o777)]);
  } catch (error) {
    if (isMissingFile(error)) return undefined;
    throw error;
  }
  await writeNewFile(path.join(to, ...relative.split('/')), bytes, mode);
  return { path: relative, bytes: bytes.byteLength, sha256: sha256(bytes) };
}
