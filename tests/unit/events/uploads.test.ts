import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mostSharpAtOnce } from '../photos/sharpAtOnce.ts';
import { openDatabase } from '../../../src/server/database.ts';
import { DiskCache } from '../../../src/server/diskCache.ts';
import { SqliteEventsSource } from '../../../src/server/events/SqliteEventsSource.ts';
import { checkUploadPath, serveUpload } from '../../../src/server/uploads.ts';

let dataDir: string;
let outside: string;
let cacheDir: string;
let source: SqliteEventsSource;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'uploads-'));
  outside = mkdtempSync(path.join(tmpdir(), 'outside-'));
  cacheDir = path.join(dataDir, 'cache', 'photos');
  mkdirSync(path.join(dataDir, 'uploads/events/1'), { recursive: true });
  writeFileSync(path.join(dataDir, 'uploads/events/1/1.jpg'), 'jpeg bytes');
  writeFileSync(path.join(dataDir, 'uploads/events/1/logo.svg'), '<svg/>');
  await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3a7' } })
    .jpeg()
    .toFile(path.join(dataDir, 'uploads/events/1/big.jpg'));
  await sharp({ create: { width: 300, height: 200, channels: 3, background: '#a37' } })
    .png()
    .toFile(path.join(dataDir, 'uploads/events/1/small.png'));
  writeFileSync(path.join(dataDir, 'secret.jpg'), 'not for the web');
  writeFileSync(path.join(outside, 'passwd.jpg'), 'secret');
  symlinkSync(path.join(outside, 'passwd.jpg'), path.join(dataDir, 'uploads/events/1/link.jpg'));
  source = new SqliteEventsSource(openDatabase(dataDir).db, { uploadsDir: path.join(dataDir, 'uploads') });
});

