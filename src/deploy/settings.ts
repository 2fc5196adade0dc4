/**
 * The settings of `npm run deploy` (DEPLOY_*), checked with the same zod helpers and the same
 * message style as the server's own (src/server/settings.ts), together with every setting the
 * server reads: a wrong PORT or DEPLOY_BRANCH stops the deploy at its start, naming the variable,
 * instead of failing later inside a release.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { resolveDataDir } from '../server/database.ts';
import { parse, setting, SettingsError, wholeNumber, type Issue } from '../server/settingFields.ts';
import { readServerSettings, type ServerSettings } from '../server/settings.ts';

/** A remote git address: a URL git fetches over the network, or scp's user@host:path. */
const REMOTE = /^(?:https?|ssh|git|file):\/\//i;
const SCP_LIKE = /^[\w.-]+@[\w.-]+:/;

/**
 * DEPLOY_REPO: any address git fetches (https://, ssh://, git@host:path) or a folder. Never one that
 * git would read as an option, nor a password written into the URL (DEPLOY_TOKEN holds it instead,
 * so that it is never printed with the address).
 */
const repository = z
  .string()
  .trim()
  .refine((value) => !value.startsWith('-') && !/\p{Cc}/u.test(value), {
    error: (issue: Issue) =>
      `DEPLOY_REPO must be a git address or a folder, such as https://github.com/owner/name.git (found "${String(issue.input)}")`,
    abort: true,
  })
  .refine((value) => !(REMOTE.test(value) && URL.canParse(value) && new URL(value).password !== ''), {
    error: 'DEPLOY_REPO must not hold a password or token: put the token in DEPLOY_TOKEN instead',
  });

/** A branch name as git allows it (git check-ref-format), and never one read as an option. */
const branch = z
  .string()
  .trim()
  .refine(
    (value) =>
      /^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(value) &&
      !/\.\.|\/\/|\/\.|\.lock(?:\/|$)|[/.]$/.test(value) &&
      value.length <= 200,
    {
      error: (issue: Issue) => `DEPLOY_BRANCH must be a branch name such as main (found "${String(issue.input)}")`,
    },
  );

const deploySection = z
  .object({
    DEPLOY_REPO: setting(repository),
    DEPLOY_BRANCH: setting(branch),
    DEPLOY_DIR: setting(z.string()),
    DEPLOY_POLL_SECONDS: setting(wholeNumber('DEPLOY_POLL_SECONDS', 1, 86_400)),
    DEPLOY_KEEP_RELEASES: setting(wholeNumber('DEPLOY_KEEP_RELEASES', 2, 50)),
    DEPLOY_TOKEN: setting(z.string().trim()),
    DEPLOY_SSH_KEY_FILE: setting(z.string().trim()),
  })
  .refine((env) => !(env.DEPLOY_TOKEN && env.DEPLOY_SSH_KEY_FILE), {
    error: 'Set DEPLOY_TOKEN (an https:// DEPLOY_REPO) or DEPLOY_SSH_KEY_FILE (an ssh one), not both',
  })
  .refine((env) => !env.DEPLOY_TOKEN || !env.DEPLOY_REPO || /^https:\/\//i.test(env.DEPLOY_REPO), {
    error: 'DEPLOY_TOKEN is sent only to an https:// DEPLOY_REPO (use DEPLOY_SSH_KEY_FILE for an ssh address)',
  });

export interface DeploySettings {
  /** What is fetched: a git address, or an absolute folder. */
  repository: string;
  branch: string;
  /** Where the releases are built and kept, and the deploy's status (absolute). */
  deployDir: string;
  pollMs: number;
  /** How many good releases are kept (the live one among them), for rollback. */
  keepReleases: number;
  /** A read-only token for an https:// repository (GitHub: a fine-grained token with Contents: read). */
  token: string | undefined;
  /** A read-only deploy key for an ssh repository. */
  sshKeyFile: string | undefined;
}

/** The deploy's settings and the server's, as the releases will be started with them. */
export interface DeployStart {
  deploy: DeploySettings;
  server: ServerSettings;
}

/** A deploy setting that is wrong as a whole (DEPLOY_REPO missing, DATA_DIR inside DEPLOY_DIR). */
class DeploySettingsError extends SettingsError {
  override name = 'DeploySettingsError';
}

const isInside = (folder: string, parent: string) => {
  const relative = path.relative(parent, folder);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
};

/**
 * Every setting of `env`, checked; relative folders are `projectDir`'s (the clone `npm run deploy`
 * runs from). `originOf` gives the clone's own origin, DEPLOY_REPO's default. Throws a SettingsError
 * naming every wrong setting.
 */
export function readDeploySettings(
  env: NodeJS.ProcessEnv,
  projectDir: string,
  originOf: () => string | undefined,
): DeployStart {
  const resolved = (value: string | undefined, fallback: string) => path.resolve(projectDir, value ?? fallback);
  const section = parse(deploySection, env);
  // The server's settings as a release reads them: in production (so SITE_URL is required), and with
  // DATA_DIR the project folder's, not a release's.
  const dataDir = resolveDataDir(env.DATA_DIR, projectDir);
  const server = readServerSettings({ ...env, NODE_ENV: 'production', DATA_DIR: dataDir });
  const deployDir = resolved(section.DEPLOY_DIR, 'releases');
  const origin = section.DEPLOY_REPO ?? originOf();
  const problems: string[] = [];
  if (!origin) {
    problems.push(
      'DEPLOY_REPO is not set and this folder is not a clone with an origin: set DEPLOY_REPO to the repository to follow',
    );
  }
  if (isInside(dataDir, deployDir) || isInside(deployDir, dataDir)) {
    problems.push(
      `DATA_DIR (${dataDir}) and DEPLOY_DIR (${deployDir}) must be apart: the data outlives every release, and releases do not belong in backups`,
    );
  }
  const keyFile = section.DEPLOY_SSH_KEY_FILE && path.resolve(projectDir, section.DEPLOY_SSH_KEY_FILE);
  if (keyFile && !existsSync(keyFile))
    problems.push(`DEPLOY_SSH_KEY_FILE names a file that does not exist (${keyFile})`);
  if (problems.length > 0 || !origin) throw new DeploySettingsError(problems.join('\n'));
  const isRemote = REMOTE.test(origin) || SCP_LIKE.test(origin);
  return {
    server,
    deploy: {
      repository: isRemote ? origin : path.resolve(projectDir, origin),
      branch: section.DEPLOY_BRANCH ?? 'main',
      deployDir,
      pollMs: (section.DEPLOY_POLL_SECONDS ?? 60) * 1000,
      keepReleases: section.DEPLOY_KEEP_RELEASES ?? 3,
      token: section.DEPLOY_TOKEN,
      sshKeyFile: keyFile,
    },
  };
}
