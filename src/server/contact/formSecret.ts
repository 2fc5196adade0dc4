/** The secret that signs the contact form's tokens (see formToken.ts). */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PRIVATE_FILE_MODE } from '../privateFiles.ts';

export const SECRET_FILE = 'contact-form.key';

/**
 * CONTACT_SECRET when set (at least 32 characters), else a random key made once and kept in
 * DATA_DIR, readable by its owner only. Changing it only invalidates forms open at that moment.
 */
export function loadFormSecret(dataDir: string, env: NodeJS.ProcessEnv = process.env): Buffer {
  const configured = env['CONTACT_SECRET'];
  if (configured !== undefined && configured !== '') {
    if (configured.length < 32) throw new Error('CONTACT_SECRET must be at least 32 characters long');
    return Buffer.from(configured);
  }
  const file = path.join(dataDir, SECRET_FILE);
  if (!existsSync(file)) {
    try {
      writeFileSync(file, randomBytes(32).toString('base64url'), { mode: PRIVATE_FILE_MODE, flag: 'wx' });
    } catch (error) {
      // Another process made it first: use theirs.
      if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
    }
  }
  return Buffer.from(readFileSync(file, 'utf8').trim());
}
