import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/server/database.ts';
import { SqliteEventsSource } from '../../../src/server/events/SqliteEventsSource.ts';
import { checkUploadPath, serveUpload } from '../../../src/server/uploads.ts';

let dataDir: string;
let outside: string;
let source: SqliteEventsSource;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'uploads-'));
  outside = mkdtempSync(path.join(tmpdir(), 'outside-'));
  mkdirSync(path.join(dataDir, 'uploads/events/1'), { recursive: true });
  writeFileSync(path.join(dataDir, 'uploads/events/1/1.jpg'), 'jpeg bytes');
  writeFileSync(path.join(dataDir, 'uploads/events/1/logo.svg'), '<svg/>');
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

const get = (relative: string, headers: Record<string, string> = {}, method = 'GET') =>
  serveUpload(new Request('http://localhost/x', { method, headers }), source, relative);

describe('serveUpload from the embedded store', () => {
  it('serves a photo with its content type, a day of caching and an ETag', async () => {
    const response = await get('events/1/1.jpg');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
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
