/**
 * Every answer with a validator follows the same revalidation rules (RFC 9110, as the `fresh`
 * package decides them): pages rendered on demand (withEntityTag), event photos (serveUpload)
 * and the built files sent by `send` (@fastify/static) alike.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../src/integrations/precompress.ts';
import { DiskCache } from '../../src/server/diskCache.ts';
import { isFresh, withEntityTag } from '../../src/server/http/conditionalRequests.ts';
import { listeningSiteServer } from './listeningSiteServer.ts';
import { serveUpload } from '../../src/server/uploads.ts';

const PHOTO_DATE = new Date('2025-03-14T10:00:00Z');
const cacheDir = mkdtempSync(path.join(tmpdir(), 'freshness-'));
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

const photoSource = {
  openPhoto: async () => ({
    bytes: new Uint8Array(new TextEncoder().encode('jpeg bytes')),
    contentType: 'image/jpeg',
    version: 'a-1',
    lastModified: PHOTO_DATE,
  }),
};

const photo = (headers: Record<string, string>) =>
  serveUpload(
    new Request('http://localhost/Admin/uploads/events/1/1.jpg', { headers }),
    photoSource,
    'events/1/1.jpg',
    {
      cache: new DiskCache({ dir: cacheDir }),
    },
  );

/** `headers` with TAG replaced by `etag` and BARE by `etag` without its W/ (the other strength). */
const withTags = (headers: Record<string, string>, etag: string) => {
  const tags = (value: string) => value.replace('BARE', etag.replace(/^W\//, '')).replace('TAG', etag);
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, tags(value)]));
};

const page = async (headers: Record<string, string>) => {
  const request = (more: Record<string, string> = {}) => new Request('http://localhost/Events/1', { headers: more });
  const answer = () => new Response('<h1>Salem branch CME</h1>', { headers: { 'Content-Type': 'text/html' } });
  const etag = (await withEntityTag(request(), answer())).headers.get('etag') ?? '';
  return withEntityTag(request(withTags(headers, etag)), answer());
};

// A built page with its brotli and gzip copies, as the site server sends it (send, weak ETag).
const builtDir = mkdtempSync(path.join(tmpdir(), 'freshness-built-'));
let builtUrl = '';
let builtServer: http.Server;
beforeAll(async () => {
  writeFileSync(path.join(builtDir, 'index.html'), `<h1>Branches</h1>${'<p>Dr. Example, Salem.</p>'.repeat(80)}`);
  await precompressDirectory(builtDir);
  const notFound = (_request: http.IncomingMessage, response: http.ServerResponse) =>
    void response.writeHead(404).end();
  const built = await listeningSiteServer(notFound, { log: false, clientDir: builtDir });
  builtServer = built.server;
  builtUrl = `${built.url}/`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => builtServer.close(() => resolve()));
  rmSync(builtDir, { recursive: true, force: true });
});

/** Status and ETag of a GET with exactly `headers` (fetch would add Cache-Control: no-cache to a conditional request). */
const get = (headers: Record<string, string>) =>
  new Promise<{ status: number; etag: string }>((resolve, reject) => {
    http
      .get(builtUrl, { headers: { 'Accept-Encoding': 'br', ...headers } }, (response) => {
        response.resume();
        response.once('end', () => resolve({ status: response.statusCode ?? 0, etag: response.headers.etag ?? '' }));
      })
      .once('error', reject);
  });

const builtFile = async (headers: Record<string, string>) => get(withTags(headers, (await get({})).etag));

// Each answer's own tag, and the same tag with the other strength (W/ added or removed).
describe.each([
  ['an event photo (strong ETag)', photo, '"a-1"', 'W/"a-1"'],
  ['a page rendered on demand (weak ETag)', page, 'TAG', 'BARE'],
  ['a built file sent by send (weak ETag)', builtFile, 'TAG', 'BARE'],
])('%s', (_, answer, own, otherStrength) => {
  it.each([
    ['its own tag', 304, { 'If-None-Match': own }],
    ['its tag with the other strength (compared weakly)', 304, { 'If-None-Match': otherStrength }],
    ['its tag among others', 304, { 'If-None-Match': `"other", ${own}` }],
    ['another tag', 200, { 'If-None-Match': '"other"' }],
    ['its tag, reloading past every cache', 200, { 'If-None-Match': own, 'Cache-Control': 'no-cache' }],
    [
      'another tag and a later If-Modified-Since (the tag decides)',
      200,
      { 'If-None-Match': '"other"', 'If-Modified-Since': new Date().toUTCString() },
    ],
  ])('answers a request holding %s with %i', async (_, status, headers) => {
    expect((await answer(headers)).status).toBe(status);
  });
});

describe('If-Modified-Since without If-None-Match', () => {
  it.each([
    ['the photo has not changed since', new Date(PHOTO_DATE.getTime() + 1000).toUTCString(), 304],
    ['the photo changed since', new Date(PHOTO_DATE.getTime() - 1000).toUTCString(), 200],
  ])('answers a photo request when %s', async (_, since, status) => {
    expect((await photo({ 'If-Modified-Since': since })).status).toBe(status);
  });

  it('never makes a page without Last-Modified fresh', async () => {
    expect((await page({ 'If-Modified-Since': new Date().toUTCString() })).status).toBe(200);
  });
});

describe('isFresh', () => {
  it('is false for a request that asks nothing', () => {
    expect(isFresh(new Request('http://localhost/'), { etag: '"a"' })).toBe(false);
  });
});
