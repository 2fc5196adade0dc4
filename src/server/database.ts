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
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { makePrivateFile, makePrivateFolder, narrowToOwner } from './privateFiles.ts';

/**
 * SQL for triggers that raise events_revision (migration 3) after every insert, update and delete on
 * each of `tables`, named `<table>_revised_on_<change>`.
 */
function revisionTriggers(tables: readonly string[]): string {
  return tables
    .flatMap((table) =>
      ['insert', 'update', 'delete'].map(
        (change) =>
          `   CREATE TRIGGER ${table}_revised_on_${change} AFTER ${change.toUpperCase()} ON ${table}\n` +
          `     BEGIN UPDATE events_revision SET revision = revision + 1; END;`,
      ),
    )
    .join('\n');
}

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
  // The events admin (src/server/admin/). Events already in the store stay published. The
  // revision counts every change to events and their photos, from any connection (PRAGMA
  // data_version misses the writes of the reading connection itself), so answers made from the
  // events list follow each change at once. A store that already holds events or messages had its
  // first start: the flag keeps the sample events out of it (see events/index.ts).
  `ALTER TABLE events ADD COLUMN published INTEGER NOT NULL DEFAULT 1 CHECK (published IN (0, 1));
   CREATE TABLE events_revision (id INTEGER PRIMARY KEY CHECK (id = 1), revision INTEGER NOT NULL);
   INSERT INTO events_revision (id, revision) VALUES (1, 0);
${revisionTriggers(['events', 'event_images'])}
   CREATE TABLE store_flags (name TEXT PRIMARY KEY);
   INSERT INTO store_flags (name) SELECT 'events_initialised'
     WHERE EXISTS (SELECT 1 FROM events) OR EXISTS (SELECT 1 FROM contact_messages);
   CREATE TABLE admin_users (
     id INTEGER PRIMARY KEY,
     username TEXT NOT NULL UNIQUE COLLATE NOCASE,
     password_hash TEXT NOT NULL,
     created_at TEXT NOT NULL
   );
   CREATE TABLE admin_sessions (
     token_hash TEXT PRIMARY KEY,
     user_id INTEGER NOT NULL REFERENCES admin_users(id) ON DELETE CASCADE,
     csrf_token TEXT NOT NULL,
     created_at INTEGER NOT NULL,
     expires_at INTEGER NOT NULL
   );
   CREATE INDEX admin_sessions_by_user ON admin_sessions(user_id);
   CREATE TABLE login_failures (key TEXT NOT NULL, at INTEGER NOT NULL);
   CREATE INDEX login_failures_by_key ON login_failures(key, at);
   CREATE TABLE login_locks (key TEXT PRIMARY KEY, until INTEGER NOT NULL);
   CREATE TABLE audit_log (
     id INTEGER PRIMARY KEY,
     at TEXT NOT NULL,
     username TEXT NOT NULL,
     action TEXT NOT NULL,
     events_id INTEGER,
     detail TEXT NOT NULL DEFAULT ''
   );`,
  // Which events the office made here (made_here = 1) and which `npm run events:import` brought
  // from the old backend (0): the importer never writes over the first (importEvents.ts). Events
  // the audit log shows the importer saved are its own; every other event is the office's. The
  // index finds the events that name a photo: only a published event's photos are public.
  `ALTER TABLE events ADD COLUMN made_here INTEGER NOT NULL DEFAULT 1 CHECK (made_here IN (0, 1));
   CREATE INDEX event_images_by_path ON event_images(event_image);
   UPDATE events SET made_here = 0
     WHERE events_id IN (SELECT events_id FROM audit_log WHERE action = 'event-imported' AND username = 'npm run events:import');`,
  // The office's console. Accounts get a role (those there already are owners), an
  // e-mail address for reset links and their last sign-in. One-time links (invitations and
  // password resets) are kept as the SHA-256 of their token, like sessions. Messages get a status
  // (in the inbox, or held as possible spam with the reason), when they were first read and when
  // handled; the indexes serve the admin's list, newest first, per status.
  `ALTER TABLE admin_users ADD COLUMN role TEXT NOT NULL DEFAULT 'owner' CHECK (role IN ('owner', 'editor'));
   ALTER TABLE admin_users ADD COLUMN email TEXT NOT NULL DEFAULT '';
   ALTER TABLE admin_users ADD COLUMN last_sign_in_at TEXT;
   CREATE TABLE admin_links (
     token_hash TEXT PRIMARY KEY,
     kind TEXT NOT NULL CHECK (kind IN ('invitation', 'reset')),
     username TEXT NOT NULL COLLATE NOCASE,
     role TEXT NOT NULL CHECK (role IN ('owner', 'editor')),
     email TEXT NOT NULL DEFAULT '',
     created_by TEXT NOT NULL,
     created_at INTEGER NOT NULL,
     expires_at INTEGER NOT NULL,
     used_at INTEGER
   );
   ALTER TABLE contact_messages ADD COLUMN status TEXT NOT NULL DEFAULT 'inbox' CHECK (status IN ('inbox', 'held'));
   ALTER TABLE contact_messages ADD COLUMN held_reason TEXT NOT NULL DEFAULT '';
   ALTER TABLE contact_messages ADD COLUMN read_at TEXT;
   ALTER TABLE contact_messages ADD COLUMN handled_at TEXT;
   CREATE INDEX contact_messages_by_status ON contact_messages(status, handled_at, received_at);
   CREATE INDEX contact_messages_by_status_time ON contact_messages(status, received_at, id);`,
  // The audit log's page: every row a page at a time, filtered by name or by action (who
  // first read a message is looked up by action too), newest first.
  `CREATE INDEX IF NOT EXISTS audit_log_by_name ON audit_log(username COLLATE NOCASE, id);
   CREATE INDEX IF NOT EXISTS audit_log_by_action ON audit_log(action, id);`,
  // Each event's version: raised by every change to the event or its photos, so a save made from
  // an older version (another tab, another device) is merged, never written over what it missed.
  `ALTER TABLE events ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
   CREATE TRIGGER events_version_on_update AFTER UPDATE ON events
     WHEN NEW.version = OLD.version AND (OLD.events_title IS NOT NEW.events_title
       OR OLD.events_sub_title IS NOT NEW.events_sub_title OR OLD.events_image IS NOT NEW.events_image
       OR OLD.events_date IS NOT NEW.events_date OR OLD.published IS NOT NEW.published)
     BEGIN UPDATE events SET version = OLD.version + 1 WHERE events_id = NEW.events_id; END;
   CREATE TRIGGER event_images_version_on_insert AFTER INSERT ON event_images
     BEGIN UPDATE events SET version = version + 1 WHERE events_id = NEW.events_id; END;
   CREATE TRIGGER event_images_version_on_update AFTER UPDATE ON event_images
     WHEN OLD.sort_order IS NOT NEW.sort_order OR OLD.img_description IS NOT NEW.img_description
       OR OLD.event_image IS NOT NEW.event_image
     BEGIN UPDATE events SET version = version + 1 WHERE events_id IN (OLD.events_id, NEW.events_id); END;
   CREATE TRIGGER event_images_version_on_delete AFTER DELETE ON event_images
     BEGIN UPDATE events SET version = version + 1 WHERE events_id = OLD.events_id; END;`,
  // A new event's form carries a key made when it is shown: the same key sent again (a double
  // tap, a second press, Back then Save) leads to the event it made, never to a second one.
  `CREATE TABLE event_form_keys (
     form_key TEXT PRIMARY KEY,
     events_id INTEGER NOT NULL,
     created_at INTEGER NOT NULL
   );`,
  // Event and photo numbers only grow: a deleted one's number is never given again (a shared
  // /Events/<id> link never opens another event). The counters start above every number in use or
  // named in the audit log; a deleted event is remembered, so its page says it was removed.
  `CREATE TABLE id_counters (name TEXT PRIMARY KEY, last INTEGER NOT NULL);
   INSERT INTO id_counters (name, last) VALUES
     ('events', max(coalesce((SELECT max(events_id) FROM events), 0), coalesce((SELECT max(events_id) FROM audit_log), 0))),
     ('event_images', coalesce((SELECT max(id) FROM event_images), 0));
   CREATE TRIGGER events_id_counted AFTER INSERT ON events
     BEGIN UPDATE id_counters SET last = max(last, NEW.events_id) WHERE name = 'events'; END;
   CREATE TRIGGER event_images_id_counted AFTER INSERT ON event_images
     BEGIN UPDATE id_counters SET last = max(last, NEW.id) WHERE name = 'event_images'; END;
   CREATE TABLE removed_events (events_id INTEGER PRIMARY KEY, removed_at TEXT NOT NULL);
   INSERT INTO removed_events (events_id, removed_at)
     SELECT events_id, max(at) FROM audit_log
     WHERE action = 'event-deleted' AND events_id IS NOT NULL AND events_id NOT IN (SELECT events_id FROM events)
     GROUP BY events_id;
   CREATE TRIGGER events_removal_kept AFTER DELETE ON events
     BEGIN INSERT OR REPLACE INTO removed_events (events_id, removed_at)
       VALUES (OLD.events_id, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;
   CREATE TRIGGER events_removal_undone AFTER INSERT ON events
     BEGIN DELETE FROM removed_events WHERE events_id = NEW.events_id; END;`,
  // The name and size of the file a photo came from, shown on its card until it has a
  // description (the office can tell which files arrived); never used to store or serve it.
  `ALTER TABLE event_images ADD COLUMN original_name TEXT NOT NULL DEFAULT '';
   ALTER TABLE event_images ADD COLUMN original_size INTEGER NOT NULL DEFAULT 0;`,
  // The first owner's setup link, made while the store has no account: only its token's SHA-256,
  // like sessions; it lasts 24 hours and works once.
  `CREATE TABLE IF NOT EXISTS setup_links (
     token_hash TEXT PRIMARY KEY,
     created_at INTEGER NOT NULL,
     expires_at INTEGER NOT NULL,
     used_at INTEGER
   );`,
  // What the server records of its own maintenance (the last backup and restore drill, the owners' alerts
  // already sent, the last test mail): one JSON value per name.
  `CREATE TABLE IF NOT EXISTS system_state (name TEXT PRIMARY KEY, value TEXT NOT NULL);`,
  // The admin's list of events: newest first, a page at a time, by year and state.
  `CREATE INDEX IF NOT EXISTS events_by_date ON events(events_date DESC, events_id DESC);
   CREATE INDEX IF NOT EXISTS events_by_state_date ON events(published, events_date DESC, events_id DESC);`,
  // A lock says from how many addresses its failures came (Staff shows a locked account so): each failure keeps
  // the address it came from, and a lock their count when it was set.
  `ALTER TABLE login_failures ADD COLUMN address TEXT NOT NULL DEFAULT '';
   ALTER TABLE login_locks ADD COLUMN addresses INTEGER NOT NULL DEFAULT 0;`,
];

