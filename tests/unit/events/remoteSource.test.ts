import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { EventsUnavailableError, PhotoUnavailableError } from '../../../src/server/events/EventsSource.ts';
import { DiskCache } from '../../../src/server/diskCache.ts';
import { RemoteEventsSource } from '../../../src/server/events/RemoteEventsSource.ts';
import { UPLOADS_PATH } from '../../../src/lib/events/fixImagePath.ts';
import { serveUpload } from '../../../src/server/uploads.ts';
import { solidJpeg } from '../../solidJpeg.ts';

/** A small fake of the society's backend whose behaviour each test sets. */
let behaviour: 'ok' | 'fail' | 'slow' | 'non-array' = 'ok';
const received: { method: string; path: string; body: string; contentType: string | undefined }[] = [];
let server: http.Server;
let baseUrl: string;
let origin: string;
let photo: Buffer;

/** The fake backend's photos under /Admin/uploads/, by path: each answers as its name says. */
function answerPhoto(url: string, response: http.ServerResponse) {
  switch (url) {
    case '/Admin/uploads/events/12/1.jpg':
      response.writeHead(200, {
        'Content-Type': 'image/jpeg',
        'Content-Length': photo.length,
        'Last-Modified': 'Tue, 04 Feb 2025 10:00:00 GMT',
      });
      response.end(photo);
      return;
    case '/Admin/uploads/events/12/2.jpg':
    case '/Admin/uploads/events/12/3.jpg':
    case '/Admin/uploads/events/12/4.jpg':
    case '/Admin/uploads/events/12/a%20b.jpg':
      response.writeHead(200, { 'Content-Type': 'image/jpeg; charset=binary' }).end(photo);
      return;
    case '/Admin/uploads/events/12/page.jpg':
      response.writeHead(200, { 'Content-Type': 'text/html' }).end('<h1>Log in</h1>');
      return;
    case '/Admin/uploads/events/12/huge.jpg':
      response.writeHead(200, { 'Content-Type': 'image/jpeg', 'Content-Length': 5000 }).end(Buffer.alloc(5000));
      return;
    case '/Admin/uploads/events/12/endless.jpg':
      // No Content-Length: the size is only known by counting.
      response.writeHead(200, { 'Content-Type': 'image/jpeg' });
      response.write(Buffer.alloc(3000));
      response.end(Buffer.alloc(3000));
      return;
    case '/Admin/uploads/events/12/moved.jpg':
      response.writeHead(302, { Location: 'http://127.0.0.1:9/elsewhere.jpg' }).end();
      return;
    case '/Admin/uploads/events/12/broken.jpg':
      response.writeHead(500).end('boom');
      return;
    case '/Admin/uploads/events/12/slow.jpg':
      setTimeout(() => response.writeHead(200, { 'Content-Type': 'image/jpeg' }).end(photo), 500);
      return;
    default:
      response.writeHead(404).end('no such photo');
  }
}

