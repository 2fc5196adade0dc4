/**
 * The contact service of this process, made on first use from the environment: the SQLite store
 * in DATA_DIR, the settings of settings.ts, and the secret that signs form tokens.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openDatabase, resolveDataDir } from '../database.ts';
import { ContactService } from './ContactService.ts';
import { ContactMessageStore } from './messageStore.ts';
import { readContactSettings } from './settings.ts';

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
      writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another process made it first: use theirs.
      if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
    }
  }
  return Buffer.from(readFileSync(file, 'utf8').trim());
}

export function createContactService(env: NodeJS.ProcessEnv = process.env): ContactService {
  const settings = readContactSettings(env);
  const dataDir = resolveDataDir(env['DATA_DIR']);
  const { db } = openDatabase(dataDir);
  return new ContactService({
    store: new ContactMessageStore(db),
    settings,
    secret: loadFormSecret(dataDir, env),
  });
}

let current: ContactService | undefined;

/** The one contact service of this process; its store closes when the process exits. */
export function getContactService(): ContactService {
  if (!current) {
    const service = createContactService();
    // Closing SQLite is synchronous, so it completes within the exit handler (the write-ahead
    // log is folded back into the database file), as the events store does.
    process.once('exit', () => service.store.close());
    current = service;
  }
  return current;
}
