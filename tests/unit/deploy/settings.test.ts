import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEPLOY_ONLY, readDeploySettings, releaseEnvironment } from '../../../src/deploy/settings.ts';
import { SettingsError } from '../../../src/server/settingFields.ts';

const project = '/srv/isa-site';
const GITHUB = { SITE_URL: 'https://isa.example.org', DEPLOY_RELEASES: 'github:example-society/isa-site' };
const read = (env: NodeJS.ProcessEnv) => readDeploySettings({ ...GITHUB, ...env }, project);

describe('the deploy settings', () => {
  it.each<[string, NodeJS.ProcessEnv, RegExp]>([
    ['no releases to follow', { DEPLOY_RELEASES: '' }, /DEPLOY_RELEASES is not set: github:owner\/name, or the folder/],
    [
      "the old deploy's repository, naming its successor",
      { DEPLOY_RELEASES: '', DEPLOY_REPO: 'https://github.com/o/n.git' },
      /DEPLOY_REPO is no longer read: releases are built once, in CI\. Set DEPLOY_RELEASES/,
    ],
    [
      'a control character',
      { DEPLOY_RELEASES: 'github:o/n\nx' },
      /DEPLOY_RELEASES must be github:owner\/name or a folder/,
    ],
    [
      "GitHub's API over plain http to another machine (the token would cross it in clear)",
      { DEPLOY_GITHUB_API_URL: 'http://github.example.org/api/v3' },
      /DEPLOY_GITHUB_API_URL must be an https:\/\/ address/,
    ],
    [
      'an API address that is none',
      { DEPLOY_GITHUB_API_URL: 'api.github.com' },
      /DEPLOY_GITHUB_API_URL must be a full/,
    ],
    [
      'a token for a folder',
      { DEPLOY_RELEASES: '/srv/published', DEPLOY_TOKEN: 't' },
      /DEPLOY_TOKEN is sent only to GitHub/,
    ],
    ['a poll of 0 s', { DEPLOY_POLL_SECONDS: '0' }, /DEPLOY_POLL_SECONDS must be a whole number from 1 to 86400/],
    [
      'one release kept (no rollback)',
      { DEPLOY_KEEP_RELEASES: '1' },
      /DEPLOY_KEEP_RELEASES must be a whole number from 2 to 50/,
    ],
    [
      'data inside the releases',
      { DEPLOY_DIR: '/var/lib/isa', DATA_DIR: '/var/lib/isa/data' },
      /DATA_DIR .* and DEPLOY_DIR .* must be apart/,
    ],
    ['releases inside the data', { DEPLOY_DIR: '/var/lib/isa/releases', DATA_DIR: '/var/lib/isa' }, /must be apart/],
    [
      'published releases inside the deploy folder',
      { DEPLOY_DIR: '/var/lib/isa-releases', DEPLOY_RELEASES: '/var/lib/isa-releases/in' },
      /DEPLOY_RELEASES \(.*\) must be a folder outside DEPLOY_DIR and DATA_DIR/,
    ],
    ['a wrong server setting', { PORT: 'eighty' }, /PORT must be a whole number/],
    [
      'a wrong backup setting (every release would stop at its start)',
      { BACKUP_INTERVAL: 'daily' },
      /BACKUP_INTERVAL must be a duration from 1m/,
    ],
    [
      'no public address (releases run in production)',
      { SITE_URL: '' },
      /SITE_URL must be set when NODE_ENV=production/,
    ],
  ])('refuses %s, naming the variable', (_case, env, message) => {
    expect(() => read(env)).toThrow(SettingsError);
    expect(() => read(env)).toThrow(message);
  });

  it("follows GitHub's releases every 15 s, keeping 3 releases in ./releases, by default", () => {
    const { deploy, server } = read({});
    expect(deploy).toEqual({
      releases: { kind: 'github', repository: 'example-society/isa-site', apiUrl: 'https://api.github.com' },
      token: undefined,
      deployDir: path.join(project, 'releases'),
      pollMs: 15_000,
      keepReleases: 3,
    });
    // DATA_DIR is the project folder's, not a release's, for every release alike.
    expect(server.store.dataDir).toBe(path.join(project, 'data'));
  });

  it.each([
    ['https://github.com/example-society/isa-site', 'example-society/isa-site'],
    ['https://github.com/example-society/isa-site.git', 'example-society/isa-site'],
    ['github:o/n.site', 'o/n.site'],
  ])('reads %s as a GitHub repository', (named, repository) => {
    expect(read({ DEPLOY_RELEASES: named }).deploy.releases).toMatchObject({ kind: 'github', repository });
  });

  it('takes a folder, an Enterprise API, a token, a poll and relative folders as the project folder sees them', () => {
    expect(
      read({
        DEPLOY_RELEASES: '../published',
        DEPLOY_POLL_SECONDS: '5',
        DEPLOY_KEEP_RELEASES: '5',
        DEPLOY_DIR: '../isa-releases',
      }).deploy,
    ).toMatchObject({
      releases: { kind: 'folder', dir: '/srv/published' },
      pollMs: 5000,
      keepReleases: 5,
      deployDir: '/srv/isa-releases',
    });
    expect(
      read({ DEPLOY_GITHUB_API_URL: 'https://github.example.org/api/v3', DEPLOY_TOKEN: 'github_pat_x' }).deploy,
    ).toMatchObject({
      releases: { apiUrl: 'https://github.example.org/api/v3' },
      token: 'github_pat_x',
    });
    expect(read({ DEPLOY_GITHUB_API_URL: 'http://127.0.0.1:8080' }).deploy.releases).toMatchObject({
      apiUrl: 'http://127.0.0.1:8080',
    });
  });

  it("gives a release the server's settings without the deploy's own, in production, with its folders absolute", () => {
    const env = {
      ...GITHUB,
      SMTP_URL: 'smtps://office:secret@mail.example.org',
      CONTACT_TO: 'office@example.org',
      CONTACT_SECRET: 'c'.repeat(64),
      DEPLOY_TOKEN: 'github_pat_x',
      DEPLOY_POLL_SECONDS: '60',
      DEPLOY_GITHUB_API_URL: 'https://github.example.org/api/v3',
      DATA_DIR: 'data',
    };
    const release = releaseEnvironment(env, readDeploySettings(env, project));
    for (const name of DEPLOY_ONLY) expect(release, name).not.toHaveProperty(name);
    expect(release).toMatchObject({
      SMTP_URL: env.SMTP_URL,
      CONTACT_SECRET: env.CONTACT_SECRET,
      NODE_ENV: 'production',
      EVENTS_SAMPLE_DATA: 'off',
      DATA_DIR: '/srv/isa-site/data',
      DEPLOY_DIR: '/srv/isa-site/releases',
    });
  });
});
