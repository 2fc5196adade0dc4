import { describe, expect, it } from 'vitest';
import { MAX_KEY_LENGTH, RateLimiter } from '../../../src/server/contact/rateLimiter.ts';

describe('RateLimiter', () => {
  it('allows max hits in the window, then says how long to wait, then allows again', () => {
    const limiter = new RateLimiter({ max: 3, windowMs: 60_000 });
    for (const at of [0, 10_000, 20_000]) {
      expect(limiter.waitMs('10.0.0.1', at)).toBe(0);
      limiter.hit('10.0.0.1', at);
    }
    expect(limiter.waitMs('10.0.0.1', 30_000)).toBe(30_000);
    expect(limiter.waitMs('10.0.0.2', 30_000)).toBe(0);
    expect(limiter.waitMs('10.0.0.1', 60_001)).toBe(0);
  });

  it('forgets addresses whose hits are all old', () => {
    const limiter = new RateLimiter({ max: 2, windowMs: 1000 });
    for (let index = 0; index < 600; index += 1) {
      limiter.hit(`10.0.${Math.floor(index / 256)}.${index % 256}`, index * 10);
    }
    // The 500th hit (at 4990 ms) swept out every address last seen before 3990 ms.
    expect(limiter.size).toBeLessThanOrEqual(200);
  });
});

describe('RateLimiter: bounded by what it holds, whatever the senders', () => {
  it('remembers at most maxKeys addresses, the least recently seen forgotten first', () => {
    const limiter = new RateLimiter({ max: 5, windowMs: 10 * 60_000 }, { maxKeys: 100 });
    limiter.hit('2001:db8::1', 0);
    for (let index = 0; index < 1000; index += 1) {
      limiter.hit(`2001:db8:${index.toString(16)}::1`, 1);
      if (index % 10 === 0) limiter.hit('2001:db8::1', 1);
    }
    expect(limiter.size).toBe(100);
    // The address seen all along is still counted.
    for (let index = 0; index < 3; index += 1) limiter.hit('2001:db8::1', 2);
    expect(limiter.waitMs('2001:db8::1', 3)).toBeGreaterThan(0);
  });

  it('counts a key by its first MAX_KEY_LENGTH characters, so a 15 KB forwarded "address" costs no more than one', () => {
    const limiter = new RateLimiter({ max: 2, windowMs: 60_000 });
    const junk = 'x'.repeat(MAX_KEY_LENGTH);
    limiter.hit(`${junk}${'a'.repeat(15 * 1024)}`, 0);
    limiter.hit(`${junk}${'b'.repeat(15 * 1024)}`, 0);
    expect(limiter.waitMs(`${junk}c`, 1)).toBeGreaterThan(0);
    expect(limiter.size).toBe(1);
  });
});
