import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtFolder, PAGE } from './builtFolder.ts';
import { listeningSiteServer } from './listeningSiteServer.ts';
import { SECURITY_HEADERS } from '../../src/server/securityHeaders.ts';
import { rawRequest } from '../e2e/rawHttp.ts';

const SCRIPT = `export const names = ${JSON.stringify(Array.from({ length: 200 }, (_, index) => `bearer ${index}`))};`;
const PAGE_POLICY = "default-src 'self'; frame-ancestors 'none'";
let dir: string;
let server: http.Server;
let port: number;

/** A request to the server under test, with exactly the headers given. */
const request = (pathname: string, headers: Record<string, string> = {}, method = 'GET') =>
  rawRequest(`http://127.0.0.1:${port}${pathname}`, headers, method);

beforeAll(async () => {
  dir = await builtFolder('isa-precompressed-', SCRIPT);

  ({ server, port } = await listeningSiteServer(
    (incoming, response) => {
      const body = `astro answered ${incoming.method} ${incoming.url}`;
      // Small and with its length: the on-the-fly compression leaves it as it is.
      response.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': Buffer.byteLength(body) }).end(body);
    },
    {
      log: false,
      pagePolicy: (pathname) => (pathname === '/' || pathname.startsWith('/branches') ? PAGE_POLICY : undefined),
      clientDir: dir,
    },
  ));
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

describe('precompressDirectory (the build step)', () => {
  it('writes brotli and gzip copies of text files of 1 KiB and more, and nothing else', () => {
    for (const file of ['index.html', '_astro/island.Bx1.js']) {
      const original = readFileSync(path.join(dir, file));
      expect(brotliDecompressSync(readFileSync(path.join(dir, `${file}.br`)))).toEqual(original);
      expect(gunzipSync(readFileSync(path.join(dir, `${file}.gz`)))).toEqual(original);
      expect(statSync(path.join(dir, `${file}.br`)).size).toBeLessThan(original.length);
    }
    for (const file of ['tiny.css', 'photo.png']) {
      expect(existsSync(path.join(dir, `${file}.br`)), file).toBe(false);
      expect(existsSync(path.join(dir, `${file}.gz`)), file).toBe(false);
    }
  });
});

describe('the site server with precompressed files', () => {
  it.each([
    ['br', 'br', (body: Buffer) => brotliDecompressSync(body)],
    ['gzip, deflate, br, zstd', 'br', (body: Buffer) => brotliDecompressSync(body)],
    ['gzip', 'gzip', (body: Buffer) => gunzipSync(body)],
    ['br;q=0, gzip', 'gzip', (body: Buffer) => gunzipSync(body)],
  ])('sends the %s client the %s copy from disk, with its length', async (accept, encoding, decode) => {
    const answer = await request('/', { 'Accept-Encoding': accept });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe(encoding);
    expect(answer.headers['vary']).toBe('Accept-Encoding');
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(decode(answer.body).toString()).toBe(PAGE);
  });

  it('sends the original to a client that accepts no compression, still varying by encoding', async () => {
    const answer = await request('/');
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['vary']).toBe('Accept-Encoding');
    expect(answer.body.toString()).toBe(PAGE);
    expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(PAGE));
  });

  it('answers a page at each of its paths, and sends only the copies that exist', async () => {
    for (const pathname of ['/branches', '/branches/', '/branches/index.html']) {
      const answer = await request(pathname, { 'Accept-Encoding': 'gzip, br' });
      expect(answer.headers['content-encoding'], pathname).toBe('gzip');
      expect(gunzipSync(answer.body).toString()).toContain('Our Branches');
    }
    const brotliOnly = await request('/branches', { 'Accept-Encoding': 'br' });
    expect(brotliOnly.headers['content-encoding']).toBeUndefined();
    expect(brotliOnly.body.toString()).toContain('Our Branches');
  });

  it('keeps the security headers, the page policy and the caching of assets', async () => {
    const page = await request('/', { 'Accept-Encoding': 'br' });
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(page.headers[name.toLowerCase()]).toBe(value);
    expect(page.headers['content-security-policy']).toBe(PAGE_POLICY);
    expect(page.headers['cache-control']).toBe('public, max-age=0');
    const asset = await request('/_astro/island.Bx1.js', { 'Accept-Encoding': 'br' });
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps an asset a year in each of its answers (whole, again, 304), and none of the answers Astro gives there', async () => {
    const answers = [await request('/_astro/island.Bx1.js'), await request('/_astro/island.Bx1.js')];
    const etag = answers[0]?.headers['etag'] ?? '';
    answers.push(await request('/_astro/island.Bx1.js', { 'If-None-Match': etag }));
    expect(answers.map(({ status }) => status)).toEqual([200, 200, 304]);
    for (const { headers } of answers) expect(headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const astro = await request('/_astro/', { 'Accept-Encoding': 'br' });
    expect(astro.body.toString()).toBe('astro answered GET /_astro/');
    expect(astro.headers['cache-control']).toBeUndefined();
  });

  it('answers HEAD with the headers of the copy it would send, and no body', async () => {
    const head = await request('/', { 'Accept-Encoding': 'br' }, 'HEAD');
    const get = await request('/', { 'Accept-Encoding': 'br' });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.headers['etag']).toBe(get.headers['etag']);
  });

  it('gives each encoding its own ETag, and a 304 only for the one the client holds', async () => {
    const br = await request('/', { 'Accept-Encoding': 'br' });
    const gzip = await request('/', { 'Accept-Encoding': 'gzip' });
    const etag = br.headers['etag'] ?? '';
    expect(etag).not.toBe('');
    expect(gzip.headers['etag']).not.toBe(etag);
    const again = await request('/', { 'Accept-Encoding': 'br', 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers['vary']).toBe('Accept-Encoding');
    const otherEncoding = await request('/', { 'Accept-Encoding': 'gzip', 'If-None-Match': etag });
    expect(otherEncoding.status).toBe(200);
  });

  it("sends a folder's path its index.html, and leaves a folder without one to Astro", async () => {
    const home = await request('/?from=footer', { 'Accept-Encoding': 'br' });
    expect(home.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(home.body).toString()).toBe(PAGE);
    const noPage = await request('/_astro/', { 'Accept-Encoding': 'br' });
    expect(noPage.body.toString()).toBe('astro answered GET /_astro/');
  });

  it('sends files without copies as they are, and leaves other methods and other paths to Astro', async () => {
    // Every built file is sent from disk (as `npm start` always did); only paths with no file reach Astro.
    for (const file of ['photo.png', 'tiny.css']) {
      const answer = await request(`/${file}`, { 'Accept-Encoding': 'br' });
      expect(answer.headers['content-encoding'], file).toBeUndefined();
      expect(answer.body.equals(readFileSync(path.join(dir, file))), file).toBe(true);
    }
    expect((await request('/', {}, 'POST')).body.toString()).toBe('astro answered POST /');
    expect((await request('/Events/1')).body.toString()).toBe('astro answered GET /Events/1');
  });

  it.each([
    ['a compressed copy at its own path', '/index.html.br'],
    ['a dotfile', '/.env'],
    ['a path with an empty segment', '//branches'],
    ['a path with a dot segment', '/./branches'],
    ['a path climbing out of the folder', '/%2e%2e/etc/passwd'],
    ['a path with an encoded slash', '/branches%2Findex.html'],
  ])('leaves %s to Astro (%s), as a path with no file', async (_case, pathname) => {
    const answer = await request(pathname, { 'Accept-Encoding': 'br' });
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toBe(`astro answered GET ${pathname}`);
  });

  it('sends the original of a file whose copy has gone from the disk since the start', async () => {
    const script = path.join(dir, '_astro', 'island.Bx1.js');
    rmSync(`${script}.br`);
    const answer = await request('/_astro/island.Bx1.js', { 'Accept-Encoding': 'br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body.toString()).toBe(SCRIPT);
  });
});
