/**
 * The followed repository, as a bare copy in DEPLOY_DIR/repository.git: each check fetches the
 * branch (only it, no tags), and a release folder is the export of one commit (`git archive`),
 * with no .git and nothing of the working copy `npm run deploy` runs from. A private repository is
 * read with DEPLOY_TOKEN (an HTTP header given to git through its environment, never in a command
 * line or a file) or DEPLOY_SSH_KEY_FILE; git never asks for a password (it would wait forever).
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { runCommand } from './commands.ts';
import type { DeploySettings } from './settings.ts';

export interface Commit {
  hash: string;
  /** The first line of its message, as the person who merged wrote it. */
  subject: string;
}

/** A git command that failed: what it printed, for the status. */
export class GitError extends Error {
  override name = 'GitError';
}

const FETCH_TIMEOUT_MS = 5 * 60_000;
const LOCAL_TIMEOUT_MS = 2 * 60_000;

/** `value` quoted for the shell that runs GIT_SSH_COMMAND. */
const shellQuoted = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;

export class Repository {
  readonly #settings: DeploySettings;
  readonly #gitDir: string;
  readonly #env: NodeJS.ProcessEnv;

  constructor(settings: DeploySettings, baseEnv: NodeJS.ProcessEnv) {
    this.#settings = settings;
    this.#gitDir = path.join(settings.deployDir, 'repository.git');
    const env: NodeJS.ProcessEnv = {
      PATH: baseEnv['PATH'],
      HOME: baseEnv['HOME'],
      LANG: 'C',
      GIT_TERMINAL_PROMPT: '0',
      GIT_ASKPASS: 'true',
      SSH_ASKPASS: 'true',
    };
    if (settings.token) {
      const basic = Buffer.from(`x-access-token:${settings.token}`).toString('base64');
      Object.assign(env, {
        GIT_CONFIG_COUNT: '1',
        GIT_CONFIG_KEY_0: 'http.extraHeader',
        GIT_CONFIG_VALUE_0: `Authorization: Basic ${basic}`,
      });
    }
    if (settings.sshKeyFile) {
      const knownHosts = path.join(settings.deployDir, 'known_hosts');
      env['GIT_SSH_COMMAND'] = [
        'ssh',
        `-i ${shellQuoted(settings.sshKeyFile)}`,
        '-o IdentitiesOnly=yes -o BatchMode=yes -o StrictHostKeyChecking=accept-new',
        `-o UserKnownHostsFile=${shellQuoted(knownHosts)}`,
      ].join(' ');
    }
    this.#env = env;
  }

  async #git(args: string[], options: { signal?: AbortSignal; timeoutMs?: number; logFile?: string } = {}) {
    const result = await runCommand('git', [`--git-dir=${this.#gitDir}`, ...args], {
      cwd: this.#settings.deployDir,
      env: this.#env,
      timeoutMs: options.timeoutMs ?? LOCAL_TIMEOUT_MS,
      signal: options.signal,
      logFile: options.logFile,
    });
    if (result.code !== 0) {
      const why = result.stopped === 'timeout' ? 'it took too long' : result.output.trim() || `exit ${result.code}`;
      throw new GitError(`git ${args[0]}: ${why}`);
    }
    return result.output.trim();
  }

  /** Fetches the branch and gives its newest commit. */
  async fetch(signal?: AbortSignal): Promise<Commit> {
    if (!existsSync(path.join(this.#gitDir, 'HEAD'))) {
      mkdirSync(this.#gitDir, { recursive: true });
      await this.#git(['init', '--bare', '--quiet']);
    }
    const { repository, branch } = this.#settings;
    const ref = `refs/heads/${branch}`;
    await this.#git(['fetch', '--quiet', '--no-tags', '--prune', repository, `+${ref}:${ref}`], {
      timeoutMs: FETCH_TIMEOUT_MS,
      ...(signal && { signal }),
    });
    const hash = await this.#git(['rev-parse', '--verify', `${ref}^{commit}`]);
    return { hash, subject: await this.subject(hash) };
  }

  /** The subject of a fetched commit. */
  subject(hash: string): Promise<string> {
    return this.#git(['log', '-1', '--format=%s', hash]);
  }

  /** Writes the files of `hash` into the empty folder `dir`. */
  async export(hash: string, dir: string, logFile: string, signal: AbortSignal): Promise<void> {
    const archive = `${dir}.tar`;
    try {
      await this.#git(['archive', '--format=tar', `--output=${archive}`, hash], { signal, logFile });
      mkdirSync(dir, { recursive: true });
      const untar = await runCommand('tar', ['-x', '-f', archive, '-C', dir], {
        cwd: this.#settings.deployDir,
        env: this.#env,
        timeoutMs: LOCAL_TIMEOUT_MS,
        signal,
        logFile,
      });
      if (untar.code !== 0) throw new GitError(`tar: ${untar.output.trim() || `exit ${untar.code}`}`);
    } finally {
      rmSync(archive, { force: true });
    }
  }
}
