/**
 * `npm run deploy`: the site follows its repository. Every DEPLOY_POLL_SECONDS (or at once, on
 * GitHub's push webhook) the branch is fetched; a new commit is built into a release folder of its
 * own (releaseBuild.ts) while the live release goes on serving; a release that passed its install,
 * content check and build is started beside the live one and checked on its private port, and only
 * then are visitors moved to it, the old one finishing what it serves (handover.ts). A commit that
 * fails any step never goes live: the attempt is recorded with its step and reason (journal.ts),
 * owners are told by e-mail through the live site, and the next commit is tried as usual. A newer
 * commit stops the build of an older one: the newest wins. `rollback` puts the previous good
 * release back the same way and keeps it until a newer commit arrives.
 */
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { holdDeployDir, type ControlAnswer, type ControlRequest } from './control.ts';
import { Handover, ReleaseFailure, type RunningRelease } from './handover.ts';
import { DeployJournal, STEPS, type Release } from './journal.ts';
import { buildRelease, lockHashOf, readRelease, releaseDir, releasesDir } from './releaseBuild.ts';
import type { FromRelease } from './releaseWorker.ts';
import { GitError, Repository, type Commit } from './repository.ts';
import type { DeployStart } from './settings.ts';

/** Variables a build may see: the public settings it needs, never the server's secrets. */
const BUILD_VARIABLES = [
  'PATH',
  'HOME',
  'USER',
  'LANG',
  'LC_ALL',
  'TZ',
  'TMPDIR',
  'SITE_URL',
  'PUBLIC_KEYSTATIC_GITHUB_REPO',
  'PUBLIC_KEYSTATIC_GITHUB_APP_SLUG',
  'npm_config_cache',
  'npm_config_registry',
  'NODE_EXTRA_CA_CERTS',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'NO_PROXY',
  'http_proxy',
  'https_proxy',
  'no_proxy',
];
/** Variables only the deploy reads: a release never sees them. */
const DEPLOY_ONLY = ['DEPLOY_TOKEN', 'DEPLOY_SSH_KEY_FILE', 'DEPLOY_REPO', 'DEPLOY_BRANCH', 'DEPLOY_POLL_SECONDS'];
/** Attempts' logs kept in DEPLOY_DIR/logs. */
const KEPT_LOGS = 30;
/** The longest wait before starting a live release that stopped again. */
const MAX_RESTART_DELAY_MS = 60_000;

const short = (hash: string) => hash.slice(0, 7);
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface DeployerOptions {
  settings: DeployStart;
  /** The folder `npm run deploy` runs from: its node_modules serve a release with the same lock file. */
  projectDir: string;
  env: NodeJS.ProcessEnv;
  log?: (line: string) => void;
}

interface Attempt {
  commit: string;
  abort: AbortController;
  done: Promise<void>;
}

export class Deployer {
  readonly #settings: DeployStart;
  readonly #projectDir: string;
  readonly #log: (line: string) => void;
  readonly #buildEnv: NodeJS.ProcessEnv;
  readonly #repository: Repository;
  readonly #handover: Handover;
  readonly #journal: DeployJournal;
  #live: RunningRelease | undefined;
  #attempt: Attempt | undefined;
  /** The branch's newest commit, as last fetched. */
  #head: Commit | undefined;
  #switching: Promise<unknown> = Promise.resolve();
  #checking: Promise<void> | undefined;
  #checkAgain = false;
  #timer: NodeJS.Timeout | undefined;
  #stopping = false;
  #release: (() => void) | undefined;

