/**
 * The importer against a fake of the society's old backend (an in-process node:http server):
 * every event and photo copied with its events_id and corrected path, photos processed like
 * admin uploads; run twice, nothing is duplicated; a changed title is updated; a broken photo
 * is reported with its event and the reason while the rest are copied.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EventImageRecord } from '../../../src/lib/events/eventRecords.ts';
import { AuditLog } from '../../../src/server/admin/auditLog.ts';
import { openDatabase } from '../../../src/server/database.ts';
import { RemoteEventsSource } from '../../../src/server/events/RemoteEventsSource.ts';
import { SqliteEventsSource } from '../../../src/server/events/SqliteEventsSource.ts';
import { IMPORT_AUDIT_NAME, importEvents } from '../../../src/server/import/importEvents.ts';
import { fakeBackend } from '../../fakeBackend.ts';
import { listenLocally } from '../listenLocally.ts';

let server: http.Server;
let origin: string;
/** The backend's events, changed by tests. */
let events: Record<string, unknown>[];
let details: Map<number, unknown>;
const photos = new Map<string, { type: string; bytes: Buffer; delayMs?: number }>();

beforeAll(async () => {
  const jpeg = (background: string) =>
    sharp({ create: { width: 400, height: 200, channels: 3, background } })
      .jpeg()
      // As a phone writes it: sideways pixels with EXIF orientation 6 and a GPS position.
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '11/1 0/1 0/1' } })
      .toBuffer();
  photos.set('/Admin/uploads/events/201/1.jpg', { type: 'image/jpeg', bytes: await jpeg('#246') });
  photos.set('/Admin/uploads/events/201/2.jpg', { type: 'image/jpeg', bytes: await jpeg('#642') });
  photos.set('/Admin/uploads/events/202/1.jpg', { type: 'image/jpeg', bytes: await jpeg('#264') });
  photos.set('/Admin/uploads/events/202/cover.png', {
    type: 'image/png',
    bytes: await sharp({ create: { width: 300, height: 300, channels: 3, background: '#abc' } })
      .png()
      .toBuffer(),
  });
  photos.set('/Admin/uploads/events/202/page.jpg', { type: 'text/html', bytes: Buffer.from('<h1>Log in</h1>') });
  photos.set('/Admin/uploads/events/202/slow.jpg', { type: 'image/jpeg', bytes: await jpeg('#111'), delayMs: 1500 });

  server = fakeBackend(({ url, body }, response, json) => {
    if (url === '/Admin/api/events_list') return json({ records: events });
    if (url === '/Admin/api/event_details_list') {
      const answer = details.get(Number(JSON.parse(body).eventId));
      return answer === 'fail' ? response.writeHead(500).end('boom') : json(answer ?? { records: [] });
    }
    if (url === '/Admin/uploads/events/201/broken.jpg') return response.writeHead(500).end('boom');
    const photo = photos.get(url);
    if (!photo) return response.writeHead(404).end('no such photo');
    setTimeout(() => response.writeHead(200, { 'Content-Type': photo.type }).end(photo.bytes), photo.delayMs ?? 0);
  });
  origin = await listenLocally(server);
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let dataDir: string;

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'isa-import-'));
  events = [
    {
      events_id: '201',
      events_title: 'Salem - Airway Workshop',
      events_sub_title: 'Hands-on',
      events_image: 'Admin//uploads/events/201/1.jpg',
      events_date: '2025-03-14',
    },
    {
      events_id: 202,
      events_title: 'Madurai - CME',
      events_image: '/Admin//uploads/events/202/cover.png',
      events_date: '2026-01-09',
    },
    { events_id: 203, events_title: 'Chennai - Quiz', events_image: '', events_date: '2024-08-01' },
  ];
  details = new Map<number, unknown>([
    [
      201,
      {
        records: [
          { event_image: 'Admin//uploads/events/201/1.jpg', img_description: 'First' },
          { event_image: `${origin}/Admin//uploads/events/201/2.jpg`, img_description: 'Second' },
          { event_image: '/ADMIN//uploads/events/201/broken.jpg', img_description: 'Broken' },
        ],
      },
    ],
    [
      202,
      {
        records: [
          { event_image: '/Admin//uploads/events/202/1.jpg', img_description: 'Only' },
          { event_image: '/Admin//uploads/events/202/page.jpg', img_description: 'A login page' },
        ],
      },
    ],
    [203, 'fail'],
  ]);
});

afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

