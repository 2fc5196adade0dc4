/**
 * No stranger makes the server transform a picture: every picture a page rendered on demand names at /_image is a
 * file the build made (src/pages/built-images.json.ts, answered by src/server/builtImages.ts), and any other address
 * there is refused at once (400 for what is not an image address, 404 for a picture the build has not made), never
 * made and never a 500.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { rawExchange } from './rawHttp.ts';

const CLIENT = path.resolve(import.meta.dirname, '../../dist/client');
const TABLE: Record<string, string> = JSON.parse(readFileSync(path.join(CLIENT, 'built-images.json'), 'utf8'));

/** Every /_image address `html` names: in src and srcset, and the sharing tags' absolute URLs. */
function imageAddresses(html: string): string[] {
  const found = [...html.matchAll(/(\/_image\?(?:[^"\s,&]|&amp;)+)/g)].map(([, address]) => address ?? '');
  return [...new Set(found.map((address) => address.replaceAll('&amp;', '&')))];
}

/** The on-demand pages: each year of Past Webinars, Monthly Activities, an event, Contact Us. */
async function onDemandPages(request: APIRequestContext): Promise<string[]> {
  const webinars = await (await request.get('/past-webinars')).text();
  const years = [...webinars.matchAll(/<option[^>]*>(\d{4})<\/option>/g)].map(([, year]) => year);
  expect(years.length).toBeGreaterThan(1);
  return [...years.map((year) => `/past-webinars?year=${year}`), '/monthly-activities', '/Events/1', '/Contact-Us'];
}

test('every picture of a page rendered on demand is a file the build made', async ({ request }) => {
  for (const page of await onDemandPages(request)) {
    const addresses = imageAddresses(await (await request.get(page)).text());
    expect(addresses.length, page).toBeGreaterThan(0);
    for (const address of addresses) {
      const answer = await request.get(address);
      expect(answer.status(), `${page}: ${address}`).toBe(200);
      expect(answer.headers()['content-type']).toMatch(/^image\/(webp|jpeg)$/);
      expect(answer.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
      const file = TABLE[new URL(address, 'http://site').search.slice(1)];
      expect(file, `${page}: ${address} is in the build's table`).toBeDefined();
      expect((await answer.body()).equals(readFileSync(path.join(CLIENT, file ?? '')))).toBe(true);
    }
  }
});

test('a stranger’s address makes nothing: 400 or 404 at once, never a 500', async ({ request, baseURL }) => {
  const [known] = Object.keys(TABLE);
  const href = new URLSearchParams(known).get('href') ?? '';
  const picture = `href=${encodeURIComponent(href)}`;
  const cases: [query: string, status: number][] = [
    [`${picture}&w=-5`, 400],
    [`${picture}&w=480&f=webp&utm=1`, 400],
    [`${picture}&w=480&w=960`, 400],
    ['href=%2Fetc%2Fpasswd&w=480', 400],
    [`${picture}&w=333&f=webp`, 404],
    [`${picture}&w=640&h=360&f=avif`, 404],
    [`${picture}&w=4000&h=4000&f=png&q=100`, 404],
  ];
  for (const [query, status] of cases) {
    for (const path of ['/_image', '/_image/', '/%5Fimage']) {
      const answer = await request.get(`${path}?${query}`);
      expect(answer.status(), `${path}?${query}`).toBe(status);
      expect(answer.headers()['content-type'], `${path}?${query}`).toBe('text/plain; charset=utf-8');
    }
    // A spelling the site server leaves to Astro, whose endpoint in the build transforms nothing.
    const head = `GET //_image?${query} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`;
    const { answer } = await rawExchange(baseURL ?? '', head);
    expect(answer, `//_image?${query}`).toMatch(
      /^HTTP\/1\.1 404 [^]*\r\ncontent-type: text\/plain; charset=utf-8\r\n/i,
    );
  }
});

test('the build routes Astro’s image endpoint to one that transforms nothing', () => {
  const chunks = path.resolve(import.meta.dirname, '../../dist/server/chunks');
  const sources = readdirSync(chunks).map((file) => readFileSync(path.join(chunks, file), 'utf8'));
  const routed = 'virtual:astro:page:src/integrations/noImageTransforms/endpoint';
  expect(sources.some((source) => source.includes(routed))).toBe(true);
  // Astro's endpoint for Node (astro/assets/endpoint/shared.js), which transforms, is not in the build.
  expect(sources.some((source) => source.includes('handleImageRequest'))).toBe(false);
});
