/**
 * The promises of src/server/keptAnswers.ts that its speed rests on: a kept answer is the answer @fastify/static
 * would send (the site server with kept answers against the same server without them, request for request), and it
 * holds only what the plugin wrote, never a header set for the request that first asked.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as fsPromises from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { keptAnswers } from '../../src/server/keptAnswers.ts';
import { rawRequest } from '../e2e/rawHttp.ts';
import { builtFolder, PAGE } from './builtFolder.ts';
import { listeningSiteServer } from './listeningSiteServer.ts';

// The answers are read into memory with readFile: awaited before the kept answers are asked for.
vi.mock('node:fs/promises', async (original) => {
  const actual = await original<typeof fsPromises>();
  return { ...actual, readFile: vi.fn(actual.readFile) };
});
const readFile = vi.mocked(fsPromises.readFile);

const PATHS = ['/', '/index.html', '/branches', '/branches/', '/_astro/island.Bx1.js', '/photo.png', '/tiny.css'];
const ACCEPTED = [
  undefined,
  'br',
  'gzip',
  'gzip, deflate, br, zstd',
  'br;q=0, gzip',
  'gzip;q=0.5, br;q=0.9',
  'GZIP, BR',
  'identity',
  'deflate',
  '*',
  'x-unknown',
];
let dir: string;
const servers: http.Server[] = [];

const answer = async (port: number, pathname: string, accept: string | undefined) => {
  const { status, headers, body } = await rawRequest(
    `http://127.0.0.1:${port}${pathname}`,
    accept === undefined ? {} : { 'Accept-Encoding': accept },
  );
  const sent = Object.entries(headers).filter(([name]) => !['date', 'connection', 'keep-alive'].includes(name));
  return { status, headers: Object.fromEntries(sent), body: body.toString('base64') };
};

beforeAll(async () => {
  dir = await builtFolder('isa-kept-contract-', `export const text = ${JSON.stringify(PAGE)};`);
  readFile.mockClear();
});

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  rmSync(dir, { recursive: true, force: true });
});

describe('the kept answers are invisible', () => {
  it('answer every plain GET as @fastify/static does: the same status, headers and bytes', async () => {
    const astro = (_incoming: http.IncomingMessage, response: http.ServerResponse) => void response.end('astro');
    const pagePolicy = (pathname: string) => (pathname.endsWith('.js') ? undefined : "default-src 'self'");
    const kept = await listeningSiteServer(astro, { log: false, clientDir: dir, pagePolicy });
    const plugin = await listeningSiteServer(astro, {
      log: false,
      clientDir: dir,
      pagePolicy,
      without: ['kept-answers'],
    });
    servers.push(kept.server, plugin.server);
    for (const pathname of PATHS) for (const accept of ACCEPTED) await answer(kept.port, pathname, accept);
    // Every answer is in memory now, read once each whatever the requests: 12 (file, copy, path) answers, as
    // `/` and `/index.html` are one path and `/branches` and `/branches/` two.
    await vi.waitFor(() => expect(readFile).toHaveBeenCalledTimes(12));
    await Promise.all(readFile.mock.results.map(({ value }) => value as Promise<unknown>));
    for (const pathname of PATHS) {
      for (const accept of ACCEPTED) {
        const expected = await answer(plugin.port, pathname, accept);
        expect(expected.status).toBe(200);
        expect(await answer(kept.port, pathname, accept), `${pathname} with ${accept}`).toEqual(expected);
      }
    }
    expect(readFile).toHaveBeenCalledTimes(12);
  });
});

describe('a kept answer holds only what the plugin wrote', () => {
  it("never a header set for the request that first asked, whether on Fastify's reply or on Node's response", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'isa-kept-headers-'));
    writeFileSync(path.join(folder, 'a.txt'), 'a'.repeat(1500));
    const answers = keptAnswers();
    const app = Fastify();
    await app.register(fastifyStatic, { root: folder, serve: false });
    app.addHook('onRequest', (request, reply, done) => {
      const { visit } = request.query as { visit: string };
      reply.header('x-visit', visit).header('cache-control', 'public, max-age=60');
      reply.raw.setHeader('x-raw-visit', visit);
      done();
    });
    app.get('/*', { onSend: answers.keep }, (request, reply) => void answers.send(request, reply, '/a.txt'));
    try {
      const first = await app.inject('/a.txt?visit=1');
      expect(first.headers['x-visit']).toBe('1');
      // The plugin's own Cache-Control (max-age=0) is what the file's answer carries.
      expect(first.headers['cache-control']).toBe('public, max-age=0');
      await vi.waitFor(() => expect(readFile).toHaveBeenCalledWith(path.join(folder, 'a.txt')));
      await Promise.all(readFile.mock.results.map(({ value }) => value as Promise<unknown>));
      readFile.mockClear();
      for (const visit of ['2', '3']) {
        const again = await app.inject(`/a.txt?visit=${visit}`);
        expect(again.body).toBe('a'.repeat(1500));
        expect([again.headers['x-visit'], again.headers['x-raw-visit']]).toEqual([visit, visit]);
        expect(again.headers['cache-control']).toBe('public, max-age=0');
        expect(again.headers['content-type']).toBe(first.headers['content-type']);
        expect(again.headers.etag).toBe(first.headers.etag);
      }
      expect(readFile).not.toHaveBeenCalled(); // Both from memory.
    } finally {
      await app.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
