/**
 * The site's embedded SQLite store (Node's built-in node:sqlite) in DATA_DIR. Opening it
 * creates the schema and applies any migration not yet applied (tracked in PRAGMA
 * user_version), in WAL mode so that a crash loses no committed write.
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
    'PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;',
  );
  migrate(db);
  return { db, created };
}

function migrate(db: DatabaseSync) {
  const row = db.prepare('PRAGMA user_version').get();
  const applied = typeof row?.['user_version'] === 'number' ? row['user_version'] : 0;
  MIGRATIONS.slice(applied).forEach((sql, index) => {
    db.exec('BEGIN');
    try {
      db.exec(sql);
      db.exec(`PRAGMA user_version = ${applied + index + 1}`);
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
  });
}