async function runImport(timeoutMs = 5000) {
  const { db } = openDatabase(dataDir);
  try {
    const backend = new RemoteEventsSource({ baseUrl: `${origin}/Admin/api`, timeoutMs, warn: () => {} });
    return await importEvents(backend, { db, dataDir });
  } finally {
    db.close();
  }
}

/** What the store holds, read as the site reads it. */
async function stored() {
  const { db } = openDatabase(dataDir);
  const source = new SqliteEventsSource(db, { uploadsDir: path.join(dataDir, 'uploads') });
  try {
    const list = await source.listEvents();
    const photoLists: Record<number, EventImageRecord[]> = {};
    for (const event of list) photoLists[event.events_id] = await source.eventDetails(event.events_id);
    const rows = Number(db.prepare('SELECT count(*) AS n FROM event_images').get()?.['n']);
    return { list, photoLists, rows };
  } finally {
    await source.close();
  }
}

function auditRows() {
  const { db } = openDatabase(dataDir);
  try {
    return new AuditLog(db)
      .recent()
      .reverse()
      .map(({ username, action, events_id, detail }) => ({ username, action, events_id, detail }));
  } finally {
    db.close();
  }
}

const EXPECTED_FAILURES = [
  {
    eventId: 201,
    title: 'Salem - Airway Workshop',
    what: 'photo /Admin/uploads/events/201/broken.jpg',
    reason: 'the events backend answered 500',
  },
  {
    eventId: 202,
    title: 'Madurai - CME',
    what: 'photo /Admin/uploads/events/202/page.jpg',
    reason: 'the events backend sent text/html, not a photo',
  },
  { eventId: 203, title: 'Chennai - Quiz', what: 'its photo list', reason: expect.stringMatching(/answered 500/) },
];

describe('the importer', () => {
  it('copies every event and photo, reports the broken ones, and duplicates nothing when run again', async () => {
    const first = await runImport();
    expect(first.events).toEqual({ new: 2, updated: 0, unchanged: 0, failed: 1 });
    expect([first.photosCopied, first.photosUnchanged]).toEqual([4, 0]);
    expect(first.failures).toEqual(EXPECTED_FAILURES);

    const afterFirst = await stored();
    expect(afterFirst.list).toEqual([
      {
        events_id: 202,
        events_title: 'Madurai - CME',
        events_sub_title: '',
        // A PNG without transparency is stored as a JPEG: the extension follows.
        events_image: '/Admin/uploads/events/202/cover.jpg',
        events_date: '2026-01-09',
      },
      {
        events_id: 201,
        events_title: 'Salem - Airway Workshop',
        events_sub_title: 'Hands-on',
        events_image: '/Admin/uploads/events/201/1.jpg',
        events_date: '2025-03-14',
      },
    ]);
    expect(afterFirst.photoLists).toEqual({
      201: [
        { event_image: '/Admin/uploads/events/201/1.jpg', img_description: 'First' },
        { event_image: '/Admin/uploads/events/201/2.jpg', img_description: 'Second' },
      ],
      202: [{ event_image: '/Admin/uploads/events/202/1.jpg', img_description: 'Only' }],
    });
    // Processed like an admin upload: upright, and without the camera's metadata.
    const photo = await sharp(readFileSync(path.join(dataDir, 'uploads/events/201/1.jpg'))).metadata();
    expect([photo.format, photo.width, photo.height, photo.exif, photo.orientation]).toEqual([
      'jpeg',
      200,
      400,
      undefined,
      undefined,
    ]);

    const second = await runImport();
    expect(second.events).toEqual({ new: 0, updated: 0, unchanged: 2, failed: 1 });
    expect([second.photosCopied, second.photosUnchanged]).toEqual([0, 4]);
    expect(second.failures).toEqual(EXPECTED_FAILURES);
    expect(await stored()).toEqual(afterFirst);
    expect(afterFirst.rows).toBe(3);
    // Each save left an audit row (two events, saved on the first run only).
    expect(auditRows()).toEqual([
      { username: IMPORT_AUDIT_NAME, action: 'event-imported', events_id: 201, detail: 'Salem - Airway Workshop' },
      { username: IMPORT_AUDIT_NAME, action: 'event-imported', events_id: 202, detail: 'Madurai - CME' },
    ]);
  });

  it('updates an event whose title changed on the backend, seen by a server that is running', async () => {
    await runImport();
    // The server's own connection, open while the import runs again.
    const { db } = openDatabase(dataDir);
    const serving = new SqliteEventsSource(db, { uploadsDir: path.join(dataDir, 'uploads') });

    events[0] = { ...events[0], events_title: 'Salem - Difficult Airway Workshop' };
    const report = await runImport();
    expect(report.events).toEqual({ new: 0, updated: 1, unchanged: 1, failed: 1 });
    expect((await serving.listEvents()).map((event) => event.events_title)).toEqual([
      'Madurai - CME',
      'Salem - Difficult Airway Workshop',
    ]);
    expect((await serving.eventDetails(201)).map((image) => image.img_description)).toEqual(['First', 'Second']);
    await serving.close();
  });

  it('keeps a photo an earlier run copied when the backend fails it later, and leaves local events alone', async () => {
    await runImport();
    const { db } = openDatabase(dataDir);
    db.prepare(
      "INSERT INTO events (events_id, events_title, events_date) VALUES (900, 'Erode - Added Here', '2026-02-02')",
    ).run();
    db.close();
    const second = '/Admin/uploads/events/201/2.jpg';
    const original = photos.get(second);
    if (!original) throw new Error('no second photo');
    photos.set(second, { ...original, type: 'text/plain' });
    try {
      const report = await runImport();
      expect(report.failures.map((failure) => failure.what)).toContain('photo /Admin/uploads/events/201/2.jpg');
      expect(report.localOnly).toBe(1);
      const { photoLists, list } = await stored();
      expect(photoLists[201]?.map((image) => image.event_image)).toEqual([
        '/Admin/uploads/events/201/1.jpg',
        '/Admin/uploads/events/201/2.jpg',
      ]);
      expect(list.map((event) => event.events_id)).toContain(900);
    } finally {
      photos.set(second, original);
    }
  });

  it('gives up on a photo slower than the remote source’s timeout, and copies the rest', async () => {
    details.set(202, {
      records: [
        { event_image: '/Admin//uploads/events/202/slow.jpg' },
        { event_image: '/Admin//uploads/events/202/1.jpg' },
      ],
    });
    const report = await runImport(300);
    expect(report.failures).toContainEqual({
      eventId: 202,
      title: 'Madurai - CME',
      what: 'photo /Admin/uploads/events/202/slow.jpg',
      reason: 'the events backend did not answer within 300 ms',
    });
    expect(existsSync(path.join(dataDir, 'uploads/events/202/1.jpg'))).toBe(true);
    expect(existsSync(path.join(dataDir, 'uploads/events/202/slow.jpg'))).toBe(false);
  });
});

