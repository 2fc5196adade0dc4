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
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { holdDeployDir, type ControlAnswer, type ControlRequest } from './control.ts';
import { Handover, ReleaseFailure } from './handover.ts';
import { DeployJournal, STEPS, type Release } from './journal.ts';
import { buildEnvironment, DEPLOY_ONLY, releaseEnvironment } from './environments.ts';
import { LiveRelease } from './liveRelease.ts';
import { buildRelease, readRelease, releaseDir, releasesDir } from './releaseBuild.ts';
import { Poll } from './poll.ts';
import { dependencySources, forgetBrokenReleases, pruneLogs, removeReleasesExcept } from './releaseFolders.ts';
import type { FromRelease } from './releaseWorker.ts';
import { GitError, Repository, type Commit } from './repository.ts';
import type { DeployStart } from './settings.ts';
import { notifiedLine, notLiveNotice } from './statusText.ts';

const short = (hash: string) => hash.slice(0, 7);

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
  /** The release that serves visitors. */
  readonly #live: LiveRelease;
  #attempt: Attempt | undefined;
  /** The branch's newest commit, as last fetched. */
  #head: Commit | undefined;
  /** Fetches the branch every DEPLOY_POLL_SECONDS, and when asked (webhook, `check`). */
  readonly #poll: Poll;
  #release: (() => void) | undefined;

  constructor({ settings, projectDir, env, log = (line) => console.info(`[deploy] ${line}`) }: DeployerOptions) {
    this.#settings = settings;
    this.#projectDir = projectDir;
    this.#log = log;
    const { deploy, server } = settings;
    mkdirSync(deploy.deployDir, { recursive: true, mode: 0o700 });
    mkdirSync(path.join(deploy.deployDir, 'logs'), { recursive: true });
    this.#buildEnv = buildEnvironment(env, server.http.siteUrl);
    this.#repository = new Repository(deploy, env);
    this.#journal = new DeployJournal(deploy.deployDir);
    this.#poll = new Poll(() => this.#checkOnce(), deploy.pollMs);
    // cluster.fork() adds to this process's environment: the deploy's own secrets leave it first.
    for (const name of DEPLOY_ONLY) Reflect.deleteProperty(process.env, name);
    this.#handover = new Handover({
      releasesDir: releasesDir(deploy.deployDir),
      env: releaseEnvironment(env, { dataDir: server.store.dataDir, deployDir: deploy.deployDir }),
      remoteEvents: server.events.kind === 'remote',
      onMessage: (message) => this.#fromRelease(message),
    });
    this.#live = new LiveRelease(this.#handover, log);
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
    forgetBrokenReleases(deployDir, this.#journal);
    const live = this.#journal.status.live;
    const release = live && readRelease(releaseDir(deployDir, live.commit));
    if (release) {
      try {
        await this.#live.switchTo(release);
        this.#log(`Serving ${short(release.commit)} "${release.subject}" again.`);
      } catch (error) {
        this.#log(`The live release ${short(release.commit)} did not start again: ${String(error)}`);
      }
    }
    await this.check();
    const error = this.#journal.status.lastCheck?.error;
    if (!this.#live.current && !this.#attempt && error) {
      await this.stop();
      throw new GitError(error);
    }
    this.#poll.start();
  }

  /** Fetches the branch and starts an attempt at a new commit (one check at a time; one more if asked meanwhile). */
  check(): Promise<void> {
    return this.#poll.run();
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
    const isLive = status.live?.commit === head.hash && this.#live.current !== undefined;
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
      dependencies: dependencySources(deployDir, this.#journal.status.releases, this.#projectDir),
      env: this.#buildEnv,
      signal,
      logFile: path.join(deployDir, 'logs', `${commit.hash}.log`),
    });
    pruneLogs(deployDir);
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
      await this.#live.switchTo(outcome.release);
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
    this.#log(`${short(commit.hash)} "${commit.subject}" failed at ${STEPS[step]}; it is not live:\n${reason}`);
    const running = this.#live.current;
    if (!running) return;
    const notice = notLiveNotice(commit, step, reason, this.#journal.status.live);
    this.#handover.tell(running, { type: 'notify-owners', ...notice });
  }

  /** Keeps `release` among the good ones and removes what is no longer kept. */
  #keep(release: Release): void {
    for (const dropped of this.#journal.addRelease(release, this.#settings.deploy.keepReleases)) {
      rmSync(releaseDir(this.#settings.deploy.deployDir, dropped.commit), { recursive: true, force: true });
    }
    this.#removeOrphans();
  }

  /** Removes the release folders that are neither kept, live nor being built (a superseded build, an interrupted one). */
  #removeOrphans(): void {
    const kept = new Set(this.#journal.status.releases.map((release) => release.commit));
    const running = this.#live.current;
    if (running) kept.add(running.release.commit);
    if (this.#attempt) kept.add(this.#attempt.commit);
    removeReleasesExcept(this.#settings.deploy.deployDir, kept);
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
      await this.#live.switchTo(folder);
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
    if (message.type === 'notified') this.#log(notifiedLine(message));
  }

  /** Stops following the branch and building; the live release finishes what it serves and stops. */
  async stop(): Promise<void> {
    this.#live.stopRestarting();
    this.#poll.stop();
    this.#attempt?.abort.abort();
    this.#release?.();
    await this.#attempt?.done.catch(() => undefined);
    await this.#live.drain();
  }
}
