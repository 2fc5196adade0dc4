/**
 * The deploy's side of a release's life, on Node's cluster (the releases are its workers; the
 * deploy, the primary, holds the site's port and hands each new connection to a worker listening
 * on it, as PM2's reload does): start a release (its scripts/start.ts, in its folder) and wait
 * until it says it is ready on its private port, check it there (releaseChecks.ts), let it take
 * connections from the site's port, and drain the one before it. While both listen, new connections
 * go to either; both are whole, checked releases. The releaseWorker.ts module is the other side.
 */
import cluster, { type Worker } from 'node:cluster';
import path from 'node:path';
import type { Release, Step } from './journal.ts';
import { checkRelease, checkedRoutes } from './releaseChecks.ts';
import type { FromRelease, ToRelease } from './releaseWorker.ts';

/** Time a release has to be ready (its store opened, its handler loaded). */
const READY_TIMEOUT_MS = 120_000;
/** Time a release has to take connections once told to, and to finish once drained. */
const LIVE_TIMEOUT_MS = 30_000;
const DRAIN_TIMEOUT_MS = 45_000;
/** Lines of a release's error output kept, for the reason when it fails. */
const KEPT_LINES = 40;

/** A release that failed to start or its health check. */
export class ReleaseFailure extends Error {
  readonly step: Step;
  readonly reason: string;
  constructor(step: Step, reason: string) {
    super(reason);
    this.step = step;
    this.reason = reason;
  }
}

export interface RunningRelease {
  release: Release;
  worker: Worker;
  /** Its private port, where the deploy checks it. */
  port: number;
  /** The routes it asked to be checked. */
  routes: string[];
  /** What it printed on standard error lately. */
  errors: string[];
  /** Resolves with its exit code (or signal) when it has exited. */
  exited: Promise<string>;
}

export interface HandoverOptions {
  releasesDir: string;
  /** The environment of every release: the server's settings, DATA_DIR and DEPLOY_DIR absolute. */
  env: NodeJS.ProcessEnv;
  /** Whether events come from the society's backend (its outage is not a release's fault). */
  remoteEvents: boolean;
  /** A message a release sent that is not part of its start (a webhook's "check", "notified"). */
  onMessage: (message: FromRelease) => void;
}

function isFromRelease(value: unknown): value is FromRelease {
  return typeof value === 'object' && value !== null && typeof Reflect.get(value, 'type') === 'string';
}

const send = (running: RunningRelease, message: ToRelease) => {
  if (running.worker.isConnected()) running.worker.send(message);
};

/** Waits for `running`'s message of `type`, its exit, or the time limit. */
function awaitMessage<T extends FromRelease['type']>(
  running: Pick<RunningRelease, 'worker' | 'exited' | 'errors'>,
  type: T,
  timeoutMs: number,
  step: Step,
): Promise<Extract<FromRelease, { type: T }>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      done();
      reject(new ReleaseFailure(step, `it did not answer within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    const onMessage = (message: unknown) => {
      if (!isFromRelease(message) || message.type !== type) return;
      done();
      resolve(message as Extract<FromRelease, { type: T }>);
    };
    const done = () => {
      clearTimeout(timer);
      running.worker.off('message', onMessage);
    };
    running.worker.on('message', onMessage);
    void running.exited.then((how) => {
      done();
      const said = running.errors.join('\n').trim();
      reject(new ReleaseFailure(step, `it stopped (${how})${said ? `:\n${said}` : ''}`));
    });
  });
}

export class Handover {
  readonly #options: HandoverOptions;

  constructor(options: HandoverOptions) {
    this.#options = options;
  }

  /** Starts `release` and waits until it is ready on its private port; it takes no visitor yet. */
  async start(release: Release): Promise<RunningRelease> {
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
    const running: RunningRelease = { release, worker, port: 0, routes: [], errors, exited };
    try {
      const ready = await awaitMessage(running, 'ready', READY_TIMEOUT_MS, 'start');
      running.port = ready.port;
      running.routes = checkedRoutes(ready.routes);
    } catch (error) {
      worker.process.kill('SIGKILL');
      throw error;
    }
    worker.on('message', (message: unknown) => {
      if (isFromRelease(message) && message.type !== 'ready' && message.type !== 'live') {
        this.#options.onMessage(message);
      }
    });
    return running;
  }

  /** Checks `running` on its private port; throws a ReleaseFailure saying what is wrong. */
  async check(running: RunningRelease): Promise<void> {
    const wrong = await checkRelease(running.port, running.routes, this.#options.remoteEvents);
    if (wrong) throw new ReleaseFailure('health', wrong);
  }

  /** Lets `running` take connections from the site's port. */
  async goLive(running: RunningRelease): Promise<void> {
    const live = awaitMessage(running, 'live', LIVE_TIMEOUT_MS, 'start');
    send(running, { type: 'go-live' });
    await live;
  }

  /** Tells `running` to finish what it serves and stop; resolves once it has exited. */
  async drain(running: RunningRelease): Promise<void> {
    send(running, { type: 'drain' });
    const timer = setTimeout(() => running.worker.process.kill('SIGKILL'), DRAIN_TIMEOUT_MS);
    await running.exited;
    clearTimeout(timer);
  }

  /** Stops a release that never took a visitor. */
  async stop(running: RunningRelease): Promise<void> {
    running.worker.process.kill('SIGKILL');
    await running.exited;
  }

  tell(running: RunningRelease, message: ToRelease): void {
    send(running, message);
  }
}
