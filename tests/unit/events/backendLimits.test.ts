/**
 * What the site takes from the society's backend (EVENTS_API_URL, and the importer through the
 * same source): redirects only within the backend's own origin, answers of a few MB at most (the
 * rest unread), and records checked with the events admin's rules, the bad ones left out and
 * logged. A fake backend on loopback, and a second server standing for a service on the
 * server's own network that must never be reached.
 */
import http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EventsUnavailableError } from '../../../src/server/events/EventsSource.ts';
import { RemoteEventsSource } from '../../../src/server/events/RemoteEventsSource.ts';

type Handler = (request: http.IncomingMessage, response: http.ServerResponse) => void;

async function listen(handler: Handler): Promise<{ server: http.Server; origin: string }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('not listening');
  return { server, origin: `http://127.0.0.1:${address.port}` };
}

const good = { events_id: 1, events_title: 'Salem - CME', events_sub_title: '', events_date: '2025-02-03' };
const json = (response: http.ServerResponse, value: unknown) =>
  response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(value));

/** What the backend does for events_list, set by each test. */
let listAnswer: Handler;
/** Requests the internal service received: it must stay 0. */
let internalHits = 0;
/** Bytes the endless answer managed to send before the site stopped reading. */
let endlessSent = 0;
let backend: { server: http.Server; origin: string };
let internal: { server: http.Server; origin: string };

beforeAll(async () => {
  internal = await listen((_request, response) => {
    internalHits += 1;
    json(response, { records: [{ ...good, events_id: 99, events_title: 'Internal secret' }] });
  });
  backend = await listen((request, response) => {
    request.resume();
    request.on('end', () => {
      if (request.url === '/Admin/api/events_list') listAnswer(request, response);
      else if (request.url === '/Admin/api/moved_list') json(response, { records: [good] });
      else if (request.url === '/Admin/api/event_details_list')
        response.writeHead(307, { Location: `${internal.origin}/Admin/api/event_details_list` }).end();
      else if (request.url === '/Admin/uploads/events/1/1.jpg')
        response.writeHead(302, { Location: `${internal.origin}/secret.jpg` }).end();
      else response.writeHead(404).end();
    });
  });
});

afterAll(async () => {
  await Promise.all([backend, internal].map(({ server }) => new Promise((resolve) => server.close(resolve))));
});

let warnings: string[] = [];
beforeEach(() => {
  internalHits = 0;
  warnings = [];
});

const source = (maxAnswerBytes?: number) =>
  new RemoteEventsSource({
    baseUrl: `${backend.origin}/Admin/api`,
    timeoutMs: 5000,
    warn: (message) => warnings.push(message),
    ...(maxAnswerBytes ? { maxAnswerBytes } : {}),
  });

describe('redirects from the backend', () => {
  it.each([
    ['another port on the same host', () => `${internal.origin}/Admin/api/events_list`],
    ['a private address', () => 'http://10.0.0.7/Admin/api/events_list'],
    ['a link-local address (cloud metadata)', () => 'http://169.254.169.254/latest/meta-data/'],
    [
      'localhost by name (another origin than 127.0.0.1)',
      () => `${internal.origin.replace('127.0.0.1', 'localhost')}/x`,
    ],
    ['another scheme', () => `https://${backend.origin.slice('http://'.length)}/Admin/api/events_list`],
  ])('are refused, naming the address, to %s', async (_label, location) => {
    const target = location();
    listAnswer = (_request, response) => response.writeHead(307, { Location: target }).end();
    const attempt = source().listEvents();
    await expect(attempt).rejects.toBeInstanceOf(EventsUnavailableError);
    await expect(attempt).rejects.toThrow(`redirected to ${new URL(target).href}`);
    expect(internalHits).toBe(0);
  });

  it('are refused for an event’s photo list and for a photo', async () => {
    await expect(source().eventDetails(1)).rejects.toThrow(/redirected to http:\/\/127\.0\.0\.1:\d+\/Admin\/api/);
    await expect(source().openPhoto('events/1/1.jpg')).rejects.toThrow(/redirected to .*secret\.jpg/);
    expect(internalHits).toBe(0);
  });

  it('are followed within the backend’s own origin, the POST kept by a 307', async () => {
    listAnswer = (_request, response) => response.writeHead(307, { Location: '/Admin/api/moved_list' }).end();
    expect(await source().listEvents()).toEqual([
      expect.objectContaining({ events_id: 1, events_title: 'Salem - CME' }),
    ]);
  });

  it('are followed at most a few times', async () => {
    listAnswer = (_request, response) => response.writeHead(307, { Location: '/Admin/api/events_list' }).end();
    await expect(source().listEvents()).rejects.toThrow(/redirected more than 3 times/);
  });
});

describe('the size of an answer', () => {
  it('600 MB sent without Content-Length: refused once past the cap, the rest unread', async () => {
    endlessSent = 0;
    listAnswer = (_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      const more = () => {
        while (endlessSent < 600 * 1024 * 1024 && !response.destroyed) {
          endlessSent += chunk.byteLength;
          if (!response.write(chunk)) return void response.once('drain', more);
        }
        response.end();
      };
      response.on('close', () => response.destroy());
      more();
    };
    await expect(source(64 * 1024).listEvents()).rejects.toThrow(/sent more than 65536 bytes/);
    // Socket buffers hold some megabytes; nowhere near the 600 MB it offered.
    expect(endlessSent).toBeLessThan(64 * 1024 * 1024);
  });

  it('a Content-Length over the cap is refused before reading', async () => {
    listAnswer = (_request, response) =>
      response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': 10_000 }).end(' '.repeat(10_000));
    await expect(source(2048).listEvents()).rejects.toThrow(/sent more than 2048 bytes/);
  });
});

describe('records that break the admin’s rules', () => {
  it('are left out and logged (but for those the site never shows: no title or no date); the others are shown', async () => {
    listAnswer = (_request, response) =>
      json(response, {
        records: [
          good,
          { ...good, events_id: 2, events_title: 'x'.repeat(1024 * 1024) },
          { ...good, events_id: 3, events_date: 'not a date' },
          { ...good, events_id: 4, events_title: '' },
          { ...good, events_id: 5, events_sub_title: 'y'.repeat(301) },
          { ...good, events_id: 6, events_date: '2025-02-30' },
          { ...good, events_id: 7, events_date: '' },
        ],
      });
    const remote = source();
    expect((await remote.listEvents()).map((event) => event.events_id)).toEqual([1]);
    expect(warnings).toEqual([
      expect.stringMatching(/event 2 “x{80}…” left out: The title must have at most 200 characters/),
      expect.stringMatching(/event 3 .* left out: Choose a real date/),
      expect.stringMatching(/event 5 .* left out: The sub-title must have at most 300 characters/),
      expect.stringMatching(/event 6 .* left out: Choose a real date/),
    ]);
    expect(warnings.join('\n').length).toBeLessThan(2000);
    expect(remote.takeSkipped().map((record) => [record.eventId, record.neverShown])).toEqual([
      [2, undefined],
      [3, undefined],
      [4, true],
      [5, undefined],
      [6, undefined],
      [7, true],
    ]);
    expect(remote.takeSkipped()).toEqual([]);
  });
});
