/**
 * What the deploy's tests stand on: a local repository standing in for the society's (made from this
 * working copy's files, so that the code under test is what is released), where changes are
 * committed and released as CI does (`npm run release`, scripts/release.ts), and `npm run deploy`
 * itself (scripts/deploy.ts, started from this project folder as production starts it from a clone).
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { create, extract } from 'tar';
import { digestOf } from '../../src/lib/fileDigest.ts';
import { artifactName, digestLine, digestName, MANIFEST_FILE, type Manifest } from '../../src/artifact/manifest.ts';
import { readDeployStatus, type DeployStatus } from '../../src/server/release/releaseStatus.ts';
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
  /** The working copy changes are committed in. */
  work: string;
  /** Changes files of the working copy and commits; gives the commit's hash. */
  commit(subject: string, change: (file: (relative: string) => FileEdit) => void): string;
  /** `npm run release -- --out <out>` at the commit checked out, as CI runs it; gives the artifact's path. */
  release(out: string, env: Record<string, string>): Promise<string>;
  remove(): void;
}

interface FileEdit {
  read(): string;
  write(text: string): void;
  replace(from: string | RegExp, to: string): void;
}

/** Copies this working copy's files (tracked and new, as git sees them) into `target`, with their times. */
function copyProject(target: string): void {
  const files = git(root, 'ls-files', '--cached', '--others', '--exclude-standard', '-z').split('\0').filter(Boolean);
  for (const file of files) {
    try {
      cpSync(path.join(root, file), path.join(target, file), { recursive: false, preserveTimestamps: true });
    } catch {
      // Listed by git but deleted in the working copy.
    }
  }
}

/** A repository holding this working copy's files, on branch main, with the project's dependencies (hard links). */
export function makeRepository(): TestRepository {
  const base = mkdtempSync(path.join(tmpdir(), 'isa-deploy-repo-'));
  const work = path.join(base, 'work');
  mkdirSync(work);
  copyProject(work);
  git(work, 'init', '--quiet', '--initial-branch=main');
  git(work, 'add', '--all');
  git(work, ...AUTHOR, 'commit', '--quiet', '--message', 'The site as it is');
  // As CI's npm ci: the dependencies the lock file names (here this project's, linked), without build caches.
  const linked = spawnSync('cp', ['-al', path.join(root, 'node_modules'), path.join(work, 'node_modules')]);
  if (linked.status !== 0) throw new Error(`cp -al node_modules: ${linked.stderr.toString()}`);
  for (const cache of ['.astro', '.vite', '.cache'])
    rmSync(path.join(work, 'node_modules', cache), { recursive: true, force: true });
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
    work,
    commit(subject, change) {
      change(fileEdit);
      git(work, 'add', '--all');
      git(work, ...AUTHOR, 'commit', '--quiet', '--message', subject);
      return git(work, 'rev-parse', 'HEAD');
    },
    release(out, env) {
      const commit = git(work, 'rev-parse', 'HEAD');
      const made = spawn(process.execPath, ['scripts/release.ts', '--out', out], {
        cwd: work,
        env: { ...process.env, ...env },
      });
      let said = '';
      made.stdout.setEncoding('utf8').on('data', (chunk: string) => (said = (said + chunk).slice(-6000)));
      made.stderr.setEncoding('utf8').on('data', (chunk: string) => (said = (said + chunk).slice(-6000)));
      return new Promise((resolve, reject) =>
        made.once('close', (code) =>
          code === 0
            ? resolve(path.join(out, `isa-site-${commit}.tar.gz`))
            : reject(new Error(`npm run release failed:\n${said}`)),
        ),
      );
    },
    remove: () => rmSync(base, { recursive: true, force: true }),
  };
}

/**
 * The release CI would make of a content change that replaces `from` by `to` in the pages, made from the
 * artifact `release` (one `npm run release` made) rather than built again: its pages (with their .gz and
 * .br) and server code changed, its manifest naming `commit`. The suite builds the site once for the
 * deploy's tests; `npm run bench -- --only deploy` times real releases of real commits.
 */
