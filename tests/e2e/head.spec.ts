import { expect, test } from '@playwright/test';
import { PAGE_ROUTES } from './routes.ts';
import { settled, wheelDown } from './settled.ts';

for (const { path } of PAGE_ROUTES) {
  test(`${path} has a title, description, canonical link and sharing tags`, async ({ page, request }) => {
    await page.goto(path);
    await expect(page).toHaveTitle(/\| Indian Society of Anaesthesiologists, Tamilnadu Chapter$/);
    const meta = (selector: string) => page.locator(selector).getAttribute('content');
    expect((await meta('meta[name="description"]'))?.length).toBeGreaterThan(20);
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(new URL(canonical ?? '').pathname).toBe(path);
    expect(await meta('meta[property="og:title"]')).toBeTruthy();
    expect(await meta('meta[name="twitter:card"]')).toBe('summary_large_image');
    const image = new URL((await meta('meta[property="og:image"]')) ?? '');
    // Pages rendered on demand name it at /_image?href=..., a file made at build (src/server/builtImages.ts).
    const imageResponse = await request.get(image.pathname + image.search);
    expect(imageResponse.status()).toBe(200);
    expect(imageResponse.headers()['content-type']).toBe('image/jpeg');
  });
}

test('the production server compresses, caches and revalidates as it should', async ({ request }) => {
  const page = await request.get('/Office-Brearers', { headers: { 'Accept-Encoding': 'br, gzip' } });
  expect(page.status()).toBe(200);
  const headers = page.headers();
  expect(headers['content-encoding']).toBe('br');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['strict-transport-security']).toMatch(/max-age=\d+/);
  const etag = headers['etag'];
  expect(etag).toBeTruthy();
  const again = await request.get('/Office-Brearers', { headers: { 'If-None-Match': etag ?? '' } });
  expect(again.status()).toBe(304);

  const html = await page.text();
  // Styles are in the page itself; its photos and scripts are built assets.
  const asset = /\/_astro\/[^"' ,]+\.(css|js|webp|avif|jpg|png|svg)/.exec(html)?.[0];
  expect(asset).toBeTruthy();
  const assetResponse = await request.get(asset ?? '');
  expect(assetResponse.headers()['cache-control']).toBe('public, max-age=31536000, immutable');

  const health = await request.get('/healthz');
  expect(health.status()).toBe(200);
  expect(await health.json()).toEqual({ status: 'ok' });
});

test('robots.txt names the sitemap, which lists every page and every event', async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect(await robots.text()).toMatch(/^Sitemap: https?:\/\/.+\/sitemap\.xml$/m);
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.headers()['content-type']).toBe('application/xml; charset=utf-8');
  const xml = await sitemap.text();
  const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '').pathname);
  for (const path of [
    '/',
    '/Office-Brearers',
    '/branches',
    '/past-webinars',
    '/monthly-activities',
    '/Gallery',
    '/Contact-Us',
    '/event-22',
    '/privacy',
  ]) {
    expect(locations).toContain(path);
  }
  const events = (
    await (await request.post('/Admin/api/events_list', { headers: { 'Content-Type': 'application/json' } })).json()
  ).records;
  expect(locations.filter((path) => path.startsWith('/Events/'))).toHaveLength(events.length);
});

test('the home page describes the society for search engines (JSON-LD Organization)', async ({ page }) => {
  await page.goto('/');
  const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
  expect(data).toMatchObject({
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: 'Indian Society of Anaesthesiologists, Tamilnadu Chapter',
    email: expect.stringMatching(/@example\.org$/),
  });
});

test.describe('Content-Security-Policy', () => {
  for (const { path } of [...PAGE_ROUTES, { path: '/Events/1' }, { path: '/event-22' }]) {
    test(`${path} sends a strict policy as a header and breaks nothing on the page`, async ({ page }) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
      });
      const response = await page.goto(path);
      const policy = response?.headers()['content-security-policy'] ?? '';
      expect(policy).toMatch(/default-src 'self'/);
      expect(policy).toMatch(/script-src 'self'( 'sha256-[^']+')+;/);
      expect(policy).not.toContain('unsafe-inline');
      expect(policy).toContain("frame-ancestors 'none'");
      const frames = /frame-src ([^;]+)/.exec(policy)?.[1] ?? '';
      if (path === '/') expect(frames).toBe('https://www.youtube-nocookie.com');
      else if (path === '/Contact-Us') expect(frames).toBe('https://maps.google.com');
      else expect(frames).toBe('');
      await settled(page);
      await wheelDown(page, 4000);
      await settled(page);
      expect(violations).toEqual([]);
    });
  }
});
