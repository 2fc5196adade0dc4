import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDeployStatus } from '../../../src/server/release/releaseStatus.ts';

const root = path.resolve(import.meta.dirname, '../../..');

function deploy(args: string[], env: Record<string, string>) {
  const base = mkdtempSync(path.join(tmpdir(), 'isa-deploy-command-'));
  const settings = {
    DATA_DIR: path.join(base, 'data'),
    DEPLOY_DIR: path.join(base, 'releases'),
    PORT: '0',
    SITE_URL: 'https://isa.example.org',
    ...env,
  };
  const result = spawnSync(process.execPath, ['scripts/deploy.ts', ...args], {
    cwd: root,
    env: { PATH: process.env['PATH'], HOME: process.env['HOME'], ...settings },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}`, deployDir: settings.DEPLOY_DIR };
}

describe('npm run deploy', () => {
  it.each<[string, string[], Record<string, string>, number, RegExp]>([
    [
      'a command it does not know',
      ['deploy-now'],
      {},
      2,
      /^Usage: npm run deploy \[-- status \| rollback \| check \| retry\]\n$/,
    ],
    [
      'a wrong setting, naming it',
      [],
      { DEPLOY_RELEASES: 'github:o/n', DEPLOY_POLL_SECONDS: 'often' },
      1,
      /^Cannot deploy: DEPLOY_POLL_SECONDS must be a whole number from 1 to 86400 \(found "often"\)\n$/,
    ],
    [
      'a server setting that is wrong',
      [],
      { DEPLOY_RELEASES: 'github:o/n', HEADERS_TIMEOUT_SECONDS: '99', REQUEST_TIMEOUT_SECONDS: '9' },
      1,
      /^Cannot deploy: HEADERS_TIMEOUT_SECONDS must not be more than REQUEST_TIMEOUT_SECONDS/,
    ],
    [
      'a retry with no deploy running',
      ['retry'],
      { DEPLOY_RELEASES: '/srv/published' },
      1,
      /^No deploy is running on .*releases: start it with "npm run deploy"\.\n$/,
    ],
    [
      'a rollback with no deploy running',
      ['rollback'],
      { DEPLOY_RELEASES: 'github:o/n' },
      1,
      /^No deploy is running on .*releases: start it with "npm run deploy"\.\n$/,
    ],
  ])('refuses %s', (_case, args, env, status, message) => {
    const result = deploy(args, env);
    expect(result.output).toMatch(message);
    expect(result.status).toBe(status);
  });

  it('goes on serving nothing yet, and records why, when its releases cannot be read', async () => {
    const missing = path.join(tmpdir(), 'isa-no-such-releases');
    const base = mkdtempSync(path.join(tmpdir(), 'isa-deploy-command-'));
    const deployDir = path.join(base, 'releases');
    const child = spawn(process.execPath, ['scripts/deploy.ts'], {
      cwd: root,
      env: {
        PATH: process.env['PATH'],
        HOME: process.env['HOME'],
        DATA_DIR: path.join(base, 'data'),
        DEPLOY_DIR: deployDir,
        DEPLOY_RELEASES: missing,
        PORT: '0',
        SITE_URL: 'https://isa.example.org',
      },
    });
    try {
      await expect
        .poll(() => readDeployStatus(deployDir)?.lastCheck?.error, { timeout: 20_000 })
        .toMatch(new RegExp(`^Cannot look for releases in the folder ${missing}: cannot read`));
      expect(child.exitCode).toBeNull();
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('says so when asked for the status of a folder where nothing was deployed', () => {
    const result = deploy(['status'], { DEPLOY_RELEASES: 'github:o/n' });
    expect(result).toMatchObject({ status: 0, output: 'Deploy: not running.\nNo release was put live here yet.\n' });
  });
});
