/**
 * The SQLite part of a backup. The snapshot is made with `VACUUM INTO`, which reads the live
 * store in one read transaction and writes a consistent, compact copy while the server goes on
 * reading and writing (WAL mode lets readers and writers work at once). A plain file copy of a
 * live WAL database can catch it between a commit and a checkpoint and make a broken or stale
 * copy; the online backup API (`backup()` of node:sqlite) restarts each time another connection
 * writes, so on a busy site it might never finish: VACUUM INTO has neither problem.
 */
import { existsSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { UPLOADS_PATH } from '../../lib/events/fixImagePath.ts';
import { makePrivateFile } from '../privateFiles.ts';
import { BackupError, messageOf } from './backupError.ts';

/** How long to wait for a lock held by the server before giving up, in ms. */
const BUSY_TIMEOUT_MS = 10_000;

/** What a database file holds, as a backup's manifest records it. */
export interface DatabaseContents {
  schemaVersion: number;
  events: number;
  photos: number;
  contactMessages: number;
  /** The photos the events name under /Admin/uploads/, as paths below it ("events/3/1.jpg"). */
  photoPaths: string[];
}

function openReadOnly(file: string): DatabaseSync {
  const db = new DatabaseSync(file, { readOnly: true });
  db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
  return db;
}

/**
 * Writes a consistent copy of the store `sourceFile` to `targetFile`, which must not exist: made first as an empty
 * file readable by the site's user alone, which VACUUM INTO fills and keeps (it would make one with the umask's mode).
 */
export function snapshotDatabase(sourceFile: string, targetFile: string): void {
  let db: DatabaseSync | undefined;
  try {
    if (existsSync(targetFile)) throw new Error(`${targetFile} exists already`);
    makePrivateFile(targetFile);
    db = openReadOnly(sourceFile);
    db.prepare('VACUUM INTO ?').run(targetFile);
  } catch (error) {
    throw new BackupError(`Could not make a snapshot of the store ${sourceFile}: ${messageOf(error)}.`);
  } finally {
    db?.close();
  }
}

function countOf(db: DatabaseSync, table: string): number {
  const exists = db.prepare("SELECT 1 AS found FROM sqlite_schema WHERE type = 'table' AND name = ?").get(table);
  if (!exists) return 0;
  const value = db.prepare(`SELECT count(*) AS n FROM ${table}`).get()?.['n'];
  return typeof value === 'number' ? value : 0;
}

function uploadPaths(db: DatabaseSync): string[] {
  const rows = db
    .prepare(`SELECT events_image AS path FROM events UNION SELECT event_image FROM event_images ORDER BY path`)
    .all();
  return rows.flatMap((row) => {
    const value = row['path'];
    return typeof value === 'string' && value.startsWith(UPLOADS_PATH) ? [value.slice(UPLOADS_PATH.length)] : [];
  });
}

/**
 * Checks a database file whole (PRAGMA integrity_check) and says what it holds; throws
 * BackupError when it is damaged or not a database. `what` names it in the message.
 */
export function inspectDatabase(file: string, what: string): DatabaseContents {
  let db: DatabaseSync | undefined;
  try {
    db = openReadOnly(file);
    const problems = db
      .prepare('PRAGMA integrity_check')
      .all()
      .map((row) => row['integrity_check'])
      .filter((result) => result !== 'ok');
    if (problems.length > 0) throw new Error(`integrity check: ${String(problems[0])}`);
    const version = db.prepare('PRAGMA user_version').get()?.['user_version'];
    const events = countOf(db, 'events');
    return {
      schemaVersion: typeof version === 'number' ? version : 0,
      events,
      photos: countOf(db, 'event_images'),
      contactMessages: countOf(db, 'contact_messages'),
      // A store with events has both event tables (src/server/database.ts).
      photoPaths: events > 0 ? uploadPaths(db) : [],
    };
  } catch (error) {
    throw new BackupError(`${what} is damaged or not a database (${messageOf(error)}).`);
  } finally {
    db?.close();
  }
}
