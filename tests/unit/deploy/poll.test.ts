/** The deploy's branch check (src/deploy/poll.ts): one run at a time, one more when asked meanwhile, none after stop. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Poll } from '../../../src/deploy/poll.ts';

/** A run that ends when the test says so, counting how many started. */
function gatedWork() {
  const ends: (() => void)[] = [];
  const work = vi.fn(() => new Promise<void>((resolve) => ends.push(resolve)));
  const endRun = async () => {
    ends.shift()?.();
    await vi.advanceTimersByTimeAsync(0);
  };
  return { work, endRun };
}

afterEach(() => vi.useRealTimers());

describe('Poll', () => {
  it('runs once more after the run under way, however often it was asked meanwhile', async () => {
    vi.useFakeTimers();
    const { work, endRun } = gatedWork();
    const poll = new Poll(work, 60_000);
    const first = poll.run();
    const asked = [poll.run(), poll.run(), poll.run()];
    expect(work).toHaveBeenCalledTimes(1);
    await endRun();
    expect(work).toHaveBeenCalledTimes(2);
    await endRun();
    await Promise.all([first, ...asked]);
    expect(work).toHaveBeenCalledTimes(2);
  });

  it('runs every interval from the end of the last run, and starts none after stop', async () => {
    vi.useFakeTimers();
    const { work, endRun } = gatedWork();
    const poll = new Poll(work, 1000);
    poll.start();
    await vi.advanceTimersByTimeAsync(999);
    expect(work).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(work).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5000); // The run is still under way: no second one meanwhile.
    expect(work).toHaveBeenCalledTimes(1);
    void poll.run(); // Asked while it runs...
    poll.stop(); // ...but stopped before it ends: no run after this one.
    await endRun();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(work).toHaveBeenCalledTimes(1);
  });
});
