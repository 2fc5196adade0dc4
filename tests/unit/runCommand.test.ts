import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
  it('gives the exit code and the output, and logs both with the command line', async () => {
    const logFile = path.join(mkdtempSync(path.join(tmpdir(), 'isa-commands-')), 'attempt.log');
    const result = await runCommand('sh', ['-c', 'echo out; echo err >&2; exit 3'], { ...options, logFile });
    expect(result).toMatchObject({ code: 3, stopped: undefined });
    expect(result.output).toContain('out');
    expect(result.output).toContain('err');
    expect(readFileSync(logFile, 'utf8')).toMatch(/^\n\$ sh -c echo out; echo err >&2; exit 3\nout\nerr\n$/);
  });

  it('stops a cancelled command with everything it started', async () => {
    const abort = new AbortController();
    const started = runCommand('sh', ['-c', 'sleep 60 & echo $!; wait'], { ...options, signal: abort.signal });
    await new Promise((resolve) => setTimeout(resolve, 300));
    abort.abort();
    const result = await started;
    expect(result).toMatchObject({ code: null, stopped: 'cancelled' });
    const grandchild = Number(result.output.trim());
    await expect.poll(() => alive(grandchild)).toBe(false);
  });

  it('stops a command past its time, and reports one that cannot start', async () => {
    expect(await runCommand('sleep', ['30'], { ...options, timeoutMs: 200 })).toMatchObject({
      code: null,
      stopped: 'timeout',
    });
    const missing = await runCommand('no-such-command-here', [], options);
    expect(missing.code).toBe(127);
    expect(missing.output).toContain('ENOENT');
  });
});
