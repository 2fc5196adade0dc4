import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EVENTS_API, MAX_BODY_BYTES, respondTo } from '../../../src/server/api/eventsApi.ts';
import { openDatabase } from '../../../src/server/database.ts';
import type { EventsSource } from '../../../src/server/events/EventsSource.ts';
import { openEventsSource } from '../../../src/server/events/index.ts';
import { readServerSettings } from '../../../src/server/settings.ts';
import { SqliteEventsSource } from '../../../src/server/events/SqliteEventsSource.ts';

const handleEventsList = (request: Request, source: EventsSource, origin: string) =>
  respondTo(request, EVENTS_API['/Admin/api/events_list'], source, origin);
const handleEventDetails = (request: Request, source: EventsSource, origin: string) =>
  respondTo(request, EVENTS_API['/Admin/api/event_details_list'], source, origin);

/** The events source the settings in `env` choose, as `npm start` opens it. */
const eventsSourceOf = (env: NodeJS.ProcessEnv) => {
  const settings = readServerSettings(env);
  return openEventsSource(settings.events, settings.store.dataDir);
};

let dataDir: string;
let source: EventsSource;

/** The site's public origin, as the requests below name it. */
const SITE = 'http://localhost';
const post = (endpoint: string, body?: string, headers: Record<string, string> = {}) =>
  new Request(`http://localhost/Admin/api/${endpoint}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body }),
  });

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'events-api-'));
  vi.spyOn(console, 'info').mockImplementation(() => {});
  source = await eventsSourceOf({ DATA_DIR: dataDir });
});

afterAll(async () => {
  await source.close();
  rmSync(dataDir, { recursive: true, force: true });
  vi.restoreAllMocks();
});

describe('first start', () => {
  it('loads the sample events into an empty data folder and says so', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'events-first-'));
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const fresh = await eventsSourceOf({ DATA_DIR: dir });
    const events = await fresh.listEvents();
    expect(events.length).toBeGreaterThanOrEqual(15);
    expect(info).toHaveBeenCalledWith(expect.stringMatching(/loaded \d+ sample events with \d+ photos/));
    const places = ['Tamil Nadu', 'Salem', 'Madurai', 'Coimbatore', 'Chennai'];
    for (const place of places) expect(events.some((event) => event.events_title.includes(place))).toBe(true);
    const years = new Set(events.map((event) => event.events_date.slice(0, 4)));
    expect([...years].sort()).toEqual(['2021', '2022', '2023', '2024', '2025']);
    for (const event of events) {
      const photos = await fresh.eventDetails(event.events_id);
      expect(photos.length).toBeGreaterThanOrEqual(3);
      expect(photos.length).toBeLessThanOrEqual(8);
      expect(photos.every((photo) => photo.img_description.length > 0)).toBe(true);
    }
    await fresh.close();

    // A second start finds the data and loads nothing.
    info.mockClear();
    const again = await eventsSourceOf({ DATA_DIR: dir });
    expect(info).not.toHaveBeenCalled();
    await again.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts empty when EVENTS_SAMPLE_DATA=off', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'events-off-'));
    const empty = await eventsSourceOf({ DATA_DIR: dir, EVENTS_SAMPLE_DATA: 'off' });
    expect(await empty.listEvents()).toEqual([]);
    await empty.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('records its schema version, so later migrations apply once', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'events-schema-'));
    const first = openDatabase(dir);
    const version = first.db.prepare('PRAGMA user_version').get()?.['user_version'];
    expect(version).toBeGreaterThanOrEqual(1);
    first.db.close();
    const second = openDatabase(dir);
    expect(second.db.prepare('PRAGMA user_version').get()?.['user_version']).toBe(version);
    expect(second.db.prepare('PRAGMA journal_mode').get()?.['journal_mode']).toBe('wal');
    second.db.close();
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('POST events_list', () => {
  it('answers {"records": [...]} with every event', async () => {
    const response = await handleEventsList(post('events_list'), source, SITE);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const body: unknown = await response.json();
    expect(body).toEqual({ records: await source.listEvents() });
    expect(body).toMatchObject({
      records: expect.arrayContaining([
        expect.objectContaining({ events_id: 1, events_title: expect.any(String), events_date: expect.any(String) }),
      ]),
    });
  });

  it.each(['GET', 'PUT', 'DELETE'])('refuses %s with 405 and Allow: POST', async (method) => {
    const response = await handleEventsList(new Request('http://localhost/x', { method }), source, SITE);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(await response.json()).toEqual({ error: `${method} is not allowed here; use POST` });
  });

  it('refuses an oversized body with 413', async () => {
    const response = await handleEventsList(post('events_list', 'x'.repeat(MAX_BODY_BYTES + 1)), source, SITE);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: expect.stringMatching(/too large/) });
  });

  it('answers 503 with a JSON error when the source fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const failing: EventsSource = {
      listEvents: () => Promise.reject(new Error('disk on fire')),
      eventDetails: () => Promise.reject(new Error('disk on fire')),
      openPhoto: () => Promise.reject(new Error('disk on fire')),
      isHealthy: () => Promise.resolve(false),
      close: () => Promise.resolve(),
    };
    const response = await handleEventsList(post('events_list'), failing, SITE);
    expect(response.status).toBe(503);
    const body = await response.json();
    expect(body).toEqual({ error: 'Events are unavailable right now; please try again later' });
    expect(JSON.stringify(body)).not.toContain('disk on fire');
  });
});

describe('POST event_details_list', () => {
  it('answers the photos of an event in order', async () => {
    const response = await handleEventDetails(post('event_details_list', '{"eventId": 1}'), source, SITE);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({ records: await source.eventDetails(1) });
    expect(body.records[0]).toEqual({
      event_image: '/Admin/uploads/events/1/1.jpg',
      img_description: expect.any(String),
    });
  });

  it('accepts a numeric string id as the original frontend may send', async () => {
    const response = await handleEventDetails(post('event_details_list', '{"eventId": "2"}'), source, SITE);
    expect(response.status).toBe(200);
    expect((await response.json()).records.length).toBeGreaterThan(0);
  });

  it('answers an empty list for an unknown event', async () => {
    const response = await handleEventDetails(post('event_details_list', '{"eventId": 99999}'), source, SITE);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ records: [] });
  });

  it.each([
    ['not JSON', 'eventId=1', /not valid JSON/],
    ['an empty body', '', /not valid JSON/],
    ['a JSON array', '[1]', /must be a JSON object/],
    ['no eventId', '{"id": 1}', /eventId is missing/],
    ['a null eventId', '{"eventId": null}', /eventId is missing/],
    ['a negative eventId', '{"eventId": -3}', /positive whole number/],
    ['zero', '{"eventId": 0}', /positive whole number/],
    ['a fraction', '{"eventId": 1.5}', /positive whole number/],
    ['a word', '{"eventId": "one"}', /positive whole number/],
    ['an object', '{"eventId": {"$gt": 0}}', /positive whole number/],
    ['an oversized body', JSON.stringify({ eventId: 1, pad: 'x'.repeat(MAX_BODY_BYTES) }), /too large/],
  ])('answers 400 (413 when too large) naming the problem for %s', async (_case, body, message) => {
    const response = await handleEventDetails(post('event_details_list', body), source, SITE);
    expect(response.status).toBe(body.length > MAX_BODY_BYTES ? 413 : 400);
    expect(await response.json()).toEqual({ error: expect.stringMatching(message) });
  });

  it('refuses a declared Content-Length over the limit without reading the body', async () => {
    const request = post('event_details_list', '{"eventId": 1}', { 'Content-Length': String(MAX_BODY_BYTES + 1) });
    const response = await handleEventDetails(request, source, SITE);
    expect(response.status).toBe(413);
  });

  it('refuses GET with 405', async () => {
    const response = await handleEventDetails(new Request('http://localhost/x'), source, SITE);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });
});

describe('a body the client broke off', () => {
  /** A request whose body fails halfway, as when the visitor's connection drops. */
  const brokenRequest = (endpoint: string) => {
    // Node needs `duplex` for a streamed body; the DOM typings do not know it yet.
    const init: RequestInit & { duplex: 'half' } = {
      method: 'POST',
      body: new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"event'));
          controller.error(new Error('aborted'));
        },
      }),
      duplex: 'half',
    };
    return new Request(`http://localhost/Admin/api/${endpoint}`, init);
  };

  it.each([
    ['events_list', handleEventsList],
    ['event_details_list', handleEventDetails],
  ])('%s says the body could not be read, not that it was too large', async (endpoint, handle) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const response = await handle(brokenRequest(endpoint), source, SITE);
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body).toEqual({ error: expect.stringMatching(/could not be read/) });
    expect(body.error).not.toMatch(/too large/);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/could not be read/), 'aborted');
  });
});

describe('SqliteEventsSource', () => {
  it('replaces every event in one go and lists the newest first', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'events-replace-'));
    const { db } = openDatabase(dir);
    const store = new SqliteEventsSource(db, { uploadsDir: path.join(dir, 'uploads') });
    store.replaceAll([
      {
        events_id: 5,
        events_title: 'Old',
        events_sub_title: '',
        events_image: '',
        events_date: '2021-01-01',
        images: [],
      },
      {
        events_id: 6,
        events_title: 'New',
        events_sub_title: 'Sub',
        events_image: '/Admin/uploads/x.jpg',
        events_date: '2025-01-01',
        images: [{ event_image: '/Admin/uploads/x.jpg', img_description: 'X' }],
      },
    ]);
    expect((await store.listEvents()).map((event) => event.events_title)).toEqual(['New', 'Old']);
    expect(await store.eventDetails(6)).toEqual([{ event_image: '/Admin/uploads/x.jpg', img_description: 'X' }]);
    expect(await store.isHealthy()).toBe(true);
    await store.close();
    expect(await store.isHealthy()).toBe(false);
    rmSync(dir, { recursive: true, force: true });
  });
});
