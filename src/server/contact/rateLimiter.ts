/**
 * A sliding-window limit per key (the sender's network address): at most `max` hits in any
 * `windowMs`. Kept in memory only, so nothing about senders is stored; a restart forgets it.
 *
 * Bounded by what it holds, whatever the senders: at most MAX_KEYS keys, the least
 * recently seen forgotten first (only a flood from more addresses than that within a window
 * could forget one, and such a flood has an address per message anyway), each key cut to
 * MAX_KEY_LENGTH characters (an IPv6 address has at most 45; a trusted proxy passes on whatever
 * text a client wrote in X-Forwarded-For), and at most `max` times per key.
 */
import { LRUCache } from 'lru-cache';

export interface RateLimit {
  max: number;
  windowMs: number;
}

/** The most keys remembered, and the characters of each that count. */
const MAX_KEYS = 10_000;
export const MAX_KEY_LENGTH = 64;

export class RateLimiter {
  readonly #limit: RateLimit;
  readonly #hits: LRUCache<string, number[]>;
  #sinceSweep = 0;

  constructor(limit: RateLimit, { maxKeys = MAX_KEYS } = {}) {
    this.#limit = limit;
    this.#hits = new LRUCache({ max: maxKeys });
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
    const recent = this.#recent(key.slice(0, MAX_KEY_LENGTH), now);
    if (recent.length < this.#limit.max) return 0;
    const oldest = recent[recent.length - this.#limit.max] ?? now;
    return Math.max(1, oldest + this.#limit.windowMs - now);
  }

  /** Counts one hit for `key`. */
  hit(key: string, now: number) {
    const counted = key.slice(0, MAX_KEY_LENGTH);
    this.#hits.set(counted, [...this.#recent(counted, now), now].slice(-this.#limit.max));
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
