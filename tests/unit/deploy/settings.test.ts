import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDeploySettings } from '../../../src/deploy/settings.ts';
import { SettingsError } from '../../../src/server/settingFields.ts';

const project = '/srv/isa-site';
const origin = () => 'https://github.com/example-society/site.git';
const SITE = { SITE_URL: 'https://isa.example.org' };
const read = (env: NodeJS.ProcessEnv, originOf: () => string | undefined = origin) =>
  readDeploySettings({ ...SITE, ...env }, project, originOf);

describe('the deploy settings', () => {
  it.each<[string, NodeJS.ProcessEnv, () => string | undefined, RegExp]>([
    [
      'a repository read as an option',
      { DEPLOY_REPO: '--upload-pack=touch /tmp/x' },
      origin,
      /DEPLOY_REPO must be a git address/,
    ],
    [
      'a token written into the address',
      { DEPLOY_REPO: 'https://x:ghp_secret@github.com/o/n.git' },
      origin,
      /put the token in DEPLOY_TOKEN/,
    ],
    [
      'a control character',
      { DEPLOY_REPO: 'https://github.com/o/n.git\nx' },
      origin,
      /DEPLOY_REPO must be a git address/,
    ],
    ['a branch read as an option', { DEPLOY_BRANCH: '-f' }, origin, /DEPLOY_BRANCH must be a branch name/],
    ['a branch with ..', { DEPLOY_BRANCH: 'a..b' }, origin, /DEPLOY_BRANCH must be a branch name/],
    ['a branch ending in .lock', { DEPLOY_BRANCH: 'main.lock' }, origin, /DEPLOY_BRANCH must be a branch name/],
    [
      'a poll of 0 s',
      { DEPLOY_POLL_SECONDS: '0' },
      origin,
      /DEPLOY_POLL_SECONDS must be a whole number from 1 to 86400/,
    ],
    [
      'one release kept (no rollback)',
      { DEPLOY_KEEP_RELEASES: '1' },
      origin,
      /DEPLOY_KEEP_RELEASES must be a whole number from 2 to 50/,
    ],
    ['a token and a key', { DEPLOY_TOKEN: 't', DEPLOY_SSH_KEY_FILE: '/k' }, origin, /not both/],
    [
      'a token for an ssh address',
      { DEPLOY_REPO: 'git@github.com:o/n.git', DEPLOY_TOKEN: 't' },
      origin,
      /only to an https:\/\/ DEPLOY_REPO/,
    ],
    [
      'a key file that is not there',
      { DEPLOY_SSH_KEY_FILE: '/nowhere/key' },
      origin,
      /DEPLOY_SSH_KEY_FILE names a file that does not exist/,
    ],
    [
      'no repository and no origin',
      {},
      () => undefined,
      /DEPLOY_REPO is not set and this folder is not a clone with an origin/,
    ],
    [
      'data inside the releases',
      { DEPLOY_DIR: '/var/lib/isa', DATA_DIR: '/var/lib/isa/data' },
      origin,
      /DATA_DIR .* and DEPLOY_DIR .* must be apart/,
    ],
    [
      'releases inside the data',
      { DEPLOY_DIR: '/var/lib/isa/releases', DATA_DIR: '/var/lib/isa' },
      origin,
      /must be apart/,
    ],
    ['a wrong server setting', { PORT: 'eighty' }, origin, /PORT must be a whole number/],
    [
      'no public address (releases run in production)',
      { SITE_URL: '' },
      origin,
      /SITE_URL must be set when NODE_ENV=production/,
    ],
  ])('refuses %s, naming the variable', (_case, env, originOf, message) => {
    expect(() => read(env, originOf)).toThrow(SettingsError);
    expect(() => read(env, originOf)).toThrow(message);
  });

  it("follows the clone's origin, main, every minute, keeping 3 releases in ./releases, by default", () => {
    const { deploy, server } = read({});
    expect(deploy).toEqual({
      repository: 'https://github.com/example-society/site.git',
      branch: 'main',
      deployDir: path.join(project, 'releases'),
      pollMs: 60_000,
      keepReleases: 3,
      token: undefined,
      sshKeyFile: undefined,
    });
    // DATA_DIR is the project folder's, not a release's, for every release alike.
    expect(server.store.dataDir).toBe(path.join(project, 'data'));
  });

  it('takes a folder, a branch, a poll, a token and relative folders as the project folder sees them', () => {
    const { deploy } = read({
      DEPLOY_REPO: '../site.git',
      DEPLOY_BRANCH: 'release/2026',
      DEPLOY_POLL_SECONDS: '5',
      DEPLOY_KEEP_RELEASES: '5',
      DEPLOY_DIR: '../isa-releases',
    });
    expect(deploy).toMatchObject({
      repository: '/srv/site.git',
      branch: 'release/2026',
      pollMs: 5000,
      keepReleases: 5,
      deployDir: '/srv/isa-releases',
    });
    const key = path.join(mkdtempSync(path.join(tmpdir(), 'isa-key-')), 'deploy_key');
    writeFileSync(key, 'not a real key');
    expect(read({ DEPLOY_REPO: 'git@github.com:o/n.git', DEPLOY_SSH_KEY_FILE: key }).deploy).toMatchObject({
      repository: 'git@github.com:o/n.git',
      sshKeyFile: key,
    });
    expect(read({ DEPLOY_TOKEN: 'github_pat_x' }).deploy.token).toBe('github_pat_x');
  });
});
