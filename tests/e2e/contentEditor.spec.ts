/**
 * The content editor (Keystatic at /keystatic).
 * - In the production build served by `npm start` (local mode, no GitHub App): /keystatic and its
 *   API answer 404, robots.txt keeps crawlers out, and no public page names it or loosens its policy.
 * (The forms themselves, in local mode, are in contentEditorForms.spec.ts.)
 */
import { expect, test } from '@playwright/test';

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
