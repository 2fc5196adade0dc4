/**
 * What the System page and the owners' alerts look at, gathered from the store, the disk, the deploy's
 * status and the settings: read-only, cheap enough to run every minute (the uploads' size, a walk of the
 * folder, only when the page asks for it).
 */
import { existsSync, statSync } from 'node:fs';
import { readdir, stat, statfs } from 'node:fs/promises';
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { z } from 'zod';
import { readDeployStatus, type DeployStatus } from '../release/releaseStatus.ts';
import {
  LAST_BACKUP,
  LAST_DRILL,
  LAST_GOOD_BACKUP,
  backupRecordSchema,
  drillRecordSchema,
  type BackupRecord,
  type DrillRecord,
} from '../backup/backupSchedule.ts';
import type { BackupSettings } from '../backup/backupSettings.ts';
import { DATABASE_FILE } from '../database.ts';
import type { SystemState } from './systemState.ts';

export const TEST_MAIL = 'mail.test';
const testMailSchema = z.object({
  at: z.iso.datetime(),
  ok: z.boolean(),
  to: z.string(),
  error: z.string().optional(),
});
export type TestMail = z.output<typeof testMailSchema>;

export interface DiskSpace {
  freeBytes: number;
  totalBytes: number;
}

export interface SystemFacts {
  now: Date;
  /** The deploy's status, when `npm run deploy` runs the site; undefined under `npm start`. */
  deploy: { status: DeployStatus | undefined; commit: string | undefined } | undefined;
  backup: BackupSettings;
  lastBackup: BackupRecord | undefined;
  lastGoodBackup: BackupRecord | undefined;
  lastDrill: DrillRecord | undefined;
  mail: {
    configured: boolean;
    /** The oldest message not yet delivered after a failed attempt: since when, and why. */
    failing: { since: string; error: string } | undefined;
    lastSentAt: string | undefined;
    test: TestMail | undefined;
  };
  disks: { data: DiskSpace | string; backups: DiskSpace | string | undefined };
  store: { bytes: number; uploadsBytes: number | undefined; photos: number; messages: number; events: number };
}

export interface FactSources {
  database: DatabaseSync;
  dataDir: string;
  state: SystemState;
  backup: BackupSettings;
  mailConfigured: boolean;
  deployDir: string | undefined;
  commit: string | undefined;
  now?: Date;
}

/** The free and whole space of the file system holding `folder` (or its nearest existing parent), or why not. */
async function diskSpace(folder: string): Promise<DiskSpace | string> {
  let target = folder;
  while (!existsSync(target) && path.dirname(target) !== target) target = path.dirname(target);
  try {
    const found = await statfs(target);
    return { freeBytes: found.bavail * found.bsize, totalBytes: found.blocks * found.bsize };
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

async function folderBytes(folder: string): Promise<number> {
  let total = 0;
  try {
    for (const entry of await readdir(folder, { withFileTypes: true, recursive: true })) {
      if (entry.isFile()) total += (await stat(path.join(entry.parentPath, entry.name))).size;
    }
  } catch {
    // No uploads yet.
  }
  return total;
}

const count = (db: DatabaseSync, sql: string): number => Number(db.prepare(sql).get()?.['n'] ?? 0);

function fileBytes(file: string): number {
  return existsSync(file) ? statSync(file).size : 0;
}

function mailFailing(db: DatabaseSync): SystemFacts['mail']['failing'] {
  const row = db
    .prepare(
      `SELECT received_at, last_error FROM contact_messages
       WHERE delivery_state IN ('pending', 'sending') AND attempts > 0 ORDER BY received_at LIMIT 1`,
    )
    .get();
  return row ? { since: String(row['received_at']), error: String(row['last_error'] ?? 'unknown') } : undefined;
}

/** Gathers the facts; `withUploads` also adds up the photos' bytes (for the page, not the minute's check). */
export async function gatherFacts(sources: FactSources, { withUploads = false } = {}): Promise<SystemFacts> {
  const { database: db, dataDir, state, backup } = sources;
  const lastSent = db.prepare('SELECT max(sent_at) AS at FROM contact_messages').get()?.['at'];
  const databaseFile = path.join(dataDir, DATABASE_FILE);
  return {
    now: sources.now ?? new Date(),
    deploy: sources.deployDir ? { status: readDeployStatus(sources.deployDir), commit: sources.commit } : undefined,
    backup,
    lastBackup: state.get(LAST_BACKUP, backupRecordSchema),
    lastGoodBackup: state.get(LAST_GOOD_BACKUP, backupRecordSchema),
    lastDrill: state.get(LAST_DRILL, drillRecordSchema),
    mail: {
      configured: sources.mailConfigured,
      failing: mailFailing(db),
      lastSentAt: typeof lastSent === 'string' ? lastSent : undefined,
      test: state.get(TEST_MAIL, testMailSchema),
    },
    disks: {
      data: await diskSpace(dataDir),
      backups: backup.dir ? await diskSpace(backup.dir) : undefined,
    },
    store: {
      bytes: fileBytes(databaseFile) + fileBytes(`${databaseFile}-wal`),
      uploadsBytes: withUploads ? await folderBytes(path.join(dataDir, 'uploads')) : undefined,
      photos: count(db, 'SELECT count(*) AS n FROM event_images'),
      messages: count(db, 'SELECT count(*) AS n FROM contact_messages'),
      events: count(db, 'SELECT count(*) AS n FROM events'),
    },
  };
}
