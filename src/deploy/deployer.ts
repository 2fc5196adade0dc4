/**
 * `npm run deploy`: the site follows its published releases. Every DEPLOY_POLL_SECONDS (or at once,
 * on GitHub's webhook) it looks for the newest one (releaseSources.ts); a new one is downloaded,
 * checked against its digest and its manifest, unpacked (src/artifact/archive.ts) and switched to (liveRelease.ts).
 * Nothing is installed or built here. A release that fails a step never goes live: the attempt is
 * recorded with its step, its cause and its reason (statusFile.ts), owners are told by e-mail through
 * the live site, and it is not tried again by itself (`retry` does, on purpose). A network that fails
 * is no failure: the download is tried again at the next look. The newest release wins
 * over one being prepared; `rollback` puts the previous good release back, until a newer one comes.
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { attemptLine, notifiedLine, notLiveNotice, short, visible } from '../server/release/statusWords.ts';
import { StepFailure, type Step } from '../server/release/releaseStatus.ts';
import type { FromRelease } from '../server/release/serveRelease.ts';
import { acceptArtifact, readRelease, unpack } from '../artifact/archive.ts';
import { holdDeployDir, type ControlAnswer, type ControlRequest } from './control.ts';
import { isMachineError, NetworkError } from './download.ts';
import { messageOf } from '../server/backup/backupError.ts';
import { LiveRelease } from './liveRelease.ts';
import { artifactName, platformOf, type ThisServer } from '../artifact/manifest.ts';
import { Poll } from './poll.ts';
import { downloadsDir, releaseDir, releasesDir, removeReleasesExcept } from './releaseFolders.ts';
import { folderSource, githubSource, type Published, type ReleaseSource } from './releaseSources.ts';
import { DEPLOY_ONLY, releaseEnvironment, type DeployStart } from './settings.ts';
import { StatusFile, type AttemptEnd } from './statusFile.ts';

export interface DeployerOptions {
  settings: DeployStart;
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
  readonly #log: (line: string) => void;
  readonly #source: ReleaseSource;
  readonly #status: StatusFile;
  /** The release that serves visitors. */
  readonly #live: LiveRelease;
  readonly #poll: Poll;
  #attempt: Attempt | undefined;
  /** The newest published release, as last seen. */
  #latest: Published | undefined;
  /** A failed release an owner asked to try again. */
  #retrying: string | undefined;
  #closeControl: (() => void) | undefined;
  /** What a release must have been made for. */
  readonly #thisServer: ThisServer;

  constructor({ settings, env, log = (line) => console.info(`[deploy] ${line}`) }: DeployerOptions) {
    this.#settings = settings;
    this.#log = (line) => log(visible(line));
    this.#thisServer = {
      siteUrl: settings.server.http.siteUrl ?? '',
      nodeVersion: process.version,
      platform: platformOf(),
    };
    const { deploy } = settings;
    for (const dir of [deploy.deployDir, releasesDir(deploy.deployDir), downloadsDir(deploy.deployDir)]) {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
    }
    this.#status = new StatusFile(deploy.deployDir, this.#log);
    const { releases, token } = deploy;
    this.#source =
      releases.kind === 'github'
        ? githubSource({ repository: releases.repository, apiUrl: releases.apiUrl, token })
        : folderSource(releases.dir);
    this.#poll = new Poll(() => this.#checkOnce(), deploy.pollMs);
    // cluster.fork() adds to this process's environment: the deploy's own secrets leave it first.
    for (const name of DEPLOY_ONLY) Reflect.deleteProperty(process.env, name);
    this.#live = new LiveRelease({
      releasesDir: releasesDir(deploy.deployDir),
      env: releaseEnvironment(env, settings),
      remoteEvents: settings.server.events.kind === 'remote',
      onMessage: (received) => this.#fromRelease(received),
      log: this.#log,
    });
  }

  /** Takes DEPLOY_DIR, serves the live release again if there is one, then follows the releases. */
  async start(): Promise<void> {
    const { deployDir, pollMs } = this.#settings.deploy;
    this.#closeControl = await holdDeployDir(deployDir, (request) => this.#control(request));
    this.#log(`Following ${this.#source.where}, every ${pollMs / 1000} s; releases in ${deployDir}.`);
    const live = this.#status.status.live;
    const release = live && readRelease(releaseDir(deployDir, live.commit));
    if (release) {
      try {
        await this.#live.switchTo(release);
        this.#log(`Serving ${short(release.commit)} "${release.subject}" again.`);
      } catch (error) {
        this.#log(`The live release ${short(release.commit)} did not start again: ${messageOf(error)}`);
      }
    }
    this.#removeOrphans();
    await this.check();
    this.#poll.start();
  }

  /** Looks for a new release and starts an attempt at it (one look at a time; one more if asked meanwhile). */
  check(): Promise<void> {
    return this.#poll.run();
  }

  async #checkOnce(): Promise<void> {
    let latest: Published | undefined;
    try {
      latest = await this.#source.latest(AbortSignal.timeout(120_000));
      this.#status.checked({ latest: latest?.commit });
    } catch (error) {
      const why = `Cannot look for releases in ${this.#source.where}: ${messageOf(error)}`;
      this.#status.checked({ error: why });
      this.#log(why);
      return;
    }
    this.#latest = latest;
    if (!latest || this.#attempt?.commit === latest.commit) return;
    const { status } = this.#status;
    const isLive = status.live?.commit === latest.commit && this.#live.current !== undefined;
    const failed = this.#status.failed(latest.commit) && this.#retrying !== latest.commit;
    if (isLive || status.pinned === latest.commit || failed) {
      this.#attempt?.abort.abort(); // The newest is what is live again: the one being prepared is not wanted.
      return;
    }
    this.#retrying = undefined;
    this.#attempt?.abort.abort(); // The newest release wins.
    const previous = this.#attempt?.done ?? Promise.resolve();
    const abort = new AbortController();
    const attempt: Attempt = {
      commit: latest.commit,
      abort,
      done: previous.then(() => this.#prepare(latest, abort.signal)),
    };
    this.#attempt = attempt;
    void attempt.done.finally(() => {
      if (this.#attempt === attempt) this.#attempt = undefined;
      this.#removeOrphans();
    });
  }

  /** One attempt: download, check, unpack and put live `published`; records how it ended, whatever happens. */
  async #prepare(published: Published, signal: AbortSignal): Promise<void> {
    const { deployDir } = this.#settings.deploy;
    const end = this.#status.begin(published.commit, published.title);
    if (signal.aborted) return end({ result: 'superseded', reason: 'a newer release came' });
    const file = path.join(downloadsDir(deployDir), artifactName(published.commit));
    let step: Step = 'download';
    let subject = published.title;
    try {
      if (!existsSync(file)) {
        this.#log(`Downloading ${short(published.commit)} from ${this.#source.where}.`);
        await this.#source.download(published, file, signal);
      }
      step = 'verify';
      const manifest = await acceptArtifact(file, published, this.#thisServer);
      subject = manifest.subject;
      end({ result: 'preparing', subject });
      step = 'unpack';
      const dir = releaseDir(deployDir, published.commit);
      if (!readRelease(dir)) {
        rmSync(dir, { recursive: true, force: true });
        await unpack(file, dir);
      }
      rmSync(file, { force: true });
      if (signal.aborted) return end({ result: 'superseded', reason: 'a newer release came' });
      step = 'start';
      this.#log(`Starting ${short(manifest.commit)} "${subject}" beside the live release.`);
      await this.#live.switchTo(manifest);
      const release = { commit: manifest.commit, subject, builtAt: manifest.builtAt };
      this.#status.setLive(release);
      end({ result: 'live' });
      this.#status.addRelease(release, this.#settings.deploy.keepReleases);
      this.#log(`${short(manifest.commit)} "${subject}" is live.`);
    } catch (error) {
      if (signal.aborted) return end({ result: 'superseded', step, reason: 'a newer release came' });
      if (error instanceof NetworkError) {
        this.#log(
          `${short(published.commit)}: waiting for the network (${error.message}); it goes on at the next look.`,
        );
        return end({ result: 'waiting', step, reason: error.message });
      }
      const failure =
        error instanceof StepFailure
          ? error
          : new StepFailure(
              step,
              'machine',
              isMachineError(error) ? `this server could not write it: ${messageOf(error)}` : messageOf(error),
            );
      if (failure.cause === 'release') {
        // A damaged download is fetched again by a retry; a release that failed is not kept.
        rmSync(file, { force: true });
        rmSync(releaseDir(deployDir, published.commit), { recursive: true, force: true });
      }
      this.#failed(end, { commit: published.commit, subject }, failure);
    }
  }

  /** Records a failed attempt, says it, and has the live release mail the owners. */
  #failed(end: (end: AttemptEnd) => void, release: { commit: string; subject: string }, failure: StepFailure): void {
    const attempt = { ...release, step: failure.step, cause: failure.cause, reason: failure.message };
    end({ result: 'failed', ...attempt });
    const [recorded] = this.#status.status.attempts;
    if (recorded) this.#log(`${attemptLine(recorded)}\n${failure.message}`);
    this.#live.tell({ type: 'notify-owners', ...notLiveNotice(attempt, this.#status.status.live) });
  }

  /** Removes the release folders and downloads that are neither kept, live nor being prepared. */
  #removeOrphans(): void {
    const kept = new Set(this.#status.status.releases.map((release) => release.commit));
    const running = this.#live.current;
    if (running) kept.add(running.commit);
    if (this.#attempt) kept.add(this.#attempt.commit);
    // A download that failed for want of room to unpack is kept to go on with.
    const [last] = this.#status.status.attempts;
    if (last?.cause === 'machine') kept.add(last.commit);
    removeReleasesExcept(this.#settings.deploy.deployDir, kept);
  }

  /** Tries the last failed release again, on purpose. */
  retry(): ControlAnswer {
    const failed = this.#status.lastFailed();
    if (!failed) return { ok: false, message: 'No release failed: there is nothing to try again.' };
    this.#retrying = failed.commit;
    void this.check();
    return { ok: true, message: `Trying ${short(failed.commit)} again now; the status says how it goes.` };
  }

  /** Puts the good release before the live one back live, until a newer release is published. */
  async rollback(): Promise<ControlAnswer> {
    const { status } = this.#status;
    const live = status.live;
    const index = status.releases.findIndex((release) => release.commit === live?.commit);
    const previous = status.releases[index + 1];
    const folder = previous && readRelease(releaseDir(this.#settings.deploy.deployDir, previous.commit));
    if (!live || !previous || !folder) {
      return { ok: false, message: 'There is no earlier good release to go back to.' };
    }
    this.#attempt?.abort.abort();
    const pinned = this.#latest?.commit ?? live.commit;
    const end = this.#status.begin(previous.commit, previous.subject);
    try {
      await this.#live.switchTo(folder);
    } catch (error) {
      const step = error instanceof StepFailure ? error.step : 'start';
      const reason = messageOf(error);
      end({ result: 'failed', step, cause: 'release', reason });
      this.#log(`The rollback to ${short(previous.commit)} failed: ${reason}`);
      return { ok: false, message: `The rollback failed: ${reason}; ${short(live.commit)} stays live.` };
    }
    this.#status.setLive(folder, { rolledBack: true, pinned });
    end({ result: 'rolled back', reason: `rolled back from ${short(live.commit)}` });
    const said = `Rolled back: ${short(folder.commit)} "${folder.subject}" is live again, until a newer release than ${short(pinned)} is published.`;
    this.#log(said);
    return { ok: true, message: said };
  }

  async #control(request: ControlRequest): Promise<ControlAnswer> {
    if (request.command === 'rollback') return this.rollback();
    if (request.command === 'retry') return this.retry();
    if (request.command === 'check') {
      void this.check();
      return { ok: true, message: 'Looking for a new release now.' };
    }
    const doing = this.#attempt ? `preparing ${short(this.#attempt.commit)}` : 'waiting for a new release';
    return { ok: true, message: `running (process ${process.pid}), ${doing}` };
  }

  #fromRelease(received: FromRelease): void {
    if (received.type === 'check') {
      if (received.delivery && this.#status.seenDelivery(received.delivery)) {
        this.#log(`Webhook delivery ${received.delivery} was answered before: nothing to fetch.`);
        return;
      }
      void this.check();
    }
    if (received.type === 'retry') this.retry();
    if (received.type === 'notified') this.#log(notifiedLine(received));
  }

  /** Stops following the releases; the live release finishes what it serves and stops. */
  async stop(): Promise<void> {
    this.#poll.stop();
    this.#attempt?.abort.abort();
    this.#closeControl?.();
    await this.#attempt?.done.catch(() => undefined);
    await this.#live.stop();
  }
}
