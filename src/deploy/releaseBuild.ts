/**
 * One commit made into a release, in a folder of its own: DEPLOY_DIR/releases/<commit>. The
 * commit's files are exported there; its dependencies are installed (hard links to those of a
 * release, or of the deploy's own folder, with the same package-lock.json and patches; otherwise `npm ci`); the
 * content's photos are fitted (src/lib/content/photoFitting.ts), the content checked and the site built, in that folder (the build names its own paths, so it is
 * never moved). release.json is written last: a folder without it is never started and is removed
 * before another try, so no half-built release can go live. A failure gives its step and the first
 * lines that say why, and the folder is removed.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { runCommand, type CommandResult } from './commands.ts';
import type { Release, Step } from './journal.ts';
import type { Commit, Repository } from './repository.ts';

/** The marker of a whole release, written last. */
export const RELEASE_FILE = 'release.json';
/** Time allowed for each step. */
const STEP_TIMEOUT_MS = { install: 20 * 60_000, check: 10 * 60_000, build: 30 * 60_000 };
/** Caches that tools write inside node_modules while building: each release makes its own. */
const BUILD_CACHES = ['.astro', '.vite', '.cache'];
/** Lines of a failure's output kept as its reason. */
const REASON_LINES = 12;

export const releasesDir = (deployDir: string) => path.join(deployDir, 'releases');
export const releaseDir = (deployDir: string, commitHash: string) => path.join(releasesDir(deployDir), commitHash);

