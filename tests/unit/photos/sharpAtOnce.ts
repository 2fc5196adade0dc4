import sharp from 'sharp';
import { expect, vi } from 'vitest';

/**
 * The most resizes sharp ran or queued at once while `work` ran. sharp's counters are the process's: a file that
 * counts runs in a worker of its own (vitest.config.ts), and what its earlier tests left going is waited for first.
 */
export async function mostSharpAtOnce(work: () => Promise<unknown>): Promise<number> {
  await vi.waitFor(() => expect(sharp.counters().queue + sharp.counters().process).toBe(0), { timeout: 30_000 });
  let most = 0;
  const watch = setInterval(() => {
    const { queue, process } = sharp.counters();
    most = Math.max(most, queue + process);
  }, 1);
  try {
    await work();
  } finally {
    clearInterval(watch);
  }
  return most;
}