beforeAll(async () => {
  photo = await solidJpeg(900, 600, '#246');
  server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const url = request.url ?? '';
      received.push({ method: request.method ?? '', path: url, body, contentType: request.headers['content-type'] });
      if (url.startsWith('/Admin/uploads/')) {
        answerPhoto(url, response);
        return;
      }
      if (behaviour === 'fail') {
        response.writeHead(500).end('boom');
        return;
      }
      if (behaviour === 'slow') {
        setTimeout(() => response.writeHead(200).end('{"records": []}'), 500);
        return;
      }
      response.writeHead(200, { 'Content-Type': 'application/json' });
      if (url === '/Admin/api/events_list') {
        response.end(
          JSON.stringify({
            records: [
              {
                events_id: '12',
                events_title: 'Salem - CME',
                events_sub_title: 'Sub',
                events_image: '/Admin//uploads/12.jpg',
                events_date: '2025-02-03',
              },
              {
                events_id: 13,
                events_title: 'Madurai - CME',
                events_image: 'https://cdn.example.org/13.jpg',
                events_date: '2025-02-04',
              },
            ],
          }),
        );
      } else if (behaviour === 'non-array') {
        response.end(JSON.stringify({ records: { event_image: '/Admin/uploads/1.jpg' } }));
      } else {
        response.end(
          JSON.stringify({
            records: [
              // Every form a record can take: absolute, full URL, relative, mixed case.
              { event_image: '/Admin//uploads/events/12/1.jpg', img_description: 'First photo' },
              { event_image: `${origin}/Admin//uploads/events/12/2.jpg`, img_description: 'Second photo' },
              { event_image: 'Admin//uploads/events/12/3.jpg', img_description: 'Third photo' },
              { event_image: '/ADMIN//Uploads/events/12/4.jpg', img_description: 'Fourth photo' },
            ],
          }),
        );
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('The fake backend is not listening on a port');
  origin = `http://127.0.0.1:${address.port}`;
  baseUrl = `${origin}/Admin/api`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  behaviour = 'ok';
  received.length = 0;
});

function source(
  options: { now?: () => number; warn?: (message: string) => void; timeoutMs?: number; maxCachedEvents?: number } = {},
) {
  return new RemoteEventsSource({
    baseUrl,
    cacheMs: 1000,
    maxPhotoBytes: 4000,
    ...options,
    timeoutMs: options.timeoutMs ?? 2000,
  });
}

describe('RemoteEventsSource', () => {
  it('POSTs events_list and keeps corrected image paths site-relative', async () => {
    const events = await source().listEvents();
    expect(received).toEqual([{ method: 'POST', path: '/Admin/api/events_list', body: '', contentType: undefined }]);
    expect(events).toEqual([
      {
        events_id: 12,
        events_title: 'Salem - CME',
        events_sub_title: 'Sub',
        events_image: '/Admin/uploads/12.jpg',
        events_date: '2025-02-03',
      },
      // A photo on another host stays a full URL: the site cannot serve it.
      {
        events_id: 13,
        events_title: 'Madurai - CME',
        events_sub_title: '',
        events_image: 'https://cdn.example.org/13.jpg',
        events_date: '2025-02-04',
      },
    ]);
  });

  it('POSTs event_details_list with {"eventId": N} as JSON, paths made site-relative', async () => {
    const images = await source().eventDetails(12);
    expect(received).toEqual([
      {
        method: 'POST',
        path: '/Admin/api/event_details_list',
        body: '{"eventId":12}',
        contentType: 'application/json',
      },
    ]);
    expect(images).toEqual([
      { event_image: '/Admin/uploads/events/12/1.jpg', img_description: 'First photo' },
      { event_image: '/Admin/uploads/events/12/2.jpg', img_description: 'Second photo' },
      { event_image: '/Admin/uploads/events/12/3.jpg', img_description: 'Third photo' },
      { event_image: '/Admin/uploads/events/12/4.jpg', img_description: 'Fourth photo' },
    ]);
  });

  it('treats details whose records are not an array as empty', async () => {
    behaviour = 'non-array';
    expect(await source().eventDetails(1)).toEqual([]);
  });

  it('answers from its cache within the cache time', async () => {
    let now = 0;
    const remote = source({ now: () => now });
    await remote.listEvents();
    now = 500;
    await remote.listEvents();
    expect(received).toHaveLength(1);
    now = 1500;
    await remote.listEvents();
    expect(received).toHaveLength(2);
  });

  it('keeps the photo lists of at most maxCachedEvents events, dropping the least recently used', async () => {
    const remote = source({ now: () => 0, maxCachedEvents: 2 });
    const requests = () => received.length;
    await remote.eventDetails(1);
    await remote.eventDetails(2);
    await remote.eventDetails(1); // cached; 1 is now the most recently used
    expect(requests()).toBe(2);
    await remote.eventDetails(3); // drops 2, the least recently used
    expect(requests()).toBe(3);
    await remote.eventDetails(1);
    await remote.eventDetails(3);
    expect(requests()).toBe(3);
    await remote.eventDetails(2);
    expect(requests()).toBe(4);
  });

  it('serves the last good answer when the backend fails, with a warning', async () => {
    let now = 0;
    const warn = vi.fn();
    const remote = source({ now: () => now, warn });
    const good = await remote.listEvents();
    behaviour = 'fail';
    now = 5000;
    expect(await remote.listEvents()).toEqual(good);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/answered 500.*last good answer/));
    expect(await remote.isHealthy()).toBe(true);
  });

  it('throws EventsUnavailableError when the backend fails and nothing was cached', async () => {
    behaviour = 'fail';
    const remote = source();
    await expect(remote.listEvents()).rejects.toBeInstanceOf(EventsUnavailableError);
    await expect(remote.eventDetails(3)).rejects.toBeInstanceOf(EventsUnavailableError);
    expect(await remote.isHealthy()).toBe(false);
  });

  it('gives up on a backend slower than its timeout', async () => {
    behaviour = 'slow';
    await expect(source({ timeoutMs: 100 }).listEvents()).rejects.toThrow(/Events backend failed/);
  });
});