/** The release in `dir`, if it is whole (release.json written and naming its commit). */
export function readRelease(dir: string): Release | undefined {
  try {
    const release = JSON.parse(readFileSync(path.join(dir, RELEASE_FILE), 'utf8')) as Partial<Release>;
    return typeof release.commit === 'string' &&
      path.basename(dir) === release.commit &&
      typeof release.subject === 'string' &&
      typeof release.builtAt === 'string' &&
      typeof release.lockHash === 'string'
      ? { commit: release.commit, subject: release.subject, builtAt: release.builtAt, lockHash: release.lockHash }
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * What a folder's installed dependencies depend on: its package-lock.json and the patches
 * `npm ci` applies after installing (patches/*.patch, by name), so a changed patch installs anew.
 */
export function lockHashOf(dir: string): string | undefined {
  const lock = path.join(dir, 'package-lock.json');
  if (!existsSync(lock)) return undefined;
  const hash = createHash('sha256').update(readFileSync(lock));
  const patches = path.join(dir, 'patches');
  const names = existsSync(patches) ? readdirSync(patches).filter((name) => name.endsWith('.patch')) : [];
  for (const name of names.sort()) hash.update(`\0${name}\0`).update(readFileSync(path.join(patches, name)));
  return hash.digest('hex');
}

/**
 * The lines of a failed command's output that say why: from the first line naming an error or a
 * mistake (npm's own closing lines left out), else the last lines; terminal colours removed (what
 * reads it shows any other control character as a code).
 */
export function failureReason(output: string): string {
  const lines = stripVTControlCharacters(output)
    .replace(/[^\S\n]*\r?\n/g, '\n')
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line.trim() !== '' && !/^npm (?:error|ERR!|warn)\b/.test(line) && !/^> /.test(line));
  const first = lines.findIndex((line) => /\b(?:error|mistakes?|failed|cannot|could not|not found)\b/i.test(line));
  const start = first >= 0 ? first : Math.max(0, lines.length - REASON_LINES);
  return lines.slice(start, start + REASON_LINES).join('\n') || 'it stopped without saying why';
}

export interface BuildRequest {
  commit: Commit;
  deployDir: string;
  repository: Repository;
  /** Folders whose node_modules may be reused, with the hash of their lock file. */
  dependencies: { dir: string; lockHash: string }[];
  /** The build's environment: the public settings only, never the server's secrets. */
  env: NodeJS.ProcessEnv;
  signal: AbortSignal;
  logFile: string;
}

export type BuildOutcome =
  { ok: true; release: Release; reused: boolean } | { ok: false; step: Step; reason: string; cancelled: boolean };

class StepFailure extends Error {
  readonly step: Step;
  readonly reason: string;
  readonly cancelled: boolean;
  constructor(step: Step, reason: string, cancelled = false) {
    super(reason);
    this.step = step;
    this.reason = reason;
    this.cancelled = cancelled;
  }
}

function failedStep(step: Step, result: CommandResult): StepFailure {
  if (result.stopped === 'cancelled') return new StepFailure(step, 'a newer commit arrived', true);
  if (result.stopped === 'timeout') return new StepFailure(step, `${step} took longer than allowed`);
  return new StepFailure(step, failureReason(result.output));
}

/** Hard links to `from`'s node_modules (a copy across file systems), without the build caches. */
async function reuseDependencies(from: string, to: string, request: BuildRequest): Promise<boolean> {
  const target = path.join(to, 'node_modules');
  for (const flags of ['-al', '-a']) {
    const result = await runCommand('cp', [flags, path.join(from, 'node_modules'), target], {
      cwd: to,
      env: request.env,
      timeoutMs: STEP_TIMEOUT_MS.install,
      signal: request.signal,
      logFile: request.logFile,
    });
    if (result.stopped) throw failedStep('install', result);
    if (result.code === 0) {
      for (const cache of BUILD_CACHES) rmSync(path.join(target, cache), { recursive: true, force: true });
      return true;
    }
    rmSync(target, { recursive: true, force: true });
  }
  return false;
}

async function step(
  name: Step,
  command: string,
  args: string[],
  cwd: string,
  request: BuildRequest,
  timeoutMs: number,
) {
  const result = await runCommand(command, args, {
    cwd,
    env: request.env,
    timeoutMs,
    signal: request.signal,
    logFile: request.logFile,
  });
  if (result.code !== 0) throw failedStep(name, result);
}

/** Builds `request.commit` into its release folder, or says which step failed and why. */
export async function buildRelease(request: BuildRequest): Promise<BuildOutcome> {
  const { commit, deployDir } = request;
  const dir = releaseDir(deployDir, commit.hash);
  const existing = readRelease(dir);
  if (existing) return { ok: true, release: existing, reused: true };
  mkdirSync(releasesDir(deployDir), { recursive: true });
  rmSync(dir, { recursive: true, force: true }); // What an interrupted attempt left.
  try {
    try {
      await request.repository.export(commit.hash, dir, request.logFile, request.signal);
    } catch (error) {
      if (request.signal.aborted) throw new StepFailure('fetch', 'a newer commit arrived', true);
      throw new StepFailure('fetch', error instanceof Error ? error.message : String(error));
    }
    const lockHash = lockHashOf(dir);
    if (!lockHash) throw new StepFailure('install', 'the commit has no package-lock.json');
    const source = request.dependencies.find(
      (each) => each.lockHash === lockHash && existsSync(path.join(each.dir, 'node_modules')),
    );
    if (!source || !(await reuseDependencies(source.dir, dir, request))) {
      await step(
        'install',
        'npm',
        ['ci', '--include=dev', '--no-audit', '--no-fund'],
        dir,
        request,
        STEP_TIMEOUT_MS.install,
      );
    }
    // The last safety net: a photo that reached the branch unfitted is fitted before the check.
    await step('check', 'npm', ['run', '-s', 'photos:fit'], dir, request, STEP_TIMEOUT_MS.check);
    await step('check', 'npm', ['run', '-s', 'check:content'], dir, request, STEP_TIMEOUT_MS.check);
    await step('build', 'npm', ['run', '-s', 'build'], dir, request, STEP_TIMEOUT_MS.build);
    const release: Release = {
      commit: commit.hash,
      subject: commit.subject,
      builtAt: new Date().toISOString(),
      lockHash,
    };
    writeFileSync(path.join(dir, RELEASE_FILE), `${JSON.stringify(release, null, 2)}\n`);
    return { ok: true, release, reused: false };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    if (error instanceof StepFailure)
      return { ok: false, step: error.step, reason: error.reason, cancelled: error.cancelled };
    throw error;
  }
}
