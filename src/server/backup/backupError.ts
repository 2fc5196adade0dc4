/**
 * A backup or restore that cannot go ahead, with a one-line reason written for whoever runs
 * `npm run backup` or `npm run restore`: what is wrong and what to do about it.
 */
export class BackupError extends Error {
  override name = 'BackupError';
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Whether a file system error says the file is not there (it may have gone since it was listed). */
export function isMissingFile(error: unknown): boolean {
  return error instanceof Error && Reflect.get(error, 'code') === 'ENOENT';
}
