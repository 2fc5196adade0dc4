/**
 * The site's embedded SQLite store (Node's built-in node:sqlite) in DATA_DIR. Opening it
 * creates the schema and applies any migration not yet applied (tracked in PRAGMA
 * user_version).
 *
 * Durability: the store runs in WAL mode with `synchronous = FULL`. In WAL mode, NORMAL keeps
 * every committed write across a crash of the process, but not across a power cut or an
 * operating-system crash: commits since the last checkpoint may be rolled back (the database
 * stays consistent). That could lose a contact message the visitor had already been told had
 * arrived, so the connection uses FULL: each commit waits until the write-ahead log is on disk
 * (one fsync, about a millisecond on an SSD). It is set per connection, not per write, because
 * every write here deserves it (messages, their delivery state, the events the office edits)
 * and there are few of them: reads, nearly all the work, sync nothing.
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/** Each migration runs once, in order; never edit one that has shipped, add a new one. */
const MIGRATIONS: readonly string[] = [
  `CREATE TABLE events (
     events_id INTEGER PRIMARY KEY,
     events_title TEXT NOT NULL,
     events_sub_title TEXT NOT NULL DEFAULT '',
     events_image TEXT NOT NULL DEFAULT '',
     events_date TEXT NOT NULL
   );
   CREATE TABLE event_images (
     id INTEGER PRIMARY KEY,
     events_id INTEGER NOT NULL REFERENCES events(events_id) ON DELETE CASCADE,
     sort_order INTEGER NOT NULL,
     event_image TEXT NOT NULL,
     img_description TEXT NOT NULL DEFAULT ''
   );
   CREATE INDEX event_images_by_event ON event_images(events_id, sort_order);`,
  // Messages from the contact form. form_nonce makes a resent form (a double click, a reload
  // that posts again) count once; delivery_state is 'stored' when no mail is set up, else
  // 'pending' -> 'sending' -> 'sent', back to 'pending' with a later next_attempt_at on failure.
  `CREATE TABLE contact_messages (
     id INTEGER PRIMARY KEY,
     received_at TEXT NOT NULL,
     name TEXT NOT NULL,
     email TEXT NOT NULL,
     phone TEXT NOT NULL DEFAULT '',
     message TEXT NOT NULL,
     form_nonce TEXT NOT NULL UNIQUE,
     delivery_state TEXT NOT NULL CHECK (delivery_state IN ('stored', 'pending', 'sending', 'sent')),
     attempts INTEGER NOT NULL DEFAULT 0,
     next_attempt_at TEXT,
     claimed_at TEXT,
     last_error TEXT,
     sent_at TEXT
   );
   CREATE INDEX contact_messages_by_time ON contact_messages(received_at);
   CREATE INDEX contact_messages_due ON contact_messages(delivery_state, next_attempt_at);`,
];

export const DATABASE_FILE = 'site.sqlite';

export interface OpenedDatabase {
  db: DatabaseSync;
  /** True when this call created the database file (a first start with an empty DATA_DIR). */
  created: boolean;
}

export function resolveDataDir(dataDir = process.env.DATA_DIR): string {
  return path.resolve(dataDir ?? 'data');
}

export function openDatabase(dataDir: string): OpenedDatabase {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, DATABASE_FILE);
  const created = !existsSync(file);
  const db = new DatabaseSync(file);
  db.exec(
    'PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;',
  );
  migrate(db);
  return { db, created };
}

function schemaVersion(db: DatabaseSync): number {
  const row = db.prepare('PRAGMA user_version').get();
  return typeof row?.['user_version'] === 'number' ? row['user_version'] : 0;
}

/**
 * Applies the migrations not yet applied, all in one write transaction (BEGIN IMMEDIATE), reading
 * the version inside it: two connections opening the store at once (the server and
 * `npm run seed`, say) never apply the same migration twice.
 */
function migrate(db: DatabaseSync) {
  if (schemaVersion(db) >= MIGRATIONS.length) return;
  db.exec('BEGIN IMMEDIATE');
  try {
    const applied = schemaVersion(db);
    MIGRATIONS.slice(applied).forEach((sql) => db.exec(sql));
    db.exec(`PRAGMA user_version = ${Math.max(applied, MIGRATIONS.length)}`);
    db.exec('COMMIT');
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}
