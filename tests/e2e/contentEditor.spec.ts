/**
 * The content editor (Keystatic at /keystatic).
 * - In the production build served by `npm start` (local mode, no GitHub App): /keystatic and its
 *   API answer 404, robots.txt keeps crawlers out, and no public page names it or loosens its policy.
 * - Given the GitHub App's settings, that build says loudly that the editor is off (at start, and to
 *   owners on /Admin) instead of a silent 404.
 * (The forms themselves, in local mode, are in contentEditorForms.spec.ts.)
 */
import { expect, test } from '@playwright/test';
import { signIn, startAdminServer } from './adminServer.ts';

const APP = {
  KEYSTATIC_GITHUB_CLIENT_ID: 'Iv1.0123456789abcdef',
  KEYSTATIC_GITHUB_CLIENT_SECRET: 'client-secret-of-the-app',
  KEYSTATIC_SECRET: 'a'.repeat(64),
  PUBLIC_KEYSTATIC_GITHUB_APP_SLUG: 'isa-tn-content',
};

test.describe('the production build without the GitHub App', () => {
  test('answers 404 under /keystatic and /api/keystatic, and keeps crawlers out', async ({ request }) => {
    for (const path of ['/keystatic', '/keystatic/collection/branches', '/api/keystatic/tree']) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      expect(response.headers()['cache-control'], path).toBe('no-store');
    }
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toMatch(/^Disallow: \/keystatic$/m);
    expect(robots).toMatch(/^Disallow: \/api\/keystatic$/m);
  });

  test('names it on no public page, whose policy allows no inline style', async ({ request }) => {
    for (const path of ['/', '/branches', '/past-webinars']) {
      const response = await request.get(path);
      expect(await response.text(), path).not.toMatch(/keystatic/i);
      expect(response.headers()['content-security-policy'], path).not.toContain('unsafe-inline');
    }
  });
});

test("a build without GitHub mode, given the App's settings, says the editor is off at start and to owners", async ({
  page,
}) => {
  const server = await startAdminServer(APP);
  try {
    expect(server.output.join('')).toContain(
      "Warning: The content editor is switched off: the server has the GitHub App's settings (KEYSTATIC_*), but this build was made without PUBLIC_KEYSTATIC_GITHUB_REPO",
    );
    expect((await page.request.get(`${server.url}/keystatic`)).status()).toBe(404);
    await page.goto(`${server.url}/Admin`);
    await signIn(page);
    // Said where the site's updates are: the System page.
    await page.goto(`${server.url}/Admin/system`);
    await expect(page.getByRole('region', { name: 'Site updates' })).toContainText(
      'The content editor is switched off',
    );
    await page.goto(`${server.url}/Admin`);
    // The link to the forms: in the navigation beside Events, Messages and Staff, and on the home,
    // saying that they are not set up here and who sets them up.
    const nav = page.getByRole('navigation', { name: 'Admin' });
    await expect(nav.getByRole('link')).toContainText(['Events', 'Messages', 'Staff', 'Site pages']);
    await nav.getByRole('link', { name: 'Site pages' }).click();
    const sitePages = page.getByRole('region', { name: 'Site pages' });
    await expect(sitePages).toContainText("are not set up on this server. The site's maintainer sets them up");
    await expect(sitePages.getByRole('link')).toHaveCount(0);
  } finally {
    server.kill();
  }
});
