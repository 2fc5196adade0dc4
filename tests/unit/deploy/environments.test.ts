/** What a build and a release may see of the deploy's environment (src/deploy/environments.ts). */
import { describe, expect, it } from 'vitest';
import { buildEnvironment, DEPLOY_ONLY, releaseEnvironment } from '../../../src/deploy/environments.ts';

const DEPLOY_ENV = {
  PATH: '/usr/bin',
  SITE_URL: 'https://isa.example.org',
  SMTP_URL: 'smtps://office:secret@mail.example.org',
  CONTACT_SECRET: 'c'.repeat(64),
  KEYSTATIC_GITHUB_CLIENT_SECRET: 'client-secret-of-the-app',
  DEPLOY_TOKEN: 'ghp_exampletoken',
  DEPLOY_SSH_KEY_FILE: '/etc/isa/deploy_key',
  DEPLOY_REPO: 'https://github.com/example/site.git',
  DEPLOY_BRANCH: 'main',
  DEPLOY_POLL_SECONDS: '60',
  DATA_DIR: 'data',
};

describe("the deploy's environments", () => {
  it('gives a build the public settings it needs, in CI mode, and none of the secrets', () => {
    expect(buildEnvironment(DEPLOY_ENV, 'https://isa.example.org/')).toEqual({
      PATH: '/usr/bin',
      SITE_URL: 'https://isa.example.org/',
      CI: 'true',
    });
  });

  it("gives a release the server's settings without the deploy's own, in production, with its folders absolute", () => {
    const release = releaseEnvironment(DEPLOY_ENV, { dataDir: '/srv/isa/data', deployDir: '/srv/isa/releases' });
    for (const name of DEPLOY_ONLY) expect(release, name).not.toHaveProperty(name);
    expect(release).toMatchObject({
      SMTP_URL: DEPLOY_ENV.SMTP_URL,
      CONTACT_SECRET: DEPLOY_ENV.CONTACT_SECRET,
      NODE_ENV: 'production',
      EVENTS_SAMPLE_DATA: 'off',
      DATA_DIR: '/srv/isa/data',
      DEPLOY_DIR: '/srv/isa/releases',
    });
    expect(
      releaseEnvironment({ ...DEPLOY_ENV, EVENTS_SAMPLE_DATA: 'on' }, { dataDir: '/d', deployDir: '/r' }),
    ).toHaveProperty('EVENTS_SAMPLE_DATA', 'on');
  });
});
