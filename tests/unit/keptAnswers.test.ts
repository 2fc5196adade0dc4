import { mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import * as fsPromises from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { precompressDirectory } from '../../src/integrations/precompress.ts';
import { listeningSiteServer } from './listeningSiteServer.ts';
import { keptAnswers, staticCopiesTried } from '../../src/server/keptAnswers.ts';
import { rawRequest } from '../e2e/rawHttp.ts';

// The answers are read into memory with readFile: counted, and awaited before a test changes a file.
vi.mock('node:fs/promises', async (original) => {
  const actual = await original<typeof fsPromises>();
  return { ...actual, readFile: vi.fn(actual.readFile) };
});
const readFile = vi.mocked(fsPromises.readFile);

const PAGE = `<!doctype html><title>Branches</title>${'<p>Dr. Example, Secretary, Salem branch.</p>'.repeat(100)}`;
let dir: string;
let server: http.Server;
let port: number;

/** A request to the server under test, with exactly the headers given. */
const request = (pathname: string, headers: Record<string, string> = {}, method = 'GET') =>
  rawRequest(`http://127.0.0.1:${port}${pathname}`, headers, method);

/** Resolves once `file` has been read into memory (every read of it started so far has ended). */
async function kept(file: string) {
  await vi.waitFor(() => expect(readFile).toHaveBeenCalledWith(file));
  await Promise.all(readFile.mock.results.map(({ value }) => value as Promise<unknown>));
  await new Promise((resolve) => setImmediate(resolve));
}

/** Writes other bytes of the same length into `file`, with its modification time as it was: what no stat can see. */
function changeUnseen(file: string): Buffer {
  const { atime, mtime, size } = statSync(file);
  const other = Buffer.alloc(size, 'x');
  writeFileSync(file, other);
  utimesSync(file, atime, mtime);
  return other;
}

const withoutDate = (headers: http.IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => name !== 'date'));

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'isa-kept-'));
  for (const name of ['index.html', 'branches.html', 'events.html', 'ranges.html', 'gone.html', 'choices.html']) {
    writeFileSync(path.join(dir, name), PAGE.replace('Branches', name));
  }
  writeFileSync(path.join(dir, 'large.png'), Buffer.alloc(300 * 1024, 7));
  await precompressDirectory(dir);
  // Whole seconds, which utimes sets back exactly (changeUnseen).
  const time = new Date('2026-11-01T08:00:00Z');
  for (const name of readdirSync(dir)) utimesSync(path.join(dir, name), time, time);
  ({ server, port } = await listeningSiteServer((_incoming, response) => void response.writeHead(404).end(), {
    log: false,
    clientDir: dir,
  }));
  readFile.mockClear();
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

afterEach(() => readFile.mockClear());

