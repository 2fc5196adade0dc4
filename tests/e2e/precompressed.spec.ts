/**
 * The built files compressed at build time (src/integrations/precompress.ts) are what the
 * production server sends: byte for byte the `.br` or `.gz` file next to the original in
 * dist/client, never compressed again, with the same headers as the uncompressed answer.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { SECURITY_HEADERS } from '../../src/server/securityHeaders.ts';
import { rawRequest } from './rawHttp.ts';

const CLIENT = path.resolve(import.meta.dirname, '../../dist/client');

/** Headers that must be the same whichever encoding is sent: every security header the server adds, too. */
const SHARED = [
  'content-type',
  'cache-control',
  'content-security-policy',
  ...Object.keys(SECURITY_HEADERS).map((name) => name.toLowerCase()),
];

test.describe('precompressed static files', () => {
  const pages: [route: string, file: string][] = [
    ['/', 'index.html'],
    ['/branches', 'branches/index.html'],
  ];
  const encodings: [accept: string, encoding: string, suffix: string][] = [
    ['gzip, deflate, br, zstd', 'br', '.br'],
    ['gzip', 'gzip', '.gz'],
  ];
  for (const [route, file] of pages) {
    test(`${route} is sent as the brotli or gzip file made at build time, or as it is`, async ({ baseURL }) => {
      const url = new URL(route, baseURL).href;
      const original = readFileSync(path.join(CLIENT, file));
      const identity = await rawRequest(url, {});
      expect(identity.status).toBe(200);
      expect(identity.headers['content-encoding']).toBeUndefined();
      expect(identity.body.equals(original)).toBe(true);
      expect(identity.headers['vary']).toMatch(/Accept-Encoding/);

      for (const [accept, encoding, suffix] of encodings) {
        const answer = await rawRequest(url, { 'Accept-Encoding': accept });
        expect(answer.status).toBe(200);
        expect(answer.headers['content-encoding']).toBe(encoding);
        expect(answer.headers['vary']).toMatch(/Accept-Encoding/);
        expect(answer.body.equals(readFileSync(path.join(CLIENT, file + suffix))), `${route} ${encoding}`).toBe(true);
        expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
        for (const name of SHARED)
          expect(answer.headers[name], `${name} with ${encoding}`).toBe(identity.headers[name]);
        expect(answer.headers['etag']).toMatch(/^W\/"/);
        expect(answer.headers['etag']).not.toBe(identity.headers['etag']);
      }
    });
  }

  test('a script is sent precompressed and cached for a year', async ({ baseURL, request }) => {
    const html = await (await request.get('/')).text();
    const script = /\/_astro\/[^"']+\.js/.exec(html)?.[0] ?? '';
    const answer = await rawRequest(new URL(script, baseURL).href, { 'Accept-Encoding': 'br' });
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.body.equals(readFileSync(path.join(CLIENT, `${script}.br`)))).toBe(true);
  });

  test('HEAD gets the headers of the file GET would send, without a body', async ({ baseURL }) => {
    const url = new URL('/branches', baseURL).href;
    const get = await rawRequest(url, { 'Accept-Encoding': 'br' });
    const head = await rawRequest(url, { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    for (const name of ['content-encoding', 'content-length', 'etag', 'content-type', 'content-security-policy']) {
      expect(head.headers[name], name).toBe(get.headers[name]);
    }
  });

  test('answers 304 to a browser holding the same encoding, with the page policy and Vary', async ({ baseURL }) => {
    const url = new URL('/Office-Brearers', baseURL).href;
    const first = await rawRequest(url, { 'Accept-Encoding': 'gzip, deflate, br' });
    const etag = first.headers['etag'] ?? '';
    const again = await rawRequest(url, { 'Accept-Encoding': 'gzip, deflate, br', 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers['etag']).toBe(etag);
    expect(again.headers['vary']).toMatch(/Accept-Encoding/);
    expect(again.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    // A browser that now accepts only gzip holds no copy of that representation.
    expect((await rawRequest(url, { 'Accept-Encoding': 'gzip', 'If-None-Match': etag })).status).toBe(200);
  });
});
