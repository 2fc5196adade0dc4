/**
 * Optional signing of backups with BACKUP_KEY, a secret kept outside DATA_DIR and outside the
 * backups: `npm run backup` writes manifest.json.sig, the HMAC-SHA256 of manifest.json under the
 * key, and the manifest holds the SHA-256 of every file, so the signature covers the whole backup.
 * With the key set, `npm run restore` refuses a backup that is unsigned or signed with another key
 * (one edited after it was made, or not made here) unless told `--unsigned`. The trade-off: a
 * lost key means no backup can be checked any more; they can then only be restored with
 * `--unsigned`, after checking by other means that they are genuine.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { BackupError, isMissingFile, messageOf } from './backupError.ts';
import { MANIFEST_FILE } from './manifest.ts';

export const SIGNATURE_FILE = `${MANIFEST_FILE}.sig`;

/** The shortest BACKUP_KEY taken: 32 characters (say `openssl rand -hex 32`). */
const MIN_KEY_LENGTH = 32;

/** BACKUP_KEY from the environment: undefined when unset; throws BackupError when too short. */
export function backupKeyOf(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const key = env['BACKUP_KEY']?.trim();
  if (!key) return undefined;
  if (key.length < MIN_KEY_LENGTH) {
    throw new BackupError(
      `BACKUP_KEY must have at least ${MIN_KEY_LENGTH} characters (make one with: openssl rand -hex 32).`,
    );
  }
  return key;
}

export function signManifest(manifestBytes: Uint8Array, key: string): string {
  return `${createHmac('sha256', key).update(manifestBytes).digest('hex')}\n`;
}

/** Throws BackupError unless the backup in `folder` carries a good signature of its manifest under `key`. */
export async function checkSignature(folder: string, key: string): Promise<void> {
  const manifest = await readFile(path.join(folder, MANIFEST_FILE));
  let signature: string;
  try {
    signature = (await readFile(path.join(folder, SIGNATURE_FILE), 'utf8')).trim();
  } catch (error) {
    if (!isMissingFile(error))
      throw new BackupError(`Cannot read ${SIGNATURE_FILE} in ${folder}: ${messageOf(error)}.`);
    throw new BackupError(
      `The backup in ${folder} is not signed, and BACKUP_KEY is set: restore it only if you know it is genuine, with --unsigned.`,
    );
  }
  const expected = Buffer.from(signManifest(manifest, key).trim());
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new BackupError(
      `The backup in ${folder} is not signed with this BACKUP_KEY (changed since it was made, or signed with another key): nothing was restored. With --unsigned it is restored without this check.`,
    );
  }
}
