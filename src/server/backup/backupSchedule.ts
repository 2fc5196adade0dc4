/**
 * Backups on a schedule (BACKUP_DIR, BACKUP_INTERVAL, BACKUP_KEEP, BACKUP_COMMAND: backupSettings.ts),
 * made by the server itself while it serves (createBackup.ts: a consistent snapshot, signed). After each
 * backup the oldest past BACKUP_KEEP are deleted and BACKUP_COMMAND is run with the new folder, to copy
 * it off the machine. Once a week the newest backup is restored in a drill (restoreDrill.ts), away from
 * the live store. Each result is kept in the store (systemState.ts), for the System page and the owners'
 * alerts; a failed backup is tried again after at most 15 minutes.
 *
 * `tick` does what is due at the clock's time; the server calls it every minute (backgroundTasks.ts). Tests
 * give a clock.
 */
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { runCommand } from '../runCommand.ts';
import type { SystemState } from '../system/systemState.ts';
import { BackupError, messageOf } from './backupError.ts';
import { signingKey } from './backupKey.ts';
import type { BackupSettings } from './backupSettings.ts';
import { createBackup } from './createBackup.ts';
import { drillBackup } from './restoreDrill.ts';

export const DRILL_EVERY_MS = 7 * 86_400_000;
const RETRY_MS = 15 * 60_000;
/** The longest BACKUP_COMMAND may take. */
const COMMAND_TIMEOUT_MS = 2 * 3_600_000;
const BACKUP_FOLDER = /^isa-backup-\d{4}-\d{2}-\d{2}T\d{6}Z(-\d+)?$/;

const time = z.iso.datetime();
export const backupRecordSchema = z.object({
  at: time,
  ok: z.boolean(),
  folder: z.string().optional(),
  error: z.string().optional(),
  /** BACKUP_COMMAND's result, when there is one: undefined when it worked. */
  commandError: z.string().optional(),
});
export const drillRecordSchema = z.object({
  at: time,
  ok: z.boolean(),
  folder: z.string(),
  error: z.string().optional(),
});
export type BackupRecord = z.output<typeof backupRecordSchema>;
export type DrillRecord = z.output<typeof drillRecordSchema>;

export const LAST_BACKUP = 'backup.last';
export const LAST_GOOD_BACKUP = 'backup.lastGood';
export const LAST_DRILL = 'backup.drill';

/** The backup folders in `dir`, oldest first (their names are their times). */
export async function backupFolders(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir, { withFileTypes: true }))
      .filter((entry) => entry.isDirectory() && BACKUP_FOLDER.test(entry.name))
      .map((entry) => entry.name)
      .sort();
  } catch {
    return [];
  }
}

/**
 * BACKUP_COMMAND's words for `folder`: "{folder}" in a word becomes its path and "{name}" its name
 * ("rclone copy {folder} remote:isa-backups/{name}"); without either, the path is the last argument.
 */
export function commandFor(command: readonly string[], folder: string): string[] {
  const placed = command.some((word) => word.includes('{folder}') || word.includes('{name}'));
  const words = command.map((word) => word.replaceAll('{folder}', folder).replaceAll('{name}', path.basename(folder)));
  return placed ? words : [...words, folder];
}

export interface ScheduleOptions {
  dataDir: string;
  settings: BackupSettings & { dir: string };
  state: SystemState;
  now?: () => Date;
  env?: NodeJS.ProcessEnv;
  /** Told each result in a line, for the server's log. */
  say?: (line: string) => void;
}

export class BackupSchedule {
  readonly #options: Required<ScheduleOptions>;
  #running: Promise<void> | undefined;

  constructor(options: ScheduleOptions) {
    this.#options = { now: () => new Date(), env: process.env, say: () => undefined, ...options };
  }

  /** Does what is due now: a backup, then a drill; waits for a round already under way instead. */
  tick(): Promise<void> {
    this.#running ??= this.#round().finally(() => (this.#running = undefined));
    return this.#running;
  }

  async #round(): Promise<void> {
    const { state, settings, now } = this.#options;
    const last = state.get(LAST_BACKUP, backupRecordSchema);
    const wait = last?.ok === false ? Math.min(RETRY_MS, settings.intervalMs) : settings.intervalMs;
    if (!last || now().getTime() - Date.parse(last.at) >= wait) await this.backup();
    const drill = state.get(LAST_DRILL, drillRecordSchema);
    if (!drill || now().getTime() - Date.parse(drill.at) >= DRILL_EVERY_MS) await this.drill();
  }

  /** Makes a backup now, deletes the oldest past BACKUP_KEEP and runs BACKUP_COMMAND; records the result. */
  async backup(): Promise<BackupRecord> {
    const { dataDir, settings, state, now, env, say } = this.#options;
    const at = now();
    let record: BackupRecord;
    try {
      const key = await signingKey(settings.dir, dataDir, env);
      const { folder } = await createBackup(dataDir, settings.dir, at, key.key);
      const folders = await backupFolders(settings.dir);
      for (const old of folders.slice(0, Math.max(0, folders.length - settings.keep))) {
        await rm(path.join(settings.dir, old), { recursive: true, force: true });
      }
      const commandError = settings.command ? await this.#copyOff(settings.command, folder) : undefined;
      record = { at: at.toISOString(), ok: true, folder, ...(commandError && { commandError }) };
      state.set(LAST_GOOD_BACKUP, record);
      say(`Backup written to ${folder}${commandError ? `; BACKUP_COMMAND failed: ${commandError}` : ''}.`);
    } catch (error) {
      const reason = error instanceof BackupError ? error.message : `${messageOf(error)}.`;
      record = { at: at.toISOString(), ok: false, error: reason };
      say(`Backup failed: ${reason}`);
    }
    state.set(LAST_BACKUP, record);
    return record;
  }

  /** Runs BACKUP_COMMAND with the folder as its last argument; gives why it failed, or undefined. */
  async #copyOff(command: string[], folder: string): Promise<string | undefined> {
    const [program = '', ...args] = commandFor(command, folder);
    const { settings, env } = this.#options;
    const result = await runCommand(program, args, {
      cwd: settings.dir,
      env: { ...env, BACKUP_FOLDER: folder },
      timeoutMs: COMMAND_TIMEOUT_MS,
    });
    if (result.code === 0) return undefined;
    const tail = result.output.trim().split('\n').slice(-3).join(' / ');
    const how = result.stopped ? `stopped (${result.stopped})` : `exit code ${result.code}`;
    return `${program}: ${how}${tail ? `: ${tail}` : ''}`.slice(0, 500);
  }

  /** Restores the newest backup in a drill, away from the live store; records the result. */
  async drill(): Promise<DrillRecord | undefined> {
    const { settings, state, now, env, say } = this.#options;
    const newest = (await backupFolders(settings.dir)).at(-1);
    if (!newest) return undefined;
    const folder = path.join(settings.dir, newest);
    let record: DrillRecord;
    try {
      await drillBackup(folder, env);
      record = { at: now().toISOString(), ok: true, folder };
      say(`Restore drill of ${folder}: it restores whole.`);
    } catch (error) {
      const reason = error instanceof BackupError ? error.message : `${messageOf(error)}.`;
      record = { at: now().toISOString(), ok: false, folder, error: reason };
      say(`Restore drill of ${folder} failed: ${reason}`);
    }
    state.set(LAST_DRILL, record);
    return record;
  }
}
