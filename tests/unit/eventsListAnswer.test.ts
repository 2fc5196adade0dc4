import { mkdtempSync, rmSync } from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { EVENTS_UNAVAILABLE } from '../../src/server/api/eventsApi.ts';
import { EventsListAnswers, prepareAnswer } from '../../src/server/api/eventsListAnswer.ts';
import { openDatabase } from '../../src/server/database.ts';
import type { EventsSource } from '../../src/server/events/EventsSource.ts';
import { SqliteEventsSource, type NewEvent } from '../../src/server/events/SqliteEventsSource.ts';
import { createSiteServer, NON_PAGE_POLICY, preferredEncoding } from '../../src/server/http/siteServer.ts';

const event = (id: number, title: string): NewEvent => ({
  events_id: id,
  events_title: title,
  events_sub_title: 'Sample',
  events_image: `/Admin/uploads/events/${id}/1.jpg`,
  events_date: '2025-03-14',
  images: [],
});

describe('EventsListAnswers', () => {
  let dataDir: string;
  let store: SqliteEventsSource;

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'events-answer-'));
    store = new SqliteEventsSource(openDatabase(dataDir).db, { uploadsDir: path.join(dataDir, 'uploads') });
    store.replaceAll([event(1, 'Salem - CME')]);
  });

  afterEach(async () => {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers {"records": [...]} in every encoding, and keeps the answer while the events are unchanged', async () => {
    const answers = new EventsListAnswers(store);
    const first = await answers.current();
    const records = JSON.parse(first.identity.toString()).records;
    expect(records).toEqual(await store.listEvents());
    expect(brotliDecompressSync(first.br)).toEqual(first.identity);
    expect(gunzipSync(first.gzip)).toEqual(first.identity);
    expect(await answers.current()).toBe(first);
  });

  it('makes a new answer after a write through this connection or another (npm run seed)', async () => {
    const answers = new EventsListAnswers(store);
    const first = await answers.current();
    store.replaceAll([event(1, 'Salem - CME'), event(2, 'Madurai - Workshop')]);
    const second = await answers.current();
    expect(JSON.parse(second.identity.toString()).records).toHaveLength(2);

    const other = new SqliteEventsSource(openDatabase(dataDir).db, { uploadsDir: path.join(dataDir, 'uploads') });
    other.replaceAll([event(3, 'Chennai - Quiz')]);
    await other.close();
    const third = await answers.current();
    expect(
      JSON.parse(third.identity.toString()).records.map((record: { events_id: number }) => record.events_id),
    ).toEqual([3]);
    expect(new Set([first, second, third]).size).toBe(3);
  });

  it('asks a source that cannot tell its version every time', async () => {
    let calls = 0;
    const source: EventsSource = {
      listEvents: async () => {
        calls += 1;
        return [];
      },
      listVersion: () => undefined,
      eventDetails: async () => [],
      openPhoto: async () => undefined,
      isHealthy: async () => true,
      close: async () => {},
    };
    const answers = new EventsListAnswers(source);
    await answers.current();
    await answers.current();
    expect(calls).toBe(2);
  });
});

describe('preferredEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['identity', 'identity'],
  ])('%s -> %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});

describe('the site server answers events_list from the prepared answer', () => {
  const FAST = '{"records":["ready"]}';
  let server: http.Server;
  let base: string;
  let astroCalls = 0;
  let failing = false;

  beforeAll(async () => {
    const prepared = prepareAnswer(FAST);
    server = createSiteServer(
      (_request, response) => {
        astroCalls += 1;
        response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"records":["astro"]}');
      },
      {
        log: false,
        eventsList: async () => {
          if (failing) throw new Error('the store is closed');
          return prepared;
        },
      },
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  beforeEach(() => {
    astroCalls = 0;
    failing = false;
  });

  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['identity', null],
  ])('a body-less POST accepting %s gets it without Astro', async (accept, encoding) => {
    const response = await fetch(`${base}/Admin/api/events_list`, {
      method: 'POST',
      headers: { 'Accept-Encoding': accept, Accept: 'application/json' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe(encoding);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-security-policy')).toBe(NON_PAGE_POLICY);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).toBe(FAST);
    expect(astroCalls).toBe(0);
  });

  it.each([
    ['a POST with a JSON body', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' }],
    ['a form post', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: '' }],
    ['a GET', { method: 'GET' }],
  ])('%s goes to Astro', async (_what, init: RequestInit) => {
    const response = await fetch(`${base}/Admin/api/events_list`, init);
    expect(await response.text()).toBe('{"records":["astro"]}');
    expect(astroCalls).toBe(1);
  });

  it('answers the endpoint’s 503 when the events cannot be had, without asking the source again', async () => {
    failing = true;
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await fetch(`${base}/Admin/api/events_list`, { method: 'POST' });
    expect(response.status).toBe(503);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual(EVENTS_UNAVAILABLE);
    expect(astroCalls).toBe(0);
    expect(error).toHaveBeenCalledWith('Events source failed:', 'the store is closed');
    error.mockRestore();
  });
});