export const DATABASE_FILE = 'site.sqlite';

/** The schema version (PRAGMA user_version) of a store with every migration applied. */
export const SCHEMA_VERSION = MIGRATIONS.length;

export interface OpenedDatabase {
  db: DatabaseSync;
}

/** DATA_DIR's folder: `./data` when unset or blank; a relative one is `base`'s (the project folder). */
export function resolveDataDir(dataDir: string | undefined, base = process.cwd()): string {
  return path.resolve(base, dataDir?.trim() || 'data');
}

/** Opens (or makes) the store in `dataDir`: its folder and files readable by the site's user alone (privateFiles.ts). */
export function openDatabase(dataDir: string): OpenedDatabase {
  makePrivateFolder(dataDir);
  const file = path.join(dataDir, DATABASE_FILE);
  makePrivateFile(file);
  // SQLite's write-ahead log and its shared-memory index, beside the store.
  for (const walFile of [`${file}-wal`, `${file}-shm`]) narrowToOwner(walFile);
  const db = new DatabaseSync(file);
  db.exec(
    'PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;',
  );
  migrate(db);
  return { db };
}

/** Applies the first `version` migrations to an empty database (a restore compares a backup's schema with it). */
export function applyMigrations(db: DatabaseSync, version: number): void {
  MIGRATIONS.slice(0, version).forEach((sql) => db.exec(sql));
}

