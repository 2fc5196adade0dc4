import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../../../src/server/contact/rateLimiter.ts';

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