describe('RemoteEventsSource.openPhoto', () => {
  it('fetches a photo from /Admin/uploads/ on the backend origin', async () => {
    const opened = await source().openPhoto('events/12/1.jpg');
    expect(received).toEqual([
      { method: 'GET', path: '/Admin/uploads/events/12/1.jpg', body: '', contentType: undefined },
    ]);
    expect(opened).toEqual({
      bytes: new Uint8Array(photo),
      contentType: 'image/jpeg',
      version: expect.stringMatching(/^[0-9a-f]{20}$/),
      lastModified: new Date('2025-02-04T10:00:00Z'),
    });
  });

  it('encodes the path it is given', async () => {
    expect((await source().openPhoto('events/12/a b.jpg'))?.contentType).toBe('image/jpeg');
    expect(received[0]?.path).toBe('/Admin/uploads/events/12/a%20b.jpg');
  });

  it('answers undefined when the backend has no such photo', async () => {
    expect(await source().openPhoto('events/12/missing.jpg')).toBeUndefined();
  });

  it.each(['../api/events_list.jpg', 'events/../../x.jpg', '.env.jpg', 'events/12/1.php'])(
    'never asks the backend for %s',
    async (relative) => {
      expect(await source().openPhoto(relative)).toBeUndefined();
      expect(received).toEqual([]);
    },
  );

  it.each([
    ['page.jpg', /sent text\/html, not a photo/],
    ['huge.jpg', /larger than 4000 bytes/],
    ['endless.jpg', /larger than 4000 bytes/],
    ['broken.jpg', /answered 500/],
    ['moved.jpg', /failed/],
  ])('refuses %s with PhotoUnavailableError', async (name, message) => {
    const attempt = source().openPhoto(`events/12/${name}`);
    await expect(attempt).rejects.toBeInstanceOf(PhotoUnavailableError);
    await expect(attempt).rejects.toThrow(message);
    await expect(attempt).rejects.toMatchObject({ timedOut: false });
  });

  it('gives up on a photo slower than its timeout, saying so', async () => {
    const attempt = source({ timeoutMs: 100 }).openPhoto('events/12/slow.jpg');
    await expect(attempt).rejects.toMatchObject({ name: 'PhotoUnavailableError', timedOut: true });
  });

  it('cannot reach a backend that is down', async () => {
    const down = new RemoteEventsSource({ baseUrl: 'http://127.0.0.1:9/Admin/api', timeoutMs: 2000 });
    await expect(down.openPhoto('events/1/1.jpg')).rejects.toMatchObject({ timedOut: false });
  });
});

describe('the uploads route in remote mode', () => {
  let cacheDir: string;
  const warn = vi.fn();
  beforeAll(() => {
    cacheDir = path.join(mkdtempSync(path.join(tmpdir(), 'remote-cache-')), 'cache');
  });
  afterAll(() => rmSync(path.dirname(cacheDir), { recursive: true, force: true }));

  const get = (relative: string, query = '', timeoutMs = 2000) =>
    serveUpload(new Request(`http://site/Admin/uploads/${relative}${query}`), source({ timeoutMs }), relative, {
      cache: new DiskCache({ dir: cacheDir }),
      warn,
    });

  it('serves the backend photo from the site with caching headers', async () => {
    const response = await get('events/12/1.jpg');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('cache-control')).toBe('public, no-cache');
    expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]{20}"$/);
    expect(response.headers.get('last-modified')).toBe('Tue, 04 Feb 2025 10:00:00 GMT');
    expect(Buffer.from(await response.arrayBuffer()).equals(photo)).toBe(true);
  });

  it('serves the photo of every legacy path form a record takes through the site', async () => {
    const images = await source().eventDetails(12);
    expect(images).toHaveLength(4);
    for (const { event_image } of images) {
      expect(event_image.startsWith(UPLOADS_PATH)).toBe(true);
      const response = await get(event_image.slice(UPLOADS_PATH.length));
      expect([event_image, response.status]).toEqual([event_image, 200]);
      expect(Buffer.from(await response.arrayBuffer()).equals(photo)).toBe(true);
    }
  });

  it('serves a resized WebP of a backend photo and caches it on disk', async () => {
    const response = await get('events/12/1.jpg', '?w=480');
    expect(response.headers.get('content-type')).toBe('image/webp');
    const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', 480, 320]);
    expect(readdirSync(cacheDir)).toHaveLength(1);
  });

  it.each([
    ['events/12/missing.jpg', 404, /Not found/],
    ['events/12/broken.jpg', 502, /could not be fetched from the events server/],
    ['events/12/page.jpg', 502, /could not be fetched from the events server/],
    ['events/12/huge.jpg', 502, /could not be fetched from the events server/],
  ])('answers %s with %i and a polite message', async (relative, status, message) => {
    const response = await get(relative);
    expect(response.status).toBe(status);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.text()).toMatch(message);
  });

  it('answers 504 when the backend is too slow', async () => {
    const response = await get('events/12/slow.jpg', '', 100);
    expect(response.status).toBe(504);
    expect(await response.text()).toMatch(/took too long/);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/events\/12\/slow\.jpg/));
  });

  it('refuses a path that leaves the uploads folder without asking the backend', async () => {
    expect((await get('..%2fapi%2fevents_list.jpg')).status).toBe(404);
    expect((await get('%2e%2e/%2e%2e/etc/passwd.jpg')).status).toBe(404);
    expect(received).toEqual([]);
  });
});
