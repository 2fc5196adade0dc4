/**
 * The events_list body kept by the endpoint (src/server/api/eventsListText.ts): the same records in
 * every encoding, kept while the events are unchanged, made again when they change (at once after
 * this process's change, within a second after another's), and a failing source the endpoint's 503.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handleEventsList } from '../../src/server/api/eventsApi.ts';
import { EventsListText, RECHECK_MS } from '../../src/server/api/eventsListText.ts';
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

const titles = (text: string) =>
  (JSON.parse(text) as { records: { events_title: string }[] }).records.map((record) => record.events_title);

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
    const response = await handleEventsList(call('br'), failing as unknown as EventsSource, 'http://localhost');
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
    const response = await handleEventsList(call(accept), store, 'http://localhost');
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

  it("reads the store's revision once a second while this process changes nothing, and at once after its change", async () => {
    const clock = { ms: 5_000 };
    const list = new EventsListText(store, () => clock.ms);
    const revision = vi.spyOn(store, 'listVersion');
    for (let call = 0; call < 50; call += 1) await list.current();
    expect(revision).toHaveBeenCalledTimes(1);
    clock.ms += RECHECK_MS - 1;
    await list.current();
    expect(revision).toHaveBeenCalledTimes(1);
    // A save by this server (its one connection, as the admin's): the very next call shows it.
    store.replaceAll([event(1, 'Salem - CME'), event(2, 'Madurai - Workshop')]);
    expect(titles(await list.current())).toEqual(['Madurai - Workshop', 'Salem - CME']);
    expect(revision).toHaveBeenCalledTimes(2);
    clock.ms += RECHECK_MS;
    await list.current();
    expect(revision).toHaveBeenCalledTimes(3);
  });

  it("shows another process's change within a second", async () => {
    const clock = { ms: 0 };
    const list = new EventsListText(store, () => clock.ms);
    expect(titles(await list.current())).toEqual(['Salem - CME']);
    // The importer or `npm run seed`: a connection of its own.
    const other = new SqliteEventsSource(openDatabase(dataDir).db, { uploadsDir: path.join(dataDir, 'uploads') });
    try {
      other.replaceAll([event(1, 'Salem - CME'), event(3, 'Erode - Webinar')]);
    } finally {
      await other.close();
    }
    clock.ms = RECHECK_MS - 1;
    expect(titles(await list.current())).toEqual(['Salem - CME']);
    clock.ms = RECHECK_MS;
    expect(titles(await list.current())).toEqual(['Erode - Webinar', 'Salem - CME']);
  });

  it("asks a source that cannot tell its own changes (the society's backend) for its version on every call", async () => {
    const records = [{ events_id: 1, events_title: 'Salem - CME' }];
    const backend = { listVersion: vi.fn(() => 'answer-1'), listEvents: vi.fn(async () => records) };
    const list = new EventsListText(backend as unknown as EventsSource, () => 0);
    for (let call = 0; call < 3; call += 1) expect(titles(await list.current())).toEqual(['Salem - CME']);
    expect(backend.listVersion).toHaveBeenCalledTimes(3);
    expect(backend.listEvents).toHaveBeenCalledTimes(1);
  });
});

describe('SqliteEventsSource.changesHere', () => {
  it("grows with every change this connection makes, and not with another connection's", async () => {
    const before = store.changesHere();
    expect(store.changesHere()).toBe(before);
    store.replaceAll([event(1, 'Salem - CME')]);
    const afterOwn = store.changesHere();
    expect(afterOwn).toBeGreaterThan(before);
    const other = new SqliteEventsSource(openDatabase(dataDir).db, { uploadsDir: path.join(dataDir, 'uploads') });
    try {
      other.replaceAll([event(2, 'Madurai - Workshop')]);
    } finally {
      await other.close();
    }
    expect(store.changesHere()).toBe(afterOwn);
    expect((await store.listEvents()).map((record) => record.events_title)).toEqual(['Madurai - Workshop']);
  });
});