function schemaVersion(db: DatabaseSync): number {
  const row = db.prepare('PRAGMA user_version').get();
  return typeof row?.['user_version'] === 'number' ? row['user_version'] : 0;
}

/**
 * Runs `work` in one write transaction (BEGIN IMMEDIATE: the write lock is taken at once, so a
 * second writer waits out busy_timeout at BEGIN rather than failing mid-way): commits when `work`
 * returns and gives back what it returned; rolls back when it (or COMMIT) throws, then rethrows.
 * `work` must be synchronous (a promise would commit before its writes). No nesting: called while
 * the connection is already in a transaction, it throws before touching it, and the outer one
 * decides (rolls back when that error reaches it).
 */
export function transaction<T>(db: DatabaseSync, work: () => T): T {
  if (db.isTransaction) throw new Error('A transaction is already open on this connection; nesting is refused.');
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = work();
    if (result instanceof Promise) throw new TypeError('Transaction work must be synchronous.');
    db.exec('COMMIT');
    return result;
  } catch (error) {
    // SQLite ends the transaction by itself on a few errors (a full disk): ROLLBACK would then throw over the cause.
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  }
}

/**
 * Applies the migrations not yet applied, all in one write transaction, reading the version inside
 * it: two connections opening the store at once (the server and `npm run seed`, say) never apply
 * the same migration twice.
 */
function migrate(db: DatabaseSync) {
  if (schemaVersion(db) >= MIGRATIONS.length) return;
  transaction(db, () => {
    const applied = schemaVersion(db);
    MIGRATIONS.slice(applied).forEach((sql) => db.exec(sql));
    db.exec(`PRAGMA user_version = ${Math.max(applied, MIGRATIONS.length)}`);
  });
}

/** Whether the store holds the flag `name` (see the store_flags table). */
export function hasStoreFlag(db: DatabaseSync, name: string): boolean {
  return db.prepare('SELECT 1 FROM store_flags WHERE name = ?').get(name) !== undefined;
}

export function setStoreFlag(db: DatabaseSync, name: string): void {
  db.prepare('INSERT INTO store_flags (name) VALUES (?) ON CONFLICT (name) DO NOTHING').run(name);
}