  constructor({ settings, projectDir, env, log = (line) => console.info(`[deploy] ${line}`) }: DeployerOptions) {
    this.#settings = settings;
    this.#projectDir = projectDir;
    this.#log = log;
    const { deploy, server } = settings;
    mkdirSync(deploy.deployDir, { recursive: true, mode: 0o700 });
    mkdirSync(path.join(deploy.deployDir, 'logs'), { recursive: true });
    this.#buildEnv = Object.fromEntries(
      BUILD_VARIABLES.filter((name) => env[name] !== undefined).map((name) => [name, env[name]]),
    );
    Object.assign(this.#buildEnv, { CI: 'true', SITE_URL: server.http.siteUrl ?? env['SITE_URL'] });
    this.#repository = new Repository(deploy, env);
    this.#journal = new DeployJournal(deploy.deployDir);
    // cluster.fork() adds to this process's environment: the deploy's own secrets leave it first.
    for (const name of DEPLOY_ONLY) Reflect.deleteProperty(process.env, name);
    this.#handover = new Handover({
      releasesDir: releasesDir(deploy.deployDir),
      env: {
        ...Object.fromEntries(Object.entries(env).filter(([name]) => !DEPLOY_ONLY.includes(name))),
        // Production: a new store starts empty, without the sample events, unless told otherwise.
        EVENTS_SAMPLE_DATA: env['EVENTS_SAMPLE_DATA'] ?? 'off',
        NODE_ENV: 'production',
        DATA_DIR: server.store.dataDir,
        DEPLOY_DIR: deploy.deployDir,
      },
      remoteEvents: server.events.kind === 'remote',
      onMessage: (message) => this.#fromRelease(message),
    });
  }

  get journal(): DeployJournal {
    return this.#journal;
  }

  /**
   * Takes DEPLOY_DIR, serves the live release again if there is one, then follows the branch.
   * Throws when another deploy runs there, or when nothing is live and the repository cannot be fetched.
   */
  async start(): Promise<void> {
    const { deployDir, repository, branch, pollMs } = this.#settings.deploy;
    this.#release = await holdDeployDir(deployDir, (request) => this.#control(request));
    this.#log(`Following ${branch} of ${repository}, every ${pollMs / 1000} s; releases in ${deployDir}.`);
    this.#forgetBrokenReleases();
    const live = this.#journal.status.live;
    const release = live && readRelease(releaseDir(deployDir, live.commit));
    if (release) {
      try {
        await this.#switchTo(release);
        this.#log(`Serving ${short(release.commit)} "${release.subject}" again.`);
      } catch (error) {
        this.#log(`The live release ${short(release.commit)} did not start again: ${String(error)}`);
      }
    }
    await this.check();
    const error = this.#journal.status.lastCheck?.error;
    if (!this.#live && !this.#attempt && error) {
      await this.stop();
      throw new GitError(error);
    }
    this.#schedule();
  }

  #schedule(): void {
    if (this.#stopping) return;
    this.#timer = setTimeout(() => {
      void this.check().finally(() => this.#schedule());
    }, this.#settings.deploy.pollMs);
  }

  /** Fetches the branch and starts an attempt at a new commit (one check at a time; one more if asked meanwhile). */
  check(): Promise<void> {
    if (this.#checking) {
      this.#checkAgain = true;
      return this.#checking;
    }
    this.#checking = (async () => {
      do {
        this.#checkAgain = false;
        await this.#checkOnce();
      } while (this.#checkAgain && !this.#stopping);
    })().finally(() => (this.#checking = undefined));
    return this.#checking;
  }

  async #checkOnce(): Promise<void> {
    let head: Commit;
    try {
      head = await this.#repository.fetch();
      this.#journal.checked();
    } catch (error) {
      const message = `Cannot fetch ${this.#settings.deploy.branch} of ${this.#settings.deploy.repository}: ${
        error instanceof Error ? error.message : String(error)
      }`;
      this.#journal.checked(message);
      this.#log(message);
      return;
    }
    this.#head = head;
    const { status } = this.#journal;
    if (this.#attempt?.commit === head.hash) return;
    const isLive = status.live?.commit === head.hash && this.#live !== undefined;
    if (isLive || status.pinned === head.hash || this.#journal.failed(head.hash)) {
      this.#attempt?.abort.abort(); // The branch went back to what is live: the newer build is not wanted.
      return;
    }
    this.#attempt?.abort.abort(); // The newest commit wins.
    const previous = this.#attempt?.done ?? Promise.resolve();
    const abort = new AbortController();
    const attempt: Attempt = {
      commit: head.hash,
      abort,
      done: previous.then(() => this.#deploy(head, abort.signal)),
    };
    this.#attempt = attempt;
    void attempt.done.finally(() => {
      if (this.#attempt === attempt) this.#attempt = undefined;
    });
  }

  /** One attempt: build `commit`, then put it live; records how it ended. */
  async #deploy(commit: Commit, signal: AbortSignal): Promise<void> {
    const end = this.#journal.begin(commit.hash, commit.subject);
    const name = `${short(commit.hash)} "${commit.subject}"`;
    if (signal.aborted) return end({ result: 'superseded', reason: 'a newer commit arrived' });
    this.#log(`Building ${name}.`);
    const { deployDir } = this.#settings.deploy;
    const started = Date.now();
    const outcome = await buildRelease({
      commit,
      deployDir,
      repository: this.#repository,
      dependencies: this.#dependencySources(),
      env: this.#buildEnv,
      signal,
      logFile: path.join(deployDir, 'logs', `${commit.hash}.log`),
    });
    this.#pruneLogs();
    if (!outcome.ok) {
      if (outcome.cancelled) {
        this.#log(`Stopped building ${name}: a newer commit arrived.`);
        return end({ result: 'superseded', step: outcome.step, reason: outcome.reason });
      }
      return this.#failed(end, commit, outcome.step, outcome.reason);
    }
    if (signal.aborted) {
      this.#log(`Built ${name}, but a newer commit arrived: it goes live instead.`);
      this.#removeOrphans();
      return end({ result: 'superseded', reason: 'a newer commit arrived' });
    }
    try {
      await this.#switchTo(outcome.release);
    } catch (error) {
      if (!(error instanceof ReleaseFailure)) throw error;
      rmSync(releaseDir(deployDir, commit.hash), { recursive: true, force: true });
      return this.#failed(end, commit, error.step, error.reason);
    }
    this.#journal.setLive(outcome.release);
    end({ result: 'live' });
    this.#keep(outcome.release);
    this.#log(`${name} is live (built and switched in ${Math.round((Date.now() - started) / 1000)} s).`);
  }

  #failed(end: ReturnType<DeployJournal['begin']>, commit: Commit, step: keyof typeof STEPS, reason: string): void {
    end({ result: 'failed', step, reason });
    const live = this.#journal.status.live;
    this.#log(`${short(commit.hash)} "${commit.subject}" failed at ${STEPS[step]}; it is not live:\n${reason}`);
    if (!this.#live) return;
    const text = [
      `The change ${short(commit.hash)} "${commit.subject}" was merged but did not go live:`,
      `it failed at ${STEPS[step]}.`,
      '',
      reason,
      '',
      live
        ? `The site keeps showing ${short(live.commit)} "${live.subject}". Fix the mistake and merge again; the next change goes live by itself.`
        : 'Fix the mistake and merge again.',
      'Owners see this under Site updates on the /Admin page.',
    ].join('\n');
    this.#handover.tell(this.#live, {
      type: 'notify-owners',
      subject: `The site was not updated: ${commit.subject}`.slice(0, 150),
      text,
    });
  }

  /** Where a release's dependencies can come from: kept releases, then this deploy's own folder. */
  #dependencySources(): { dir: string; lockHash: string }[] {
    const { deployDir } = this.#settings.deploy;
    const own = lockHashOf(this.#projectDir);
    return [
      ...this.#journal.status.releases.map((release) => ({
        dir: releaseDir(deployDir, release.commit),
        lockHash: release.lockHash,
      })),
      ...(own ? [{ dir: this.#projectDir, lockHash: own }] : []),
    ];
  }

  /** Starts `release` beside the live one, checks it, moves visitors to it and drains the old one. */
  #switchTo(release: Release): Promise<void> {
    const switched = this.#switching.then(async () => {
      const next = await this.#handover.start(release);
      try {
        await this.#handover.check(next);
        await this.#handover.goLive(next);
      } catch (error) {
        await this.#handover.stop(next);
        throw error;
      }
      const old = this.#live;
      this.#live = next;
      void next.exited.then((how) => this.#stoppedByItself(next, how));
      if (old) await this.#handover.drain(old);
    });
    this.#switching = switched.catch(() => undefined);
    return switched;
  }

  /** A live release that exits by itself is started again, waiting longer after each failure. */
  async #stoppedByItself(running: RunningRelease, how: string): Promise<void> {
    if (this.#live !== running || this.#stopping) return;
    this.#live = undefined;
    this.#log(`The live release ${short(running.release.commit)} stopped (${how}); starting it again.`);
    for (let delay = 1000; !this.#stopping && !this.#live; delay = Math.min(delay * 2, MAX_RESTART_DELAY_MS)) {
      await wait(delay);
      if (this.#stopping || this.#live) return;
      try {
        await this.#switchTo(running.release);
      } catch (error) {
        this.#log(`It did not start: ${String(error)}`);
      }
    }
  }

  /** Keeps `release` among the good ones and removes what is no longer kept. */
  #keep(release: Release): void {
    for (const dropped of this.#journal.addRelease(release, this.#settings.deploy.keepReleases)) {
      rmSync(releaseDir(this.#settings.deploy.deployDir, dropped.commit), { recursive: true, force: true });
    }
    this.#removeOrphans();
  }

  /** Release folders that are neither kept nor being built (a superseded build, an interrupted one). */
  #removeOrphans(): void {
    const dir = releasesDir(this.#settings.deploy.deployDir);
    const kept = new Set(this.#journal.status.releases.map((release) => release.commit));
    if (this.#live) kept.add(this.#live.release.commit);
    for (const name of readdirSafe(dir)) {
      if (!kept.has(name) && name !== this.#attempt?.commit)
        rmSync(path.join(dir, name), { recursive: true, force: true });
    }
  }

  /** Kept releases whose folder is not whole any more are forgotten. */
  #forgetBrokenReleases(): void {
    for (const release of this.#journal.status.releases) {
      if (!readRelease(releaseDir(this.#settings.deploy.deployDir, release.commit)))
        this.#journal.forget(release.commit);
    }
  }

  #pruneLogs(): void {
    const dir = path.join(this.#settings.deploy.deployDir, 'logs');
    const logs = readdirSafe(dir)
      .map((name) => ({ name, time: statSync(path.join(dir, name)).mtimeMs }))
      .sort((a, b) => b.time - a.time);
    for (const old of logs.slice(KEPT_LOGS)) rmSync(path.join(dir, old.name), { force: true });
  }

  /** Puts the good release before the live one back live, until a newer commit arrives. */
  async rollback(): Promise<ControlAnswer> {
    const { status } = this.#journal;
    const live = status.live;
    const index = status.releases.findIndex((release) => release.commit === live?.commit);
    const previous = status.releases[index + 1];
    const folder = previous && readRelease(releaseDir(this.#settings.deploy.deployDir, previous.commit));
    if (!live || !previous || !folder) {
      return { ok: false, message: 'There is no earlier good release to go back to.' };
    }
    this.#attempt?.abort.abort();
    const pinned = this.#head?.hash ?? live.commit;
    const end = this.#journal.begin(previous.commit, previous.subject);
    try {
      await this.#switchTo(folder);
    } catch (error) {
      const step = error instanceof ReleaseFailure ? error.step : 'start';
      const reason = error instanceof Error ? error.message : String(error);
      end({ result: 'failed', step, reason });
      this.#log(`The rollback to ${short(previous.commit)} failed at ${STEPS[step]}: ${reason}`);
      return { ok: false, message: `The rollback failed: ${reason}; ${short(live.commit)} stays live.` };
    }
    this.#journal.setLive(folder, { rolledBack: true, pinned });
    end({ result: 'rolled back', reason: `rolled back from ${short(live.commit)}` });
    const message = `Rolled back: ${short(folder.commit)} "${folder.subject}" is live again, until a newer commit than ${short(pinned)} arrives.`;
    this.#log(message);
    return { ok: true, message };
  }

  async #control(request: ControlRequest): Promise<ControlAnswer> {
    if (request.command === 'rollback') return this.rollback();
    if (request.command === 'check') {
      void this.check();
      return { ok: true, message: 'Checking the repository now.' };
    }
    const building = this.#attempt ? `building ${short(this.#attempt.commit)}` : 'waiting for a new commit';
    return { ok: true, message: `running (process ${process.pid}), ${building}` };
  }

  #fromRelease(message: FromRelease): void {
    if (message.type === 'check') void this.check();
    if (message.type === 'notified') {
      const told =
        message.sent === 0
          ? 'No owner was e-mailed (mail is not set up, or no owner has an e-mail address).'
          : `${message.sent} owner${message.sent === 1 ? ' was' : 's were'} e-mailed.`;
      this.#log(message.error ? `Owners could not be e-mailed: ${message.error}` : told);
    }
  }

  /** Stops following the branch and building; the live release finishes what it serves and stops. */
  async stop(): Promise<void> {
    this.#stopping = true;
    clearTimeout(this.#timer);
    this.#attempt?.abort.abort();
    this.#release?.();
    await this.#attempt?.done.catch(() => undefined);
    if (this.#live) await this.#handover.drain(this.#live);
  }
}

function readdirSafe(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
