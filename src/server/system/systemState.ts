/**
 * What the server records of its own maintenance, in the store's system_state table (one JSON value per
 * name): the last backup and restore drill, the alerts already mailed to owners, the last test mail.
 * Kept in the store, so a restart (or the next release of `npm run deploy`) knows them, and every
 * process on the store sees the same. A value that no longer fits its schema reads as missing.
 */
import type { DatabaseSync } from 'node:sqlite';
import type { z } from 'zod';
import { jsonWith } from '../../lib/jsonWith.ts';

export class SystemState {
  readonly #db: DatabaseSync;

  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  get<T extends z.ZodType>(name: string, schema: T): z.output<T> | undefined {
    const row = this.#db.prepare('SELECT value FROM system_state WHERE name = ?').get(name);
    return typeof row?.['value'] === 'string' ? jsonWith(schema, row['value']) : undefined;
  }

  set(name: string, value: unknown): void {
    this.#db
      .prepare(
        'INSERT INTO system_state (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value',
      )
      .run(name, JSON.stringify(value));
  }
}
