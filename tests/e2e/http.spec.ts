/**
 * The production server's HTTP answers, as a browser or a scanner sees them: security headers
 * on every kind of answer, the HTTP Observatory grade of every page, revalidation (ETag, 304)
 * of pages rendered on demand, and compression.
 */
import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import { SECURITY_HEADERS } from '../../src/server/securityHeaders.ts';
import { gradeAnswer } from './observatory.ts';
import { PAGE_ROUTES } from './routes.ts';
import { settled, wheelDown } from './settled.ts';

const JSON_POST = { headers: { 'Content-Type': 'application/json' } };

/** One answer of each kind the server gives, fetched the way a browser would. */
async function answersOfEveryKind(request: APIRequestContext): Promise<[string, APIResponse][]> {
  const home = await request.get('/');
  const html = await home.text();
  // Pages carry their styles inline (astro.config.mjs); an optimised image is a built asset too.
  const asset = /\/_astro\/[^"' ]+\.webp/.exec(html)?.[0] ?? '';
  const script = /\/_astro\/[^"']+\.js/.exec(html)?.[0] ?? '';
  const events = await request.post('/Admin/api/events_list', JSON_POST);
  const photo: string = (await events.json()).records[0].events_image;
  const get = (path: string) => request.get(path, { maxRedirects: 0 });
  return [
    ['a prerendered page', home],
    ['a page rendered on demand', await get('/Events/1')],
    ['the sitemap', await get('/sitemap.xml')],
    ['robots.txt', await get('/robots.txt')],
    ['the 404 page', await get('/no-such-page')],
    ['the 404 page for an unknown event', await get('/Events/99999')],
    ['an API answer', events],
    ['an API refusal', await get('/Admin/api/events_list')],
    ['a redirect to the canonical spelling', await get('/Past-Webinars')],
    ['a built asset', await get(asset)],
    ['a script', await get(script)],
    ['a file from public/', await get('/favicon.svg')],
    ['an event photo', await get(photo)],
    ['the health check', await get('/healthz')],
  ];
}

test('every kind of answer carries the security headers as real HTTP headers, and sets no cookie', async ({
  request,
}) => {
  const answers = await answersOfEveryKind(request);
  expect(answers.map(([kind, response]) => [kind, response.status()])).toEqual([
    ['a prerendered page', 200],
    ['a page rendered on demand', 200],
    ['the sitemap', 200],
    ['robots.txt', 200],
    ['the 404 page', 404],
    ['the 404 page for an unknown event', 404],
    ['an API answer', 200],
    ['an API refusal', 405],
    ['a redirect to the canonical spelling', 301],
    ['a built asset', 200],
    ['a script', 200],
    ['a file from public/', 200],
    ['an event photo', 200],
    ['the health check', 200],
  ]);
  for (const [kind, response] of answers) {
    const headers = response.headers();
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
      expect(headers[name.toLowerCase()], `${name} on ${kind}`).toBe(value);
    }
    const policy = headers['content-security-policy'] ?? '';
    expect(policy, `Content-Security-Policy on ${kind}`).toMatch(/(^|;)\s*default-src '(self|none)'/);
    expect(policy, `frame-ancestors on ${kind}`).toMatch(/(^|;)\s*frame-ancestors 'none'(;|$)/);
    expect(policy, `Content-Security-Policy on ${kind}`).not.toContain('unsafe-inline');
    expect(headers['set-cookie'], `cookies on ${kind}`).toBeUndefined();
    expect(headers['access-control-allow-origin'], `CORS on ${kind}`).toBeUndefined();
  }
});

test('the 404 page gets the policy of the 404 page, and loads its styles under it', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
  });
  for (const path of ['/no-such-page', '/Events/99999']) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    expect(response?.headers()['content-security-policy']).toMatch(/style-src 'self'/);
    // The page's own stylesheet applied: the banner heading is not in the browser's default black.
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveCSS('color', 'rgb(0, 0, 0)');
  }
  expect(violations).toEqual([]);
});

for (const path of [...PAGE_ROUTES.map((route) => route.path), '/event-22', '/Events/1']) {
  test(`${path} gets A+ by the HTTP Observatory's rules`, async ({ request, baseURL }) => {
    const response = await request.get(path);
    expect(response.status()).toBe(200);
    const result = gradeAnswer(response.headers(), new URL(path, baseURL).href, await response.text());
    const penalties = Object.entries(result.tests).filter(([, outcome]) => outcome.modifier < 0);
    expect(penalties).toEqual([]);
    expect(result.grade).toBe('A+');
  });
}

for (const path of [...PAGE_ROUTES.map((route) => route.path), '/event-22', '/Events/1']) {
  test(`${path} breaks no rule of its Content-Security-Policy, not even in code that catches the refusal`, async ({
    page,
  }) => {
    // Violations that a script catches (a probe of eval, say) never reach the console, but the
    // browser still reports them, as an event and in its Issues panel.
    await page.addInitScript(() => {
      const violations: string[] = [];
      Reflect.set(window, '__policyViolations', violations);
      document.addEventListener('securitypolicyviolation', (event) => {
        violations.push(`${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`);
      });
    });
    await page.goto(path);
    await settled(page);
    await wheelDown(page, 4000);
    await settled(page);
    expect(await page.evaluate(() => Reflect.get(window, '__policyViolations'))).toEqual([]);
  });
}