export async function releaseOfChange(
  release: string,
  change: { commit: string; subject: string; from: string; to: string },
): Promise<{ commit: string; file: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'isa-changed-release-'));
  await extract({ file: release, cwd: dir });
  const manifest = JSON.parse(readFileSync(path.join(dir, MANIFEST_FILE), 'utf8')) as Manifest;
  writeFileSync(
    path.join(dir, MANIFEST_FILE),
    JSON.stringify({ ...manifest, commit: change.commit, subject: change.subject }),
  );
  let changed = 0;
  for (const name of readdirSync(path.join(dir, 'dist'), { recursive: true, encoding: 'utf8' })) {
    const file = path.join(dir, 'dist', name);
    if (!/\.(html|mjs)$/.test(name)) continue;
    const text = readFileSync(file, 'utf8');
    if (!text.includes(change.from)) continue;
    const bytes = Buffer.from(text.replaceAll(change.from, change.to));
    writeFileSync(file, bytes);
    if (existsSync(`${file}.gz`)) writeFileSync(`${file}.gz`, gzipSync(bytes));
    if (existsSync(`${file}.br`)) writeFileSync(`${file}.br`, brotliCompressSync(bytes));
    changed += 1;
  }
  if (changed === 0) throw new Error(`No page of ${release} says "${change.from}"`);
  const file = path.join(path.dirname(release), artifactName(change.commit));
  await create({ file, cwd: dir, gzip: { level: 1 }, portable: true }, readdirSync(dir));
  writeFileSync(digestName(file), digestLine(await digestOf(file), artifactName(change.commit)));
  rmSync(dir, { recursive: true, force: true });
  return { commit: change.commit, file };
}

export interface RunningDeploy {
  url: string;
  deployDir: string;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  output: string[];
  /**
   * Stops the deploy (SIGTERM, as systemd or Docker would; SIGKILL, as a crash or the OOM killer) and starts
   * it again on the same folders, as systemd's Restart= does, with `changes` to its settings.
   */
  restart(signal?: 'SIGTERM' | 'SIGKILL', changes?: Record<string, string>): Promise<void>;
  status(): DeployStatus | undefined;
  /** Polls the status until `ready` says so, or fails with the output after `timeoutMs`. */
  waitFor(what: string, ready: (status: DeployStatus) => boolean, timeoutMs?: number): Promise<DeployStatus>;
  /** Runs `npm run deploy -- <command>` against this deploy's settings (without blocking this process). */
  command(...args: string[]): Promise<{ status: number | null; output: string }>;
  /** The releases running now (the deploy's cluster workers, and any a killed deploy left draining). */
  releasesRunning(): number;
  stop(): Promise<void>;
}

/** The folders and port of a deploy to come: its releases are built for its address first. */
export async function deploySite(): Promise<{ base: string; port: number; siteUrl: string; deployDir: string }> {
  const base = mkdtempSync(path.join(tmpdir(), 'isa-deploy-'));
  const port = await freePort();
  return { base, port, siteUrl: `http://${HOST}:${port}`, deployDir: path.join(base, 'releases') };
}

/** Starts `npm run deploy` for `site`, with settings of its own (`env` adds to them). */
export async function startDeploy(
  site: Awaited<ReturnType<typeof deploySite>>,
  env: Record<string, string>,
): Promise<RunningDeploy> {
  const { base, port } = site;
  let settings: NodeJS.ProcessEnv = {
    ...process.env,
    HOST,
    PORT: String(port),
    // Releases run in production, which needs the public address: here, the deploy's own port.
    SITE_URL: site.siteUrl,
    DATA_DIR: path.join(base, 'data'),
    DEPLOY_DIR: site.deployDir,
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
  const halt = async (signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM') => {
    if (child.exitCode === null) child.kill(signal);
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
    async restart(signal = 'SIGTERM', changes = {}) {
      await halt(signal);
      settings = { ...settings, ...changes };
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
      const processes = spawnSync('ps', ['-eo', 'args='], { encoding: 'utf8' }).stdout.split('\n');
      return processes.filter(
        (line) => line.includes(path.join(deployDir, 'releases/')) && line.includes('scripts/start.ts'),
      ).length;
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