describe('npm run events:import', () => {
  /** The command in a child process; asynchronously, as the fake backend answers from this one. */
  const run = (args: string[]) =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        ['scripts/import-events.ts', ...args],
        { env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' },
        (error, stdout, stderr) => resolve({ status: error ? Number(error.code) : 0, stdout, stderr }),
      );
    });

  it('prints what it did and every failure, and exits 1 when anything failed', async () => {
    const result = await run([`${origin}/Admin/api`]);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('  events: 2 new, 0 updated, 0 unchanged, 1 failed');
    expect(result.stdout).toContain('  photos: 4 copied, 0 unchanged, 2 failed');
    expect(result.stdout).toContain(
      '  event 201 “Salem - Airway Workshop”, photo /Admin/uploads/events/201/broken.jpg: the events backend answered 500',
    );
  });

  it('exits 0 when everything was copied, and refuses a bad address or an unreachable backend', async () => {
    // Records the site never shows (no title, no date), as the original site did not: skipped, not failed.
    events = [
      events[0] ?? {},
      { events_id: 204, events_title: '', events_image: '', events_date: '2024-02-01' },
      { events_id: 205, events_title: 'Coimbatore - Draft', events_image: '', events_date: ' ' },
    ];
    details.set(201, { records: [{ event_image: 'Admin//uploads/events/201/1.jpg' }] });
    const result = await run([`${origin}/Admin/api`]);
    expect([result.status, result.stderr]).toEqual([0, '']);
    expect(result.stdout).toContain('  events: 1 new, 0 updated, 0 unchanged\n');
    expect(result.stdout).toContain('2 records skipped, which the site never shows (no title or no date):');
    expect(result.stdout).toMatch(/ {2}event 204 “”: .+\n {2}event 205 “Coimbatore - Draft”: .+/);
    expect(result.stdout).not.toContain('failure');

    const bad = await run(['not a url']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^Import failed: The backend API URL must be a full http:\/\/ or https:\/\/ address/);
    const down = await run(['http://127.0.0.1:9/Admin/api']);
    expect(down.status).toBe(1);
    expect(down.stderr).toMatch(/^Import failed: Events backend failed/);
  });
});
