import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDeployStatus } from '../../../src/deploy/journal.ts';

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
      /^Usage: npm run deploy \[-- status \| rollback \| check\]\n$/,
    ],
    [
      'a wrong setting, naming it',
      [],
      { DEPLOY_BRANCH: '--force' },
      1,
      /^Cannot deploy: DEPLOY_BRANCH must be a branch name such as main \(found "--force"\)\n$/,
    ],
    [
      'a server setting that is wrong',
      [],
      { DEPLOY_REPO: '/srv/x.git', HEADERS_TIMEOUT_SECONDS: '99', REQUEST_TIMEOUT_SECONDS: '9' },
      1,
      /^Cannot deploy: HEADERS_TIMEOUT_SECONDS must not be more than REQUEST_TIMEOUT_SECONDS/,
    ],
    [
      'a rollback with no deploy running',
      ['rollback'],
      { DEPLOY_REPO: '/srv/x.git' },
      1,
      /^No deploy is running on .*releases: start it with "npm run deploy"\.\n$/,
    ],
  ])('refuses %s', (_case, args, env, status, message) => {
    const result = deploy(args, env);
    expect(result.output).toMatch(message);
    expect(result.status).toBe(status);
  });

  it('stops with a clear message when its repository cannot be fetched and nothing is live, and records why', () => {
    const missing = path.join(tmpdir(), 'isa-no-such-repository.git');
    const result = deploy([], { DEPLOY_REPO: missing });
    expect(result.status).toBe(1);
    expect(result.output).toContain(
      `Cannot deploy: Cannot fetch main of ${missing}: git fetch: fatal: '${missing}' does not appear to be a git repository`,
    );
    expect(readDeployStatus(result.deployDir)?.lastCheck?.error).toContain('does not appear to be a git repository');
  });

  it('says so when asked for the status of a folder where nothing was deployed', () => {
    const result = deploy(['status'], { DEPLOY_REPO: '/srv/x.git' });
    expect(result).toMatchObject({ status: 0, output: 'Deploy: not running.\nNo release was made here yet.\n' });
  });
});
