import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { EventsUnavailableError } from '../../../src/server/events/EventsSource.ts';
import { RemoteEventsSource } from '../../../src/server/events/RemoteEventsSource.ts';

/** A small fake of the society's backend whose behaviour each test sets. */
let behaviour: 'ok' | 'fail' | 'slow' | 'non-array' = 'ok';
const received: { path: string; body: string; contentType: string | undefined }[] = [];
let server: http.Server;
let baseUrl: string;
let origin: string;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ path: request.url ?? '', body, contentType: request.headers['content-type'] });
      if (behaviour === 'fail') {
        response.writeHead(500).end('boom');
        return;
      }
      if (behaviour === 'slow') {
        setTimeout(() => response.writeHead(200).end('{"records": []}'), 500);
        return;
      }
      response.writeHead(200, { 'Content-Type': 'application/json' });
      if (request.url === '/Admin/api/events_list') {
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
            ],
          }),
        );
      } else if (behaviour === 'non-array') {
        response.end(JSON.stringify({ records: { event_image: '/Admin/uploads/1.jpg' } }));
      } else {
        response.end(
          JSON.stringify({ records: [{ event_image: '/Admin//uploads/12/1.jpg', img_description: 'First photo' }] }),
        );
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
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
  return new RemoteEventsSource({ baseUrl, cacheMs: 1000, timeoutMs: options.timeoutMs ?? 2000, ...options });
}

describe('RemoteEventsSource', () => {
  it('POSTs events_list and resolves corrected image paths against the backend origin', async () => {
    const events = await source().listEvents();
    expect(received).toEqual([{ path: '/Admin/api/events_list', body: '', contentType: undefined }]);
    expect(events).toEqual([
      {
        events_id: 12,
        events_title: 'Salem - CME',
        events_sub_title: 'Sub',
        events_image: `${origin}/Admin/uploads/12.jpg`,
        events_date: '2025-02-03',
      },
    ]);
  });

  it('POSTs event_details_list with {"eventId": N} as JSON', async () => {
    const images = await source().eventDetails(12);
    expect(received).toEqual([
      { path: '/Admin/api/event_details_list', body: '{"eventId":12}', contentType: 'application/json' },
    ]);
    expect(images).toEqual([{ event_image: `${origin}/Admin/uploads/12/1.jpg`, img_description: 'First photo' }]);
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
