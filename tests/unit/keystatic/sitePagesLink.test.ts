/**
 * The link from /Admin to the content forms: "Site pages" leads to the forms and says what saving
 * there means when the server offers them, and says who sets them up when it does not.
 */
import { describe, expect, it } from 'vitest';
import type { DeployStatus } from '../../../src/server/release/releaseStatus.ts';
import { minutesToLive, sitePagesLink } from '../../../src/lib/keystatic/sitePagesLink.ts';

const APP = {
  KEYSTATIC_GITHUB_CLIENT_ID: 'Iv1.0123456789abcdef',
  KEYSTATIC_GITHUB_CLIENT_SECRET: 'client-secret-of-the-app',
  KEYSTATIC_SECRET: 'a'.repeat(64),
  PUBLIC_KEYSTATIC_GITHUB_APP_SLUG: 'isa-tn-content',
};

const status = (started: string, finished: string): DeployStatus => ({
  version: 2,
  deliveries: [],
  releases: [],
  attempts: [{ commit: 'a'.repeat(40), subject: 'Content', started, finished, result: 'live' }],
});

describe('sitePagesLink', () => {
  it('leads to the forms of a GitHub-mode server with the App, saying a save is a proposal live after the merge', () => {
    const link = sitePagesLink(
      { dev: false, storage: 'github', env: { ...APP, DEPLOY_POLL_SECONDS: '60' } },
      undefined,
    );
    expect(link).toEqual({
      href: '/keystatic',
      offered: true,
      line: 'Saving there makes a proposal (a pull request); it is live about 6 minutes after a maintainer merges it.',
    });
  });

  it.each([
    ['a local-mode build', { dev: false, storage: 'local' as const, env: APP }],
    ['a GitHub-mode build without the App', { dev: false, storage: 'github' as const, env: {} }],
  ])('says that the forms are not set up, and who sets them up, on %s', (_case, context) => {
    const link = sitePagesLink(context, undefined);
    expect(link.offered).toBe(false);
    expect(link.href).toBe('/Admin#site-pages');
    expect(link.line).toMatch(
      /^The forms for the site's pages .* are not set up on this server\. The site's maintainer sets them up/,
    );
  });
});

describe('minutesToLive', () => {
  it("adds CI's build of the release to the deploy's pause and its last preparation", () => {
    expect(minutesToLive({ DEPLOY_POLL_SECONDS: '300' }, status('2026-01-01T10:00:00Z', '2026-01-01T10:04:00Z'))).toBe(
      13,
    );
    expect(minutesToLive({}, status('2026-01-01T10:00:00Z', '2026-01-01T10:01:00Z'))).toBe(6);
  });
});
