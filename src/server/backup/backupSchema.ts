/**
 * The schema a restored store may have: exactly what the site's own migrations make for its
 * version (tables, indexes, triggers and views, compared by their SQL in sqlite_schema, built
 * afresh in memory), nothing more and nothing less. An edited backup with an extra trigger (one
 * that copies contact messages into a public event, say), an extra table or a changed one is
 * refused. The admin accounts a backup brings back are read here too, to be named before the
 * restore puts it in place.
 */
import { DatabaseSync } from 'node:sqlite';
import { applyMigrations } from '../database.ts';
import { BackupError, messageOf } from './backupError.ts';

interface SchemaEntry {
  type: string;
  name: string;
  sql: string;
}

function schemaOf(db: DatabaseSync): SchemaEntry[] {
  return db
    .prepare('SELECT type, name, sql FROM sqlite_schema ORDER BY type, name')
    .all()
    .map((row) => ({ type: String(row['type']), name: String(row['name']), sql: String(row['sql'] ?? '') }));
}

/** The schema the migrations make for store version `version`. */
function expectedSchema(version: number): SchemaEntry[] {
  const db = new DatabaseSync(':memory:');
  try {
    applyMigrations(db, version);
    return schemaOf(db);
  } finally {
    db.close();
  }
}

const describe = (entry: SchemaEntry) => `${entry.type} ${entry.name}`;

/**
 * Throws BackupError unless the store in `file` (of store version `version`) has exactly the
 * schema of that version; `what` names the backup in the message.
 */
export function checkSchema(file: string, version: number, what: string): void {
  const db = new DatabaseSync(file, { readOnly: true });
  let actual: SchemaEntry[];
  try {
    actual = schemaOf(db);
  } finally {
    db.close();
  }
  const expected = expectedSchema(version);
  const key = (entry: SchemaEntry) => `${entry.type}\u0000${entry.name}\u0000${entry.sql}`;
  const known = new Set(expected.map(key));
  const present = new Set(actual.map(key));
  const extra = actual.filter((entry) => !known.has(key(entry)));
  const missing = expected.filter((entry) => !present.has(key(entry)));
  if (extra.length > 0 || missing.length > 0) {
    const parts = [
      extra.length ? `not made by the site: ${extra.map(describe).join(', ')}` : '',
      missing.length ? `missing or changed: ${missing.map(describe).join(', ')}` : '',
    ].filter(Boolean);
    throw new BackupError(
      `${what} has a database schema this site does not make (${parts.join('; ')}); it may have been tampered with, so nothing was restored.`,
    );
  }
}

/** The admin accounts (user names) in the store `file`; none when it has no accounts table. */
export function adminAccountsIn(file: string): string[] {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const table = db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'admin_users'").get();
    if (!table) return [];
    return db
      .prepare('SELECT username FROM admin_users ORDER BY username')
      .all()
      .map((row) => String(row['username']));
  } catch (error) {
    throw new BackupError(`Cannot read the admin accounts of the backup (${messageOf(error)}).`);
  } finally {
    db.close();
  }
}