afterAll(async () => {
  await source.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

const get = (relative: string, headers: Record<string, string> = {}, method = 'GET', query = '') =>
  serveUpload(new Request(`http://localhost/x${query}`, { method, headers }), source, relative, {
    cache: new DiskCache({ dir: cacheDir }),
  });

describe('serveUpload from the embedded store', () => {
  it('serves a photo with its content type, revalidated at each use (no-cache) with an ETag', async () => {
    const response = await get('events/1/1.jpg');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('cache-control')).toBe('public, no-cache');
    expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(response.headers.get('last-modified')).toBeTruthy();
    expect(await response.text()).toBe('jpeg bytes');
  });

  it('answers 304 when the ETag matches', async () => {
    const etag = (await get('events/1/1.jpg')).headers.get('etag') ?? '';
    expect((await get('events/1/1.jpg', { 'If-None-Match': etag })).status).toBe(304);
  });

  it('answers HEAD without a body', async () => {
    const response = await get('events/1/1.jpg', {}, 'HEAD');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe('10');
    expect(await response.text()).toBe('');
  });

  it('serves SVG with a restrictive policy', async () => {
    const response = await get('events/1/logo.svg');
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it.each([
    '../secret.jpg',
    'events/../../secret.jpg',
    '%2e%2e/secret.jpg',
    'events/%2E%2E/%2E%2E/secret.jpg',
    '..%2fsecret.jpg',
    'events\\..\\..\\secret.jpg',
    '/etc/passwd',
    'events/1/1.jpg%00.png',
    'events/1/link.jpg',
    'events/1/missing.jpg',
    'events/1',
    'events//1/1.jpg',
    '.hidden.jpg',
    'events/1/1.txt',
    '%E0%A4%A',
  ])('refuses %s with 404', async (relative) => {
    expect((await get(relative)).status).toBe(404);
  });

  it('refuses other methods', async () => {
    expect((await get('events/1/1.jpg', {}, 'POST')).status).toBe(405);
  });
});

describe('checkUploadPath', () => {
  it.each([
    ['events/3/1.jpg', 'events/3/1.jpg'],
    ['events/3/a%20b.JPG', 'events/3/a b.JPG'],
    ['events/3/../1.jpg', undefined],
    ['events/3/1.exe', undefined],
    ['', undefined],
  ])('%s -> %s', (input, expected) => {
    expect(checkUploadPath(input)).toBe(expected);
  });
});

describe('resized photos (?w=)', () => {
  it('resizes to a width of the fixed set as WebP, with caching headers and its own ETag', async () => {
    const original = await get('events/1/big.jpg');
    for (const width of [480, 960]) {
      const response = await get('events/1/big.jpg', {}, 'GET', `?w=${width}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      expect(response.headers.get('cache-control')).toBe('public, no-cache');
      expect(response.headers.get('etag')).toBe(`${original.headers.get('etag')?.slice(0, -1)}-w${width}"`);
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(response.headers.get('content-length')).toBe(String(bytes.length));
      const metadata = await sharp(bytes).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', width, (width * 2) / 3]);
    }
  });

  it('never enlarges a smaller photo', async () => {
    const response = await get('events/1/small.png', {}, 'GET', '?w=960');
    const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect([metadata.format, metadata.width]).toEqual(['webp', 300]);
  });

  it('keeps what it made under the cache folder and serves it from there next time', async () => {
    rmSync(cacheDir, { recursive: true, force: true });
    await get('events/1/big.jpg', {}, 'GET', '?w=480');
    const files = readdirSync(cacheDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^[0-9a-f]{64}\.webp$/);
    // Served from the file, not made again: what the file holds is what is sent.
    writeFileSync(path.join(cacheDir, files[0] ?? ''), 'cached bytes');
    expect(await (await get('events/1/big.jpg', {}, 'GET', '?w=480')).text()).toBe('cached bytes');
  });

  it('makes a new version when the photo changes', async () => {
    const before = (await get('events/1/big.jpg', {}, 'GET', '?w=480')).headers.get('etag');
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(dataDir, 'uploads/events/1/big.jpg'), later, later);
    const after = await get('events/1/big.jpg', {}, 'GET', '?w=480');
    expect(after.headers.get('etag')).not.toBe(before);
    expect((await sharp(Buffer.from(await after.arrayBuffer())).metadata()).width).toBe(480);
  });

  it('answers 304 to a matching resized ETag', async () => {
    const etag = (await get('events/1/big.jpg', {}, 'GET', '?w=960')).headers.get('etag') ?? '';
    expect((await get('events/1/big.jpg', { 'If-None-Match': etag }, 'GET', '?w=960')).status).toBe(304);
  });

  it.each(['?w=123', '?w=abc', '?w=', '?w=4800', '?w=-5'])('refuses %s with 400 and makes nothing', async (query) => {
    rmSync(cacheDir, { recursive: true, force: true });
    const response = await get('events/1/big.jpg', {}, 'GET', query);
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/480, 720, 960/);
    expect(existsSync(cacheDir)).toBe(false);
  });

  it('makes one resize at a time, however many visitors ask for different photos at once', async () => {
    rmSync(cacheDir, { recursive: true, force: true });
    let answers: Response[] = [];
    const most = await mostSharpAtOnce(async () => {
      answers = await Promise.all(
        ['?w=480', '?w=720', '?w=960'].map((query) => get('events/1/big.jpg', {}, 'GET', query)),
      );
    });
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(most).toBe(1);
  });

  it('sends an SVG as it is, and a photo sharp cannot read whole, with a warning', async () => {
    const svg = await get('events/1/logo.svg', {}, 'GET', '?w=480');
    expect(svg.headers.get('content-type')).toBe('image/svg+xml');
    expect(await svg.text()).toBe('<svg/>');
    const warn = vi.fn();
    const broken = await serveUpload(new Request('http://localhost/x?w=480'), source, 'events/1/1.jpg', {
      cache: new DiskCache({ dir: cacheDir }),
      warn,
    });
    expect(broken.status).toBe(200);
    expect(broken.headers.get('content-type')).toBe('image/jpeg');
    expect(await broken.text()).toBe('jpeg bytes');
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/could not be resized/));
  });
});
