/**
 * The signature of a backup: `npm run backup` writes manifest.json.sig, the HMAC-SHA256 of manifest.json under the
 * backup key (backupKey.ts: made on first use beside the backups folder, or BACKUP_KEY_FILE, or BACKUP_KEY), and the
 * manifest holds the SHA-256 of every file, so the signature covers the whole backup. `npm run restore` refuses a
 * backup that is unsigned or signed with another key (one changed after it was made, or not made here) unless told
 * `--unsigned`. The trade-off: a lost key means no backup can be checked any more; they can then only be restored
 * with `--unsigned`, after checking by other means that they are genuine.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { BackupError, isMissingFile, messageOf } from './backupError.ts';
import { MANIFEST_FILE } from './manifest.ts';

export const SIGNATURE_FILE = `${MANIFEST_FILE}.sig`;

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
      `The backup in ${folder} is not signed (made before backups were signed, or its signature removed): restore it only if you know it is genuine, with --unsigned.`,
    );
  }
  const expected = Buffer.from(signManifest(manifest, key).trim());
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new BackupError(
      `The backup in ${folder} does not match its signature under this backup key (changed since it was made, or signed with another key): nothing was restored. With --unsigned it is restored without this check.`,
    );
  }
}
