/**
 * manifest.json, the table of contents of a backup folder: what it holds (the database snapshot
 * and every other file, each with its size and SHA-256) and what the snapshot contains, so that
 * a restore can tell a whole backup from a damaged or incomplete one before it touches DATA_DIR.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { BackupError, isMissingFile, messageOf } from './backupError.ts';

export const MANIFEST_FILE = 'manifest.json';
export const BACKUP_FORMAT = 'isa-tn-site-backup';

/**
 * A path inside a backup, as the manifest writes it: relative, with forward slashes, no "." or
 * ".." segment and no empty one, so that a restore can never write outside its folder.
 */
function isSafeRelativePath(value: string): boolean {
  if (!value || value.includes('\\') || value.includes('\0') || path.posix.isAbsolute(value)) return false;
  return value.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

const fileEntrySchema = z.strictObject({
  path: z.string().refine(isSafeRelativePath, { error: 'expected a relative path inside the backup' }),
  bytes: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

const count = z.number().int().min(0);

export const manifestSchema = z.strictObject({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(1),
  createdAt: z.iso.datetime(),
  /** The DATA_DIR the backup was made from, for people reading the manifest. */
  dataDir: z.string(),
  database: fileEntrySchema.extend({
    /** PRAGMA user_version of the snapshot. */
    schemaVersion: count,
    events: count,
    photos: count,
    contactMessages: count,
  }),
  /** Every other file: the uploads and the contact form key. */
  files: z.array(fileEntrySchema),
  /** Photo paths the events name that were not in DATA_DIR/uploads when the backup was made. */
  missingPhotos: z.array(z.string()),
});

export type BackupManifest = z.infer<typeof manifestSchema>;
export type FileEntry = z.infer<typeof fileEntrySchema>;

/** The manifest of the backup in `folder`; throws BackupError when it is missing or not one. */
export async function readManifest(folder: string): Promise<BackupManifest> {
  let text: string;
  try {
    text = await readFile(path.join(folder, MANIFEST_FILE), 'utf8');
  } catch (error) {
    if (isMissingFile(error)) {
      throw new BackupError(`${folder} is not a backup made by npm run backup: it has no ${MANIFEST_FILE}.`);
    }
    throw new BackupError(`Cannot read ${MANIFEST_FILE} in ${folder}: ${messageOf(error)}.`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new BackupError(`The backup in ${folder} is damaged: ${MANIFEST_FILE} is not valid JSON.`);
  }
  const parsed = manifestSchema.safeParse(data);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    const where = issue?.path.length ? ` at "${issue.path.join('.')}"` : '';
    throw new BackupError(
      `The backup in ${folder} is damaged or not one this site can read: ${MANIFEST_FILE} is wrong${where} (${issue?.message ?? 'unknown'}).`,
    );
  }
  return parsed.data;
}
