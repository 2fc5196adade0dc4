/**
 * A check run every `intervalMs` and whenever asked, one run at a time: asked while one runs, it runs
 * once more after it (however often it was asked meanwhile), so a webhook call that comes during a look is
 * never missed and never fetched twice. The deploy looks for releases with it (deployer.ts).
 */
export class Poll {
  readonly #work: () => Promise<void>;
  readonly #intervalMs: number;
  #running: Promise<void> | undefined;
  #again = false;
  #timer: NodeJS.Timeout | undefined;
  #stopped = false;

  constructor(work: () => Promise<void>, intervalMs: number) {
    this.#work = work;
    this.#intervalMs = intervalMs;
  }

  /** Runs the work now, or once more after the run under way; resolves when no run is left. */
  run(): Promise<void> {
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    this.#running = (async () => {
      do {
        this.#again = false;
        await this.#work();
      } while (this.#again && !this.#stopped);
    })().finally(() => (this.#running = undefined));
    return this.#running;
  }

  /** Runs the work every `intervalMs` from now, each interval counted from the end of the last run. */
  start(): void {
    if (this.#stopped) return;
    this.#timer = setTimeout(() => void this.run().finally(() => this.start()), this.#intervalMs);
  }

  /** No further run starts; one under way ends. */
  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
  }
}
