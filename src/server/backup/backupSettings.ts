/**
 * The settings of the scheduled backups (backupSchedule.ts), a section of the server's one settings
 * schema (src/server/settings.ts):
 * - BACKUP_DIR: the folder the backups go in (outside DATA_DIR); unset, nothing is scheduled (and the
 *   System page says so in red);
 * - BACKUP_INTERVAL: the time between backups, such as "24h" (the default), "6h", "30m"; at least "1m";
 * - BACKUP_KEEP: how many backups are kept (default 14); older ones are deleted;
 * - BACKUP_COMMAND: run after each backup to copy the new folder off the machine: "{folder}" in it is
 *   the folder's path and "{name}" its name ("rclone copy {folder} remote:isa-backups/{name}",
 *   "rsync -a {folder} backup@host:isa-backups/"); without either, the path is added as the last
 *   argument. The path is also in the command's environment as BACKUP_FOLDER.
 *   It is split into words here ("double" or 'single' quotes group them) and run without a shell, so
 *   nothing in a path or a setting is ever read as shell syntax.
 * The backup key is BACKUP_KEY, BACKUP_KEY_FILE or the key file beside BACKUP_DIR (backupKey.ts).
 */
import path from 'node:path';
import { z } from 'zod';
import { setting, wholeNumber } from '../settingFields.ts';

const UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
const MIN_INTERVAL_MS = 60_000;
const MAX_INTERVAL_MS = 30 * 86_400_000;

/** "24h" as milliseconds; undefined when it is not a duration. */
function parseDuration(text: string): number | undefined {
  const match = /^(\d+)\s*([smhd])$/.exec(text.trim().toLowerCase());
  return match ? Number(match[1]) * (UNITS[match[2] ?? ''] ?? 0) : undefined;
}

/** A command line as words, quotes grouping (no shell: no variables, globs or pipes); throws on an open quote. */
export function splitCommand(text: string): string[] {
  const words: string[] = [];
  let word = '';
  let quote: string | undefined;
  let started = false;
  for (const char of text) {
    if (quote) {
      if (char === quote) quote = undefined;
      else word += char;
    } else if (char === '"' || char === "'") {
      quote = char;
      started = true;
    } else if (/\s/.test(char)) {
      if (started) words.push(word);
      word = '';
      started = false;
    } else {
      word += char;
      started = true;
    }
  }
  if (quote) throw new Error(`a ${quote} quote is not closed`);
  if (started) words.push(word);
  return words;
}

export const backupSettings = z
  .object({
    BACKUP_DIR: setting(z.string().trim()),
    BACKUP_INTERVAL: setting(
      z.string().transform((value, context) => {
        const ms = parseDuration(value);
        if (ms !== undefined && ms >= MIN_INTERVAL_MS && ms <= MAX_INTERVAL_MS) return ms;
        context.issues.push({
          code: 'custom',
          input: value,
          message: `BACKUP_INTERVAL must be a duration from 1m to 30d, such as "24h", "6h" or "30m" (found "${value}")`,
        });
        return z.NEVER;
      }),
    ),
    BACKUP_KEEP: setting(wholeNumber('BACKUP_KEEP', 1, 1000)),
    BACKUP_COMMAND: setting(
      z.string().transform((value, context) => {
        try {
          const words = splitCommand(value);
          if (words.length > 0) return words;
          context.issues.push({ code: 'custom', input: value, message: 'BACKUP_COMMAND is empty' });
        } catch (error) {
          context.issues.push({
            code: 'custom',
            input: value,
            message: `BACKUP_COMMAND cannot be read: ${error instanceof Error ? error.message : String(error)}`,
          });
        }
        return z.NEVER;
      }),
    ),
  })
  .transform((env) => ({
    /** The backups folder (absolute), or undefined: no schedule. */
    dir: env.BACKUP_DIR === undefined ? undefined : path.resolve(env.BACKUP_DIR),
    intervalMs: env.BACKUP_INTERVAL ?? 24 * 3_600_000,
    keep: env.BACKUP_KEEP ?? 14,
    /** The program and its first arguments; the folder's path is added last. */
    command: env.BACKUP_COMMAND,
  }));

export type BackupSettings = z.output<typeof backupSettings>;
