/**
 * A sliding-window limit per key (the sender's network address): at most `max` hits in any
 * `windowMs`. Kept in memory only, so nothing about senders is stored; a restart forgets it.
 */
export interface RateLimit {
  max: number;
  windowMs: number;
}

export class RateLimiter {
  readonly #limit: RateLimit;
  readonly #hits = new Map<string, number[]>();
  #sinceSweep = 0;

  constructor(limit: RateLimit) {
    this.#limit = limit;
  }

  #recent(key: string, now: number): number[] {
    const since = now - this.#limit.windowMs;
    const recent = (this.#hits.get(key) ?? []).filter((time) => time > since);
    if (recent.length > 0) this.#hits.set(key, recent);
    else this.#hits.delete(key);
    return recent;
  }

  /** How long until `key` may send again: 0 when it may now. */
  waitMs(key: string, now: number): number {
    const recent = this.#recent(key, now);
    if (recent.length < this.#limit.max) return 0;
    const oldest = recent[recent.length - this.#limit.max] ?? now;
    return Math.max(1, oldest + this.#limit.windowMs - now);
  }

  /** Counts one hit for `key`. */
  hit(key: string, now: number) {
    this.#hits.set(key, [...this.#recent(key, now), now]);
    this.#sinceSweep += 1;
    if (this.#sinceSweep >= 500) {
      this.#sinceSweep = 0;
      for (const other of [...this.#hits.keys()]) this.#recent(other, now);
    }
  }

  /** How many keys are remembered (for tests: old ones are forgotten). */
  get size(): number {
    return this.#hits.size;
  }
}
