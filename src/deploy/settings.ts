/**
 * The settings of `npm run deploy` (DEPLOY_*), checked with the same zod helpers and the same
 * message style as the server's own (src/server/settings.ts), together with every setting the
 * server reads: a wrong PORT or DEPLOY_RELEASES stops the deploy at its start, naming the variable,
 * instead of failing later inside a release.
 */
import path from 'node:path';
import { z } from 'zod';
import { isInside } from '../server/backup/files.ts';
import { resolveDataDir } from '../server/database.ts';
import { parse, setting, SettingsError, webAddress, wholeNumber, type Issue } from '../server/settingFields.ts';
import { readServerSettings, type ServerSettings } from '../server/settings.ts';

/** github:owner/name, or GitHub's own address of the repository. */
const GITHUB = /^(?:github:|https:\/\/github\.com\/)([A-Za-z0-9-]{1,39}\/[A-Za-z0-9._-]{1,100}?)(?:\.git)?\/?$/;

/** DEPLOY_GITHUB_API_URL: https, or plain http to this machine only (a token never crosses a network in clear). */
const apiUrl = webAddress('DEPLOY_GITHUB_API_URL', 'https://github.example.org/api/v3').refine(
  (value) =>
    value.startsWith('https://') || /^http:\/\/(?:127\.0\.0\.1|localhost|\[::1\])(?::\d+)?(?:\/|$)/.test(value),
  { error: 'DEPLOY_GITHUB_API_URL must be an https:// address (plain http only to this machine)' },
);

const deploySection = z
  .object({
    DEPLOY_RELEASES: setting(
      z
        .string()
        .trim()
        .refine((value) => !/\p{Cc}/u.test(value), {
          error: (issue: Issue) =>
            `DEPLOY_RELEASES must be github:owner/name or a folder (found "${String(issue.input)}")`,
        }),
    ),
    DEPLOY_GITHUB_API_URL: setting(apiUrl),
    DEPLOY_TOKEN: setting(z.string().trim()),
    DEPLOY_DIR: setting(z.string()),
    DEPLOY_POLL_SECONDS: setting(wholeNumber('DEPLOY_POLL_SECONDS', 1, 86_400)),
    DEPLOY_KEEP_RELEASES: setting(wholeNumber('DEPLOY_KEEP_RELEASES', 2, 50)),
    /** The deploy that built on the server followed a repository: name its successor. */
    DEPLOY_REPO: setting(z.string()),
  })
  .refine((env) => env.DEPLOY_RELEASES !== undefined, {
    error: (issue: Issue) =>
      Reflect.get(Object(issue.input), 'DEPLOY_REPO')
        ? 'DEPLOY_REPO is no longer read: releases are built once, in CI. Set DEPLOY_RELEASES to github:owner/name (docs/operations.md, "Releases")'
        : 'DEPLOY_RELEASES is not set: github:owner/name, or the folder releases are published in',
  });

type ReleasesAt = { kind: 'github'; repository: string; apiUrl: string } | { kind: 'folder'; dir: string };

interface DeploySettings {
  releases: ReleasesAt;
  /** A read-only token for GitHub (a fine-grained one with Contents: read), for a private repository. */
  token: string | undefined;
  /** Where releases are unpacked and kept, and the deploy's status (absolute). */
  deployDir: string;
  pollMs: number;
  /** How many good releases are kept (the live one among them), for rollback. */
  keepReleases: number;
}

/** The deploy's settings and the server's, as the releases will be started with them. */
export interface DeployStart {
  deploy: DeploySettings;
  server: ServerSettings;
}

/** Every setting of `env`, checked; relative folders are `projectDir`'s. Throws a SettingsError naming every wrong one. */
export function readDeploySettings(env: NodeJS.ProcessEnv, projectDir: string): DeployStart {
  const section = parse(deploySection, env);
  // The server's settings as a release reads them: in production (so SITE_URL is required), and with
  // DATA_DIR the project folder's, not a release's.
  const dataDir = resolveDataDir(env.DATA_DIR, projectDir);
  const server = readServerSettings({ ...env, NODE_ENV: 'production', DATA_DIR: dataDir });
  const deployDir = path.resolve(projectDir, section.DEPLOY_DIR ?? 'releases');
  const named = section.DEPLOY_RELEASES ?? '';
  const github = GITHUB.exec(named)?.[1];
  const releases: ReleasesAt = github
    ? { kind: 'github', repository: github, apiUrl: section.DEPLOY_GITHUB_API_URL ?? 'https://api.github.com' }
    : { kind: 'folder', dir: path.resolve(projectDir, named) };
  const problems: string[] = [];
  if (isInside(dataDir, deployDir) || isInside(deployDir, dataDir)) {
    problems.push(
      `DATA_DIR (${dataDir}) and DEPLOY_DIR (${deployDir}) must be apart: the data outlives every release, and releases do not belong in backups`,
    );
  }
  if (releases.kind === 'folder' && (isInside(releases.dir, deployDir) || isInside(releases.dir, dataDir))) {
    problems.push(`DEPLOY_RELEASES (${releases.dir}) must be a folder outside DEPLOY_DIR and DATA_DIR`);
  }
  if (section.DEPLOY_TOKEN && releases.kind !== 'github') {
    problems.push('DEPLOY_TOKEN is sent only to GitHub: DEPLOY_RELEASES names a folder');
  }
  if (problems.length > 0) throw new SettingsError(problems.join('\n'));
  return {
    server,
    deploy: {
      releases,
      token: section.DEPLOY_TOKEN,
      deployDir,
      pollMs: (section.DEPLOY_POLL_SECONDS ?? 15) * 1000,
      keepReleases: section.DEPLOY_KEEP_RELEASES ?? 3,
    },
  };
}

/** Variables only the deploy reads: a release never sees them. */
export const DEPLOY_ONLY = ['DEPLOY_TOKEN', 'DEPLOY_RELEASES', 'DEPLOY_GITHUB_API_URL', 'DEPLOY_POLL_SECONDS'];

/** A release's environment: the server's settings, none of the deploy's own, in production. */
export function releaseEnvironment(env: NodeJS.ProcessEnv, { server, deploy }: DeployStart): NodeJS.ProcessEnv {
  return {
    ...Object.fromEntries(Object.entries(env).filter(([name]) => !DEPLOY_ONLY.includes(name))),
    // Production: a new store starts empty, without the sample events, unless told otherwise.
    EVENTS_SAMPLE_DATA: env['EVENTS_SAMPLE_DATA'] ?? 'off',
    NODE_ENV: 'production',
    DATA_DIR: server.store.dataDir,
    DEPLOY_DIR: deploy.deployDir,
  };
}
