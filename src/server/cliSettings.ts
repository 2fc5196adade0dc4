/**
 * The office's commands (`npm run admin`, `messages`, `backup`, `restore`, `events:import`, `seed`) act on
 * the running site's store: they read the same settings as the server, say which DATA_DIR they act on, and
 * those that need a store (`needsStore`) never make a new, empty one where the site's is expected.
 *
 * The settings: the process's environment (with Docker Compose, `docker compose exec site npm run …`
 * runs inside the container, with the site's own environment), completed from an environment file
 * (KEY=value lines, as systemd's EnvironmentFile and Compose's .env read them), the first found of:
 * 1. ENV_FILE, when set (it must exist);
 * 2. /etc/isa-site.env, the systemd service's settings (deploy/isa-site.service);
 * 3. .env in the project folder (Compose's and a developer's).
 * A variable already in the environment wins over the file's.
 *
 * A store is expected (and never made) when NODE_ENV=production, when DEPLOY_DIR is set (the site is
 * run by `npm run deploy`), or when the settings come from the systemd file or a file that sets
 * DATA_DIR: the site made its store at its first start, so a missing one means DATA_DIR is wrong.
 * Only in development (none of these) may a command make a new store.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { DATABASE_FILE, resolveDataDir } from './database.ts';

const SYSTEMD_ENV_FILE = '/etc/isa-site.env';

class CliSettingsError extends Error {
  override name = 'CliSettingsError';
}

export interface CliSettings {
  /** The environment the command acts with: the process's, completed from the file. */
  env: NodeJS.ProcessEnv;
  /** The file read, if any. */
  file: string | undefined;
  dataDir: string;
  /** Why a store must already be in DATA_DIR, in words; undefined in development. */
  storeExpected: string | undefined;
}

function readEnvFile(file: string): NodeJS.Dict<string> {
  try {
    return parseEnv(readFileSync(file, 'utf8'));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new CliSettingsError(`Cannot read the settings file ${file}: ${reason}.`);
  }
}

/** The settings file the commands read (see above), or undefined. */
function settingsFileOf(env: NodeJS.ProcessEnv, projectDir: string, systemFile = SYSTEMD_ENV_FILE) {
  const named = env['ENV_FILE']?.trim();
  if (named) {
    const file = path.resolve(projectDir, named);
    if (!existsSync(file)) throw new CliSettingsError(`ENV_FILE names a file that does not exist (${file}).`);
    return file;
  }
  if (existsSync(systemFile)) return systemFile;
  const local = path.join(projectDir, '.env');
  return existsSync(local) ? local : undefined;
}

export function readCliSettings(
  env: NodeJS.ProcessEnv = process.env,
  projectDir = process.cwd(),
  systemFile = SYSTEMD_ENV_FILE,
): CliSettings {
  const file = settingsFileOf(env, projectDir, systemFile);
  const fromFile = file ? readEnvFile(file) : {};
  // An empty variable counts as unset, as the server's settings read it (settings.ts).
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value?.trim()));
  const merged: NodeJS.ProcessEnv = { ...fromFile, ...given };
  const dataDir = resolveDataDir(merged.DATA_DIR, projectDir);
  const reasons = [
    merged.NODE_ENV === 'production' && 'NODE_ENV=production',
    merged.DEPLOY_DIR && 'DEPLOY_DIR is set (the site runs under npm run deploy)',
    file === systemFile && `the settings come from ${systemFile}, the systemd service's`,
    file && fromFile['DATA_DIR'] && `${file} sets DATA_DIR`,
  ].filter((reason): reason is string => typeof reason === 'string');
  return { env: merged, file, dataDir, storeExpected: reasons.length > 0 ? reasons.join('; ') : undefined };
}

/** The line each command prints first: which store it acts on, and from which settings. */
function actingOnLine(settings: CliSettings): string {
  const from = settings.file ? `settings from ${settings.file}` : 'no settings file; the environment only';
  return `Store: DATA_DIR=${settings.dataDir} (${from}).`;
}

/**
 * Throws CliSettingsError when DATA_DIR holds no store where the running site's is expected, saying
 * how that is known and where to look.
 */
export function requireSiteStore(settings: CliSettings): void {
  if (!settings.storeExpected || existsSync(path.join(settings.dataDir, DATABASE_FILE))) return;
  throw new CliSettingsError(
    `There is no store in DATA_DIR=${settings.dataDir}, and a running site's store is expected (${settings.storeExpected}): nothing was made. Set DATA_DIR to the site's (systemd: DATA_DIR=/var/lib/isa-site in ${SYSTEMD_ENV_FILE}, or ENV_FILE=<file>; Docker Compose: run the command in the container, "docker compose exec site npm run …").`,
  );
}

/**
 * What each command does first: reads the settings, says with `say` which store it acts on, and with
 * `needsStore` stops (exit code 1, one line why) where the site's store is expected and missing. The
 * command goes on with the values returned (`env`, the process's completed from the file, and `dataDir`):
 * nothing is written back into the process's environment.
 */
export function startCommand(
  say: (line: string) => void,
  { needsStore = true, projectDir = process.cwd() } = {},
): CliSettings {
  try {
    const settings = readCliSettings(process.env, projectDir);
    say(actingOnLine(settings));
    if (needsStore) requireSiteStore(settings);
    return settings;
  } catch (error) {
    if (!(error instanceof CliSettingsError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
