/**
 * The release that serves visitors under `npm run deploy` (deployer.ts), one switch at a time: a new one
 * is started beside it, checked on its private port, then given the visitors while the old one finishes
 * what it serves (each step: handover.ts). A live release that exits by itself is started again, waiting
 * longer after each failure, until the deploy stops.
 */
import type { Handover, RunningRelease } from './handover.ts';
import type { Release } from './journal.ts';

/** The longest wait before starting a live release that stopped again. */
const MAX_RESTART_DELAY_MS = 60_000;

const short = (hash: string) => hash.slice(0, 7);
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class LiveRelease {
  readonly #handover: Handover;
  readonly #log: (line: string) => void;
  #current: RunningRelease | undefined;
  #switching: Promise<unknown> = Promise.resolve();
  #stopping = false;

  constructor(handover: Handover, log: (line: string) => void) {
    this.#handover = handover;
    this.#log = log;
  }

  /** The release serving visitors, if one is. */
  get current(): RunningRelease | undefined {
    return this.#current;
  }

  /** Starts `release` beside the live one, checks it, moves visitors to it and drains the old one. */
  switchTo(release: Release): Promise<void> {
    const switched = this.#switching.then(async () => {
      const next = await this.#handover.start(release);
      try {
        await this.#handover.check(next);
        await this.#handover.goLive(next);
      } catch (error) {
        await this.#handover.stop(next);
        throw error;
      }
      const old = this.#current;
      this.#current = next;
      void next.exited.then((how) => this.#stoppedByItself(next, how));
      if (old) await this.#handover.drain(old);
    });
    this.#switching = switched.catch(() => undefined);
    return switched;
  }

  /** A live release that exits by itself is started again, waiting longer after each failure. */
  async #stoppedByItself(running: RunningRelease, how: string): Promise<void> {
    if (this.#current !== running || this.#stopping) return;
    this.#current = undefined;
    this.#log(`The live release ${short(running.release.commit)} stopped (${how}); starting it again.`);
    for (let delay = 1000; !this.#stopping && !this.#current; delay = Math.min(delay * 2, MAX_RESTART_DELAY_MS)) {
      await wait(delay);
      if (this.#stopping || this.#current) return;
      try {
        await this.switchTo(running.release);
      } catch (error) {
        this.#log(`It did not start: ${String(error)}`);
      }
    }
  }

  /** The deploy is stopping: a release that exits is not started again. */
  stopRestarting(): void {
    this.#stopping = true;
  }

  /** The live release finishes what it serves and stops. */
  async drain(): Promise<void> {
    if (this.#current) await this.#handover.drain(this.#current);
  }
}
