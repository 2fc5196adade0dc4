import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { runCommand } from '../../src/server/runCommand.ts';

/** Whether `pid` runs (a zombie waiting for a parent that may never reap it has stopped). */
const alive = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};
const options = { cwd: tmpdir(), env: process.env, timeoutMs: 20_000 };

describe('runCommand', () => {
  it('gives the exit code and the output', async () => {
    const result = await runCommand('sh', ['-c', 'echo out; echo err >&2; exit 3'], options);
    expect(result).toMatchObject({ code: 3, stopped: undefined });
    expect(result.output).toContain('out');
    expect(result.output).toContain('err');
  });

  it('stops a command past its time with everything it started', async () => {
    const result = await runCommand('sh', ['-c', 'sleep 60 & echo $!; wait'], { ...options, timeoutMs: 300 });
    expect(result).toMatchObject({ code: null, stopped: 'timeout' });
    const grandchild = Number(result.output.trim());
    await expect.poll(() => alive(grandchild)).toBe(false);
  });

  it('reports a command that cannot start', async () => {
    const missing = await runCommand('no-such-command-here', [], options);
    expect(missing.code).toBe(127);
    expect(missing.output).toContain('ENOENT');
  });
});
