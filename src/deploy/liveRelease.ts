/**
 * The release that serves visitors, on Node's cluster as PM2's reload does: the deploy is the primary
 * and holds the site's port; each release is a worker (its own scripts/start.ts, in its folder). A
 * switch starts the new release, waits until it says it is ready on its private port (speaking this
 * deploy's protocol), checks it there (releaseChecks.ts), lets it take connections from the site's
 * port, and only then drains the old one, which finishes what it serves. While both listen, new
 * connections go to either: both are whole, checked releases. One switch at a time; a live release
 * that exits by itself is started again, waiting longer after each failure, until the deploy stops.
 * src/server/release/serveRelease.ts is the release's side.
 */
import cluster, { type Worker } from 'node:cluster';
import path from 'node:path';
import { StepFailure, type Release, type Step } from '../server/release/releaseStatus.ts';
import { DEPLOY_PROTOCOL, isMessage, type FromRelease, type ToRelease } from '../server/release/serveRelease.ts';
import { short } from '../server/release/statusWords.ts';
import { checkRelease, checkedRoutes } from './releaseChecks.ts';

/** Time a release has to be ready (its store opened, its handler loaded), to go live, and to finish once drained. */
const READY_TIMEOUT_MS = 120_000;
const LIVE_TIMEOUT_MS = 30_000;
const DRAIN_TIMEOUT_MS = 45_000;
/** The longest wait before starting a live release that stopped again. */
const MAX_RESTART_DELAY_MS = 60_000;
/** Lines of a release's error output kept, for the reason when it fails. */
const KEPT_LINES = 40;

interface Running {
  release: Pick<Release, 'commit' | 'subject'>;
  worker: Worker;
  /** What it printed on standard error lately. */
  errors: string[];
  /** Resolves with its exit code (or signal) once it has exited. */
  exited: Promise<string>;
}

export interface LiveReleaseOptions {
  releasesDir: string;
  /** The environment of every release: the server's settings, DATA_DIR and DEPLOY_DIR absolute. */
  env: NodeJS.ProcessEnv;
  /** Whether events come from the society's backend (its outage is not a release's fault). */
  remoteEvents: boolean;
  /** A message a release sent that is not part of its start (the webhook's "check", "retry", "notified"). */
  onMessage: (message: FromRelease) => void;
  log: (line: string) => void;
}