describe("the site server's kept answers of built files", () => {
  it('sends a plain GET of a file from memory once it has been sent: the same headers and bytes', async () => {
    const first = await request('/', { 'Accept-Encoding': 'br' });
    expect(first.headers['content-encoding']).toBe('br');
    await kept(path.join(dir, 'index.html.br'));
    const second = await request('/', { 'Accept-Encoding': 'br' });
    expect(second.status).toBe(200);
    expect(withoutDate(second.headers)).toEqual(withoutDate(first.headers));
    expect(second.body.equals(first.body)).toBe(true);
    // Other bytes on the disk that no stat can tell apart: the answer comes from memory, and a query is no other file.
    changeUnseen(path.join(dir, 'index.html.br'));
    expect((await request('/?page=2', { 'Accept-Encoding': 'br' })).body.equals(first.body)).toBe(true);
  });

  it('keeps an answer for each Accept-Encoding, each with its own headers', async () => {
    const compressed = await request('/branches.html', { 'Accept-Encoding': 'gzip' });
    const plain = await request('/branches.html', { 'Accept-Encoding': 'identity' });
    await kept(path.join(dir, 'branches.html.gz'));
    await kept(path.join(dir, 'branches.html'));
    const again = [
      await request('/branches.html', { 'Accept-Encoding': 'gzip' }),
      await request('/branches.html', { 'Accept-Encoding': 'identity' }),
    ];
    expect(again[0]?.headers['content-encoding']).toBe('gzip');
    expect(again[0]?.body.equals(compressed.body)).toBe(true);
    expect(again[1]?.headers['content-encoding']).toBeUndefined();
    expect(again[1]?.body.toString()).toBe(plain.body.toString());
    expect(again[1]?.headers.etag).not.toBe(again[0]?.headers.etag);
  });

  it('reads the disk again once the file has changed or gone', async () => {
    const file = path.join(dir, 'events.html');
    await request('/events.html');
    await kept(file);
    writeFileSync(file, '<!doctype html><title>Events</title><p>Changed.</p>');
    expect((await request('/events.html')).body.toString()).toBe('<!doctype html><title>Events</title><p>Changed.</p>');

    await request('/gone.html', { 'Accept-Encoding': 'br' });
    await kept(path.join(dir, 'gone.html.br'));
    rmSync(path.join(dir, 'gone.html.br'));
    const original = await request('/gone.html', { 'Accept-Encoding': 'br' });
    expect(original.headers['content-encoding']).toBeUndefined();
    expect(original.body.toString()).toContain('gone.html');
  });

  it('leaves ranges, conditional requests and HEAD to @fastify/static', async () => {
    const file = path.join(dir, 'ranges.html');
    const first = await request('/ranges.html');
    await kept(file);
    const onDisk = changeUnseen(file);
    const range = await request('/ranges.html', { Range: 'bytes=0-9' });
    expect(range.status).toBe(206);
    expect(range.body.equals(onDisk.subarray(0, 10))).toBe(true);
    expect((await request('/ranges.html', { 'If-None-Match': String(first.headers.etag) })).status).toBe(304);
    const head = await request('/ranges.html', {}, 'HEAD');
    expect(head.body.byteLength).toBe(0);
    expect(head.headers['content-length']).toBe(String(onDisk.byteLength));
    // The plain GET is still the kept one.
    expect((await request('/ranges.html')).body.equals(first.body)).toBe(true);
  });

  it('keeps one answer per file and encoding sent, whatever Accept-Encoding the client writes', async () => {
    const file = path.join(dir, 'flood.html');
    writeFileSync(file, PAGE);
    const junk = (index: number) => `x-${index}-${'y'.repeat(2000)}`;
    const first = await request('/flood.html', { 'Accept-Encoding': `${junk(0)}, gzip` });
    expect(first.headers['content-encoding']).toBeUndefined(); // No copy of it is compressed.
    await kept(file);
    readFile.mockClear();
    for (let index = 1; index <= 300; index += 1) {
      const answer = await request('/flood.html', { 'Accept-Encoding': `${junk(index)}, gzip` });
      expect(answer.body.equals(first.body)).toBe(true);
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(readFile).not.toHaveBeenCalled();
  });

  it('sends the copy the plugin would: a kept answer in one encoding is not sent to a client that accepts another', async () => {
    const brotli = await request('/choices.html', { 'Accept-Encoding': 'br' });
    await kept(path.join(dir, 'choices.html.br'));
    expect(brotli.headers['content-encoding']).toBe('br');
    for (const [accept, encoding] of [
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['identity', undefined],
      ['gzip;q=0.5, br', 'br'],
      ['*', 'gzip'],
    ] as const) {
      const answer = await request('/choices.html', { 'Accept-Encoding': accept });
      expect(answer.headers['content-encoding'], accept).toBe(encoding);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect((await request('/choices.html', { 'Accept-Encoding': accept })).headers['content-encoding'], accept).toBe(
        encoding,
      );
    }
  });

  it('keeps no file over 256 KiB', async () => {
    const file = path.join(dir, 'large.png');
    expect((await request('/large.png')).body.byteLength).toBe(300 * 1024);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const onDisk = changeUnseen(file);
    expect((await request('/large.png')).body.equals(onDisk)).toBe(true);
    expect(readFile).not.toHaveBeenCalled();
  });
});

describe('keptAnswers', () => {
  it('keeps the most recently sent answers within its bytes, reading the oldest again', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'isa-kept-lru-'));
    for (const name of ['a', 'b', 'c']) writeFileSync(path.join(folder, `${name}.txt`), name.repeat(1500));
    // Each answer counts its 1,500 bytes, its headers (about 170), its key and 256: two fit, not three.
    const answers = keptAnswers({ maxBytes: 5000, maxFileBytes: 2000 });
    const app = Fastify();
    await app.register(fastifyStatic, { root: folder, serve: false });
    app.get('/*', { onSend: answers.keep }, (request, reply) => void answers.send(request, reply, request.url));
    try {
      const get = async (name: string) => (await app.inject(`/${name}.txt`)).body;
      for (const name of ['a', 'b', 'c']) {
        expect(await get(name)).toBe(name.repeat(1500));
        await kept(path.join(folder, `${name}.txt`));
      }
      readFile.mockClear();
      expect([await get('b'), await get('c')]).toEqual(['b'.repeat(1500), 'c'.repeat(1500)]);
      await new Promise((resolve) => setImmediate(resolve));
      expect(readFile).not.toHaveBeenCalled();
      // "a" went to make room for "c": it is read from the disk again, and kept again.
      expect(await get('a')).toBe('a'.repeat(1500));
      await kept(path.join(folder, 'a.txt'));
    } finally {
      await app.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('staticCopiesTried: the key of a kept answer, not the header the client wrote', () => {
  it.each([
    ['a 15 KB value of nothing known', 'x'.repeat(15 * 1024), ''],
    ['a 15 KB value that accepts gzip', `${'x'.repeat(15 * 1024)}, gzip`, 'gzip'],
    ['brotli refused', 'br;q=0, gzip', 'gzip'],
    ['every encoding refused', 'br;q=0, gzip;q=0, deflate;q=0', ''],
    ['identity only', 'identity', ''],
    ['an empty value', '', ''],
    ['no Accept-Encoding', undefined, ''],
    ['a browser', 'gzip, deflate, br, zstd', 'br,gzip,deflate'],
    ['upper case', 'GZIP, BR', 'br,gzip'],
    ['qualities', 'gzip;q=1, br;q=0.5', 'gzip,br'],
    ['anything, which the plugin takes as gzip', '*', 'gzip'],
  ])('%s', (_case, header, tried) => {
    expect(staticCopiesTried(header)).toBe(tried);
  });

  it('has at most 16 values (the orders of br, gzip and deflate), whatever the clients write', () => {
    const seen = new Set<string>();
    for (let index = 0; index < 2000; index += 1) {
      const parts = ['br', 'gzip', 'deflate', 'zstd', `x-${index}`].map(
        (name, at) => `${name};q=0.${(index * (at + 3)) % 10}`,
      );
      seen.add(staticCopiesTried(parts.join(', ')));
    }
    expect(seen.size).toBeGreaterThan(5);
    expect(seen.size).toBeLessThanOrEqual(16);
  });
});
