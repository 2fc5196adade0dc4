import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { askDeploy, DeployRunningError, holdDeployDir } from '../../../src/deploy/control.ts';

const folder = () => mkdtempSync(path.join(tmpdir(), 'isa-control-'));

describe("the deploy's control socket", () => {
  it('refuses a second deploy on the same folder, and answers its requests, slow ones too', async () => {
    const dir = folder();
    const release = await holdDeployDir(dir, async (request) => {
      if (request.command === 'rollback') await new Promise((resolve) => setTimeout(resolve, 300));
      return { ok: true, message: `did ${request.command}` };
    });
    try {
      await expect(holdDeployDir(dir, async () => ({ ok: true, message: '' }))).rejects.toThrow(DeployRunningError);
      await expect(holdDeployDir(dir, async () => ({ ok: true, message: '' }))).rejects.toThrow(
        `Another deploy is already running on ${dir}`,
      );
      expect(await askDeploy(dir, { command: 'rollback' })).toEqual({ ok: true, message: 'did rollback' });
    } finally {
      release();
    }
  });

  it('takes over the socket file of a deploy that died, and says when none runs', async () => {
    const dir = folder();
    writeFileSync(path.join(dir, 'deploy.sock'), ''); // Left behind; nothing answers on it.
    expect(await askDeploy(dir, { command: 'status' }, 1000)).toBeUndefined();
    const release = await holdDeployDir(dir, async () => ({ ok: true, message: 'here' }));
    expect(await askDeploy(dir, { command: 'status' })).toEqual({ ok: true, message: 'here' });
    release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(existsSync(path.join(dir, 'deploy.sock'))).toBe(false);
    expect(await askDeploy(dir, { command: 'status' }, 1000)).toBeUndefined();
  });

  it('refuses a folder whose socket path would be too long', async () => {
    const dir = path.join(folder(), 'x'.repeat(100));
    await expect(holdDeployDir(dir, async () => ({ ok: true, message: '' }))).rejects.toThrow(/too long/);
  });
});