/** Waits for `running`'s message of `type`; a StepFailure at its exit or the time limit. */
function awaitMessage<T extends FromRelease['type']>(running: Running, type: T, timeoutMs: number, step: Step) {
  return new Promise<Extract<FromRelease, { type: T }>>((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      running.worker.off('message', onMessage);
    };
    const timer = setTimeout(() => {
      done();
      reject(new StepFailure(step, 'release', `it did not answer within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    const onMessage = (message: unknown) => {
      if (!isMessage<FromRelease>(message) || message.type !== type) return;
      done();
      resolve(message as Extract<FromRelease, { type: T }>);
    };
    running.worker.on('message', onMessage);
    void running.exited.then((how) => {
      done();
      const said = running.errors.join('\n').trim();
      reject(new StepFailure(step, 'release', `it stopped (${how})${said ? `:\n${said}` : ''}`));
    });
  });
}

export class LiveRelease {
  readonly #options: LiveReleaseOptions;
  #current: Running | undefined;
  #switching: Promise<unknown> = Promise.resolve();
  #stopping = false;

  constructor(options: LiveReleaseOptions) {
    this.#options = options;
  }

  /** The release serving visitors, if one is. */
  get current(): Running['release'] | undefined {
    return this.#current?.release;
  }

  /** Starts `release` beside the live one, checks it, moves visitors to it and drains the old one. */
  switchTo(release: Running['release']): Promise<void> {
    const switched = this.#switching.then(async () => {
      const next = await this.#start(release);
      try {
        const wrong = await checkRelease(next.port, next.routes, this.#options.remoteEvents);
        if (wrong) throw new StepFailure('health', 'release', wrong);
        const live = awaitMessage(next, 'live', LIVE_TIMEOUT_MS, 'start');
        next.worker.send({ type: 'go-live' } satisfies ToRelease);
        await live;
      } catch (error) {
        next.worker.process.kill('SIGKILL');
        await next.exited;
        throw error;
      }
      const old = this.#current;
      this.#current = next;
      void next.exited.then((how) => this.#stoppedByItself(next, how));
      if (old) await this.#drain(old);
    });
    this.#switching = switched.catch(() => undefined);
    return switched;
  }

  /** Starts `release`, ready on its private port; it takes no visitor yet. */
  async #start(release: Running['release']): Promise<Running & { port: number; routes: string[] }> {
    const folder = path.join(this.#options.releasesDir, release.commit);
    cluster.setupPrimary({
      exec: path.join(folder, 'scripts/start.ts'),
      cwd: folder,
      // Request lines go straight to the deploy's output; errors are kept for a failure's reason too.
      stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
    });
    const worker = cluster.fork({ ...this.#options.env, DEPLOY_RELEASE: release.commit });
    const errors: string[] = [];
    worker.process.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      process.stderr.write(chunk);
      errors.push(...chunk.split('\n').filter((line) => line.trim() !== ''));
      errors.splice(0, Math.max(0, errors.length - KEPT_LINES));
    });
    const exited = new Promise<string>((resolve) =>
      worker.once('exit', (code, signal) => resolve(signal ? `signal ${signal}` : `exit code ${code}`)),
    );
    const running = { release, worker, errors, exited };
    try {
      const ready = await awaitMessage(running, 'ready', READY_TIMEOUT_MS, 'start');
      if (ready.protocol !== DEPLOY_PROTOCOL) {
        throw new StepFailure(
          'start',
          'release',
          `it speaks deploy protocol ${ready.protocol}, not ${DEPLOY_PROTOCOL}`,
        );
      }
      worker.on('message', (message: unknown) => {
        if (isMessage<FromRelease>(message) && message.type !== 'ready' && message.type !== 'live')
          this.#options.onMessage(message);
      });
      return { ...running, port: ready.port, routes: checkedRoutes(ready.routes) };
    } catch (error) {
      worker.process.kill('SIGKILL');
      throw error;
    }
  }

  /** Tells `running` to finish what it serves and stop; resolves once it has exited. */
  async #drain(running: Running): Promise<void> {
    if (running.worker.isConnected()) running.worker.send({ type: 'drain' } satisfies ToRelease);
    const timer = setTimeout(() => running.worker.process.kill('SIGKILL'), DRAIN_TIMEOUT_MS);
    await running.exited;
    clearTimeout(timer);
  }

  /** A live release that exits by itself is started again, waiting longer after each failure. */
  async #stoppedByItself(running: Running, how: string): Promise<void> {
    if (this.#current !== running || this.#stopping) return;
    this.#current = undefined;
    this.#options.log(`The live release ${short(running.release.commit)} stopped (${how}); starting it again.`);
    for (let delay = 1000; !this.#stopping && !this.#current; delay = Math.min(delay * 2, MAX_RESTART_DELAY_MS)) {
      await new Promise((resolve) => setTimeout(resolve, delay));
      if (this.#stopping || this.#current) return;
      await this.switchTo(running.release).catch((error: unknown) =>
        this.#options.log(`It did not start: ${String(error)}`),
      );
    }
  }

  /** Tells the live release `message` (the owners' mail); nothing when none is live. */
  tell(message: ToRelease): void {
    if (this.#current?.worker.isConnected()) this.#current.worker.send(message);
  }

  /** The deploy is stopping: the live release finishes what it serves and stops, and is not started again. */
  async stop(): Promise<void> {
    this.#stopping = true;
    if (this.#current) await this.#drain(this.#current);
  }
}