for (const path of [...PAGE_ROUTES.map((route) => route.path), '/event-22', '/Events/1', '/no-such-page']) {
  test(`${path} downloads JavaScript only if it has islands, and then only from the site`, async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(path);
    // Down to the bottom, so that islands hydrated on sight load too.
    for (let y = 0; y < (await page.evaluate(() => document.body.scrollHeight)); y += 400) {
      await wheelDown(page, 400);
    }
    await settled(page);
    // An island, or a carousel moved by keen-slider, fetches its code; nothing else does.
    const islands = await page.locator('astro-island, auto-carousel[data-slider]').count();
    if (islands === 0) expect(scripts).toEqual([]);
    else expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((url) => !url.startsWith(new URL(page.url()).origin + '/_astro/'))).toEqual([]);
  });
}

test.describe('pages rendered on demand are revalidated', () => {
  for (const path of ['/Events/1', '/sitemap.xml']) {
    test(`${path} has an ETag and answers 304 when the browser holds the same version`, async ({ request }) => {
      const first = await request.get(path);
      const etag = first.headers()['etag'] ?? '';
      expect(etag).toMatch(/^W\/"[\w-]+"$/);
      expect(first.headers()['cache-control']).toMatch(/no-cache|max-age=/);

      const same = await request.get(path, { headers: { 'If-None-Match': etag } });
      expect(same.status()).toBe(304);
      expect(same.headers()['etag']).toBe(etag);
      expect((await same.body()).byteLength).toBe(0);

      const older = await request.get(path, { headers: { 'If-None-Match': 'W/"an-older-version"' } });
      expect(older.status()).toBe(200);
      expect(await older.text()).toBe(await first.text());
    });
  }

  test('two different events have different ETags', async ({ request }) => {
    const one = (await request.get('/Events/1')).headers()['etag'];
    const two = (await request.get('/Events/2')).headers()['etag'];
    expect(one).toBeTruthy();
    expect(two).toBeTruthy();
    expect(one).not.toBe(two);
  });

  test('a prerendered page answers 304 with its own Content-Security-Policy', async ({ request }) => {
    const first = await request.get('/branches');
    const again = await request.get('/branches', { headers: { 'If-None-Match': first.headers()['etag'] ?? '' } });
    expect(again.status()).toBe(304);
    expect(again.headers()['content-security-policy']).toBe(first.headers()['content-security-policy']);
  });

  test('answers that must not be stored get no validator and never a 304', async ({ request }) => {
    const api = await request.post('/Admin/api/events_list', {
      ...JSON_POST,
      headers: { ...JSON_POST.headers, 'If-None-Match': '*' },
    });
    expect(api.status()).toBe(200);
    expect(api.headers()['cache-control']).toBe('no-store');
    expect(api.headers()['etag']).toBeUndefined();
    const health = await request.get('/healthz', { headers: { 'If-None-Match': '*' } });
    expect(health.status()).toBe(200);
    expect(health.headers()['etag']).toBeUndefined();
  });
});

test.describe('compression', () => {
  const cases: [string, (request: APIRequestContext, headers: Record<string, string>) => Promise<APIResponse>][] = [
    ['a page rendered on demand', (request, headers) => request.get('/Events/1', { headers })],
    ['the sitemap', (request, headers) => request.get('/sitemap.xml', { headers })],
    [
      'the events API',
      (request, headers) => request.post('/Admin/api/events_list', { headers: { ...headers, ...JSON_POST.headers } }),
    ],
    [
      'a script',
      async (request, headers) => {
        const script = /\/_astro\/[^"']+\.js/.exec(await (await request.get('/')).text())?.[0] ?? '';
        return request.get(script, { headers });
      },
    ],
  ];
  for (const [kind, load] of cases) {
    test(`${kind} is sent with brotli, or gzip to a browser without brotli, and decodes to the same bytes`, async ({
      request,
    }) => {
      const plain = await load(request, { 'Accept-Encoding': 'identity' });
      expect(plain.headers()['content-encoding']).toBeUndefined();
      const brotli = await load(request, { 'Accept-Encoding': 'gzip, deflate, br' });
      expect(brotli.headers()['content-encoding']).toBe('br');
      expect(brotli.headers()['vary']).toMatch(/Accept-Encoding/i);
      const gzip = await load(request, { 'Accept-Encoding': 'gzip' });
      expect(gzip.headers()['content-encoding']).toBe('gzip');
      const expected = await plain.text();
      expect(await brotli.text()).toBe(expected);
      expect(await gzip.text()).toBe(expected);
    });
  }

  test('photos, already compressed, are sent as they are', async ({ request }) => {
    const photo = (await (await request.post('/Admin/api/events_list', JSON_POST)).json()).records[0].events_image;
    const response = await request.get(photo, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(response.headers()['content-type']).toBe('image/jpeg');
    expect(response.headers()['content-encoding']).toBeUndefined();
  });
});
