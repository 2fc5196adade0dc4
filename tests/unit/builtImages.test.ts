/**
 * GET /_image on the site server (src/server/builtImages.ts): the build's table of pictures, and nothing else. A
 * request never reaches Astro (whose endpoint there would transform it), whatever it asks.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IMAGES_FILE } from '../../src/server/builtImages.ts';
import { rawRequest } from '../e2e/rawHttp.ts';
import { listeningSiteServer } from './listeningSiteServer.ts';

const CARD = 'href=%2F_astro%2Fcard.B1.jpg&w=320&h=180&f=webp';
const FILE = '/_astro/card.B1_Z1.webp';
const BYTES = Buffer.from('RIFF made at build WEBP');
let dir: string;
let server: http.Server;
let base: string;
/** What Astro's handler was handed. */
const toAstro: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'isa-built-images-'));
  mkdirSync(path.join(dir, '_astro'));
  writeFileSync(path.join(dir, FILE), BYTES);
  writeFileSync(path.join(dir, BUILT_IMAGES_FILE), JSON.stringify({ [CARD]: FILE }));
  ({ server, url: base } = await listeningSiteServer(
    (request, response) => {
      toAstro.push(request.url ?? '');
      response.writeHead(500, { 'Content-Type': 'text/plain' }).end('Astro would have transformed it');
    },
    { log: false, clientDir: dir },
  ));
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

describe('/_image on the site server', () => {
  it.each([
    ['w=-5', 400, `href=%2F_astro%2Fcard.B1.jpg&w=-5`],
    ['an unknown parameter', 400, `${CARD}&v=2`],
    ['no href', 400, 'w=320&f=webp'],
    ['a file outside the build', 400, 'href=%2Fetc%2Fpasswd&w=320'],
    ['an AVIF of the same picture', 404, 'href=%2F_astro%2Fcard.B1.jpg&w=320&h=180&f=avif'],
    ['an odd width', 404, 'href=%2F_astro%2Fcard.B1.jpg&w=333&f=webp'],
    ['a picture the build has not made', 404, 'href=%2F_astro%2Fother.C2.jpg&w=320&h=180&f=webp'],
  ] as const)('answers %s with %i, plain text, never handing it to Astro', async (_name, status, query) => {
    for (const path of ['/_image', '/_image/']) {
      const answer = await fetch(`${base}${path}?${query}`);
      expect(answer.status, path).toBe(status);
      expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
    expect(toAstro).toEqual([]);
  });

  it('answers a picture of the table with its built file, cached as the build’s hashed files', async () => {
    for (const query of [CARD, 'f=webp&h=180&w=320&href=%2F_astro%2Fcard.B1.jpg']) {
      const answer = await fetch(`${base}/_image?${query}`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('image/webp');
      expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(Buffer.from(await answer.arrayBuffer())).toEqual(BYTES);
    }
    expect(toAstro).toEqual([]);
  });

  it('answers 304 to a browser holding the same picture', async () => {
    // rawRequest: fetch() adds Cache-Control: no-cache to a request with If-None-Match, which forbids a 304.
    const etag = (await rawRequest(`${base}/_image?${CARD}`, {})).headers['etag'] ?? '';
    expect(etag).not.toBe('');
    expect((await rawRequest(`${base}/_image?${CARD}`, { 'If-None-Match': etag })).status).toBe(304);
  });
});
