/**
 * The events_list body kept by the endpoint (src/server/api/eventsListText.ts): the same records in
 * every encoding, kept while the events are unchanged, made again when they change, and a failing
 * source the endpoint's 503.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handleEventsList } from '../../src/server/api/eventsApi.ts';
import { EventsListText } from '../../src/server/api/eventsListText.ts';
import { openDatabase } from '../../src/server/database.ts';
import type { EventsSource } from '../../src/server/events/EventsSource.ts';
import { SqliteEventsSource, type NewEvent } from '../../src/server/events/SqliteEventsSource.ts';

const event = (id: number, title: string): NewEvent => ({
  events_id: id,
  events_title: title,
  events_sub_title: 'Sample',
  events_image: `/Admin/uploads/events/${id}/1.jpg`,
  events_date: '2025-03-14',
  images: [],
});

const call = (acceptEncoding?: string) =>
  new Request('http://localhost/Admin/api/events_list', {
    method: 'POST',
    headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {},
  });

let dataDir: string;
let store: SqliteEventsSource;

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'events-list-text-'));
  store = new SqliteEventsSource(openDatabase(dataDir).db, { uploadsDir: path.join(dataDir, 'uploads') });
  store.replaceAll([event(1, 'Salem - CME')]);
});

afterEach(async () => {
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
  vi.restoreAllMocks();
});

describe('the events_list endpoint', () => {
  it('answers 503 with the JSON error when the events cannot be had', async () => {
    const failing = { listVersion: () => undefined, listEvents: () => Promise.reject(new Error('down')) };
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await handleEventsList(call('br'), failing as unknown as EventsSource);
    expect(response.status).toBe(503);
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(await response.json()).toEqual({ error: expect.stringMatching(/unavailable/) });
  });

  it.each([
    ['br', 'br', (body: Buffer) => brotliDecompressSync(body)],
    ['gzip, deflate', 'gzip', (body: Buffer) => gunzipSync(body)],
    ['gzip, deflate, br, zstd', 'br', (body: Buffer) => brotliDecompressSync(body)],
    [undefined, null, (body: Buffer) => body],
  ])('sends the %s client its records, kept compressed as %s', async (accept, encoding, decode) => {
    const response = await handleEventsList(call(accept), store);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe(encoding);
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = decode(Buffer.from(await response.arrayBuffer()));
    expect(JSON.parse(body.toString())).toEqual({ records: await store.listEvents() });
  });
});

describe('EventsListText', () => {
  it('keeps the body while the events are unchanged, and makes it again when they change', async () => {
    const list = new EventsListText(store);
    const listEvents = vi.spyOn(store, 'listEvents');
    const first = await list.current();
    expect(await list.current()).toBe(first);
    expect((await list.encoded('br')).body).toBe((await list.encoded('br')).body);
    expect(listEvents).toHaveBeenCalledTimes(1);
    store.replaceAll([event(1, 'Salem - CME'), event(2, 'Madurai - Workshop')]);
    const changed = JSON.parse(brotliDecompressSync((await list.encoded('br')).body).toString());
    expect(changed.records.map((record: { events_id: number }) => record.events_id).sort()).toEqual([1, 2]);
    expect(listEvents).toHaveBeenCalledTimes(2);
  });
});
