/**
 * Photos from the society's backend cost it one fetch however many visitors ask at once, at most
 * a few fetches run together, and fetched photos are cached in the bounded photo cache (a fake
 * backend counts the fetches).
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DiskCache } from '../../../src/server/diskCache.ts';
import { RemoteEventsSource } from '../../../src/server/events/RemoteEventsSource.ts';
import { serveUpload } from '../../../src/server/uploads.ts';
import { solidJpeg } from '../../solidJpeg.ts';

let server: http.Server;
let baseUrl: string;
let photo: Buffer;
let failing = false;
/** Fetches by path, and the most that were in progress at once. */
const fetches = new Map<string, number>();
let inProgress = 0;
let mostAtOnce = 0;
let dataDir: string;

beforeAll(async () => {
  photo = await solidJpeg(1200, 800, '#468');
  server = http.createServer((request, response) => {
    const url = request.url ?? '';
    fetches.set(url, (fetches.get(url) ?? 0) + 1);
    inProgress += 1;
    mostAtOnce = Math.max(mostAtOnce, inProgress);
    // Slow enough that requests made together overlap.
    setTimeout(() => {
      inProgress -= 1;
      if (failing) response.writeHead(500).end('down');
      else response.writeHead(200, { 'Content-Type': 'image/jpeg', 'Content-Length': photo.length }).end(photo);
    }, 150);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('The fake backend has no port');
  baseUrl = `http://127.0.0.1:${address.port}/Admin/api`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'backend-photos-'));
  fetches.clear();
  mostAtOnce = 0;
  failing = false;
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const cacheDir = () => path.join(dataDir, 'cache', 'photos');

function remote(cache?: DiskCache, options: { now?: () => number; warn?: (message: string) => void } = {}) {
  return new RemoteEventsSource({
    baseUrl,
    timeoutMs: 5000,
    maxPhotoFetches: 2,
    ...(cache ? { photoCache: cache } : {}),
    ...options,
  });
}

const fetchCount = () => [...fetches.values()].reduce((sum, count) => sum + count, 0);

describe('backend photos', () => {
  it('30 requests at once for one photo, whole or resized, make one fetch and get the same bytes', async () => {
    const cache = new DiskCache({ dir: cacheDir() });
    const source = remote(cache);
    const get = (query: string) =>
      serveUpload(new Request(`http://site/Admin/uploads/events/1/big.jpg${query}`), source, 'events/1/big.jpg', {
        cache,
      });
    const answers = await Promise.all(Array.from({ length: 30 }, (_, index) => get(index % 3 === 0 ? '?w=480' : '')));
    expect(answers.map((answer) => answer.status)).toEqual(Array(30).fill(200));
    expect(fetches.get('/Admin/uploads/events/1/big.jpg')).toBe(1);
    const whole = answers.filter((answer) => answer.headers.get('content-type') === 'image/jpeg');
    for (const answer of whole) expect(Buffer.from(await answer.arrayBuffer()).equals(photo)).toBe(true);
    // The photo and one resized copy are cached.
    expect(readdirSync(cacheDir())).toHaveLength(2);
  });

  it('fetches at most maxPhotoFetches photos from the backend at once', async () => {
    const source = remote();
    await Promise.all(Array.from({ length: 8 }, (_, index) => source.openPhoto(`events/1/${index}.jpg`)));
    expect(fetchCount()).toBe(8);
    expect(mostAtOnce).toBe(2);
  });

  it('serves a cached photo without asking the backend, also after a restart', async () => {
    await remote(new DiskCache({ dir: cacheDir() })).openPhoto('events/2/1.jpg');
    const restarted = remote(new DiskCache({ dir: cacheDir() }));
    const cached = await restarted.openPhoto('events/2/1.jpg');
    expect(fetchCount()).toBe(1);
    expect(cached?.contentType).toBe('image/jpeg');
    expect(Buffer.from(cached?.bytes ?? []).equals(photo)).toBe(true);
  });

  it('fetches again over a cached file it cannot trust: a broken header, or a type that is not a photo', async () => {
    await remote(new DiskCache({ dir: cacheDir() })).openPhoto('events/4/1.jpg');
    const [file] = readdirSync(cacheDir());
    const damage = (header: string) => {
      const bytes = Buffer.from(header);
      const length = Buffer.alloc(4);
      length.writeUInt32BE(bytes.byteLength);
      writeFileSync(path.join(cacheDir(), file ?? ''), Buffer.concat([length, bytes, photo]));
    };
    damage(JSON.stringify({ contentType: 'text/html', version: 'v', fetchedAt: Date.now() }));
    const fetched = await remote(new DiskCache({ dir: cacheDir() })).openPhoto('events/4/1.jpg');
    expect(fetchCount()).toBe(2);
    expect(fetched?.contentType).toBe('image/jpeg');
    damage('not JSON');
    await remote(new DiskCache({ dir: cacheDir() })).openPhoto('events/4/1.jpg');
    expect(fetchCount()).toBe(3);
  });

  it('asks again after an hour, and serves the cached photo with a warning if the backend fails', async () => {
    let now = Date.UTC(2026, 0, 1);
    const warn = vi.fn();
    const source = remote(new DiskCache({ dir: cacheDir() }), { now: () => now, warn });
    const first = await source.openPhoto('events/3/1.jpg');
    now += 30 * 60_000;
    await source.openPhoto('events/3/1.jpg');
    expect(fetchCount()).toBe(1);
    now += 31 * 60_000;
    failing = true;
    const stale = await source.openPhoto('events/3/1.jpg');
    expect(fetchCount()).toBe(2);
    expect(stale?.version).toBe(first?.version);
    expect(warn).toHaveBeenCalledWith(
      expect.stringMatching(/events\/3\/1\.jpg: .*answered 500; serving the copy fetched/),
    );
  });

  it('keeps the cache within its size, the least recently used photos going first', async () => {
    const cache = new DiskCache({ dir: cacheDir(), maxBytes: photo.length * 2 + 1000 });
    const source = remote(cache);
    for (const name of ['a', 'b', 'c']) await source.openPhoto(`events/4/${name}.jpg`);
    expect(readdirSync(cacheDir())).toHaveLength(2);
    expect(await cache.size()).toBeLessThanOrEqual(cache.maxBytes);
    await source.openPhoto('events/4/a.jpg'); // gone first, so fetched again
    expect(fetches.get('/Admin/uploads/events/4/a.jpg')).toBe(2);
    expect(fetches.get('/Admin/uploads/events/4/c.jpg')).toBe(1);
  });
});
