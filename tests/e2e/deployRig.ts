/**
 * What the deploy's tests stand on: a local bare repository standing in for the society's GitHub
 * repository (made from this working copy's files, so that the code under test is what is
 * deployed), a working copy to commit and push changes from, and `npm run deploy` itself
 * (scripts/deploy.ts, started from this project folder as production starts it from a clone).
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readDeployStatus, type DeployStatus } from '../../src/deploy/journal.ts';
import { freePort, HOST } from './ownServer.ts';
import { seededDataDir } from './seededDataDir.ts';

const root = path.resolve(import.meta.dirname, '../..');
const AUTHOR = ['-c', 'user.name=Office Test', '-c', 'user.email=office@example.org'];

function git(cwd: string, ...args: string[]): string {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
  return result.stdout.trim();
}

export interface TestRepository {
  /** The bare repository (DEPLOY_REPO). */
  bare: string;
  /** The working copy changes are committed in. */
  work: string;
  /** Changes files of the working copy, commits and pushes; gives the commit's hash. */
  push(subject: string, change: (file: (relative: string) => FileEdit) => void): string;
  remove(): void;
}

interface FileEdit {
  read(): string;
  write(text: string): void;
  replace(from: string | RegExp, to: string): void;
}

/** Copies this working copy's files (tracked and new, as git sees them) into `target`, with their times. */
export function copyProject(target: string): void {
  const files = git(root, 'ls-files', '--cached', '--others', '--exclude-standard', '-z').split('\0').filter(Boolean);
  for (const file of files) {
    try {
      cpSync(path.join(root, file), path.join(target, file), { recursive: false, preserveTimestamps: true });
    } catch {
      // Listed by git but deleted in the working copy.
    }
  }
}

/** A repository holding this working copy's files, on branch main. */
export function makeRepository(): TestRepository {
  const base = mkdtempSync(path.join(tmpdir(), 'isa-deploy-repo-'));
  const work = path.join(base, 'work');
  const bare = path.join(base, 'site.git');
  mkdirSync(work);
  copyProject(work);
  git(work, 'init', '--quiet', '--initial-branch=main');
  git(work, 'add', '--all');
  git(work, ...AUTHOR, 'commit', '--quiet', '--message', 'The site as it is');
  git(base, 'clone', '--quiet', '--bare', work, bare);
  git(work, 'remote', 'add', 'origin', bare);
  const fileEdit = (relative: string): FileEdit => {
    const file = path.join(work, relative);
    return {
      read: () => readFileSync(file, 'utf8'),
      write: (text) => writeFileSync(file, text),
      replace(from, to) {
        const before = readFileSync(file, 'utf8');
        const after = before.replace(from, to);
        if (after === before) throw new Error(`${relative}: nothing to replace for ${String(from)}`);
        writeFileSync(file, after);
      },
    };
  };
  return {
    bare,
    work,
    push(subject, change) {
      change(fileEdit);
      git(work, 'add', '--all');
      git(work, ...AUTHOR, 'commit', '--quiet', '--message', subject);
      git(work, 'push', '--quiet', 'origin', 'main');
      return git(work, 'rev-parse', 'HEAD');
    },
    remove: () => rmSync(base, { recursive: true, force: true }),
  };
}

export interface RunningDeploy {
  url: string;
  deployDir: string;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  output: string[];
  /** Stops the deploy with SIGTERM, as systemd or Docker would, and starts it again on the same folders. */
  restart(): Promise<void>;
  status(): DeployStatus | undefined;
  /** Polls the status until `ready` says so, or fails with the output after `timeoutMs`. */
  waitFor(what: string, ready: (status: DeployStatus) => boolean, timeoutMs?: number): Promise<DeployStatus>;
  /** Runs `npm run deploy -- <command>` against this deploy's settings (without blocking this process). */
  command(...args: string[]): Promise<{ status: number | null; output: string }>;
  /** The releases running now (the deploy's cluster workers). */
  releasesRunning(): number;
  stop(): Promise<void>;
}

/** Starts `npm run deploy` on `repository`, with settings of its own (`env` adds to them). */
export async function startDeploy(repository: string, env: Record<string, string> = {}): Promise<RunningDeploy> {
  const base = mkdtempSync(path.join(tmpdir(), 'isa-deploy-'));
  const port = await freePort();
  const settings: NodeJS.ProcessEnv = {
    ...process.env,
    HOST,
    PORT: String(port),
    // Releases run in production, which needs the public address: here, the deploy's own port.
    SITE_URL: `http://${HOST}:${port}`,
    DATA_DIR: path.join(base, 'data'),
    DEPLOY_DIR: path.join(base, 'releases'),
    DEPLOY_REPO: repository,
    DEPLOY_POLL_SECONDS: '1',
    // The sample events, so that visitors' event pages answer (a deploy starts without them by default).
    EVENTS_SAMPLE_DATA: 'on',
    ...env,
  };
  if (settings['EVENTS_SAMPLE_DATA'] === 'on' && env['DATA_DIR'] === undefined) seededDataDir(path.join(base, 'data'));
  const output: string[] = [];
  const run = () => {
    const started = spawn(process.execPath, ['scripts/deploy.ts'], { cwd: root, env: settings });
    started.stdout.setEncoding('utf8').on('data', (chunk: string) => output.push(chunk));
    started.stderr.setEncoding('utf8').on('data', (chunk: string) => output.push(chunk));
    const ended = new Promise<number | null>((resolve) => started.once('exit', (code) => resolve(code)));
    return { started, ended };
  };
  let { started: child, ended: exited } = run();
  const halt = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 60_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  };
  const deployDir = String(settings['DEPLOY_DIR']);
  const status = () => readDeployStatus(deployDir);
  return {
    url: `http://${HOST}:${port}`,
    deployDir,
    dataDir: String(settings['DATA_DIR']),
    env: settings,
    output,
    async restart() {
      await halt();
      ({ started: child, ended: exited } = run());
    },
    status,
    async waitFor(what, ready, timeoutMs = 240_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        const now = status();
        if (now && ready(now)) return now;
        if (child.exitCode !== null || Date.now() > until) {
          throw new Error(`Waited for ${what}; the deploy said:\n${output.join('').slice(-4000)}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    },
    command(...args) {
      return new Promise((resolve) => {
        const run = spawn(process.execPath, ['scripts/deploy.ts', ...args], { cwd: root, env: settings });
        let output = '';
        run.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
        run.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
        run.once('close', (status) => resolve({ status, output }));
      });
    },
    releasesRunning() {
      const children = spawnSync('ps', ['-o', 'args=', '--ppid', String(child.pid)], { encoding: 'utf8' });
      return children.stdout.split('\n').filter((line) => line.includes('scripts/start.ts')).length;
    },
    async stop() {
      await halt();
      rmSync(base, { recursive: true, force: true });
    },
  };
}

/** The text of `url`'s page, or undefined when it does not answer. */
export async function pageText(url: string): Promise<string | undefined> {
  try {
    const response = await fetch(url);
    return response.ok ? await response.text() : undefined;
  } catch {
    return undefined;
  }
}
