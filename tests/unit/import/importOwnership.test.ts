/**
 * The importer never touches what the office made in the admin, and takes only records that keep
 * the admin's rules: a backend event whose events_id is taken by an event made here is refused
 * and reported (title, photos and files unchanged after), a backend photo path in such an event's
 * folder is refused, and a record with a 1 MB title or a date "not a date" is skipped and reported
 * while the rest are imported.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DatabaseSync } from 'node:sqlite';
import { applyMigrations, DATABASE_FILE, openDatabase } from '../../../src/server/database.ts';
import { EventWriter } from '../../../src/server/events/eventWriter.ts';
import { RemoteEventsSource } from '../../../src/server/events/RemoteEventsSource.ts';
import { importEvents } from '../../../src/server/import/importEvents.ts';
import { solidJpeg } from '../../solidJpeg.ts';
import { listenLocally } from '../listenLocally.ts';

let server: http.Server;
let origin: string;
let jpeg: Buffer;
/** The admin photo's path, which the backend names in event 7's list. */
let adminPhotoPath = '';

beforeAll(async () => {
  jpeg = await solidJpeg(40, 30, '#468');
  server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const json = (value: unknown) =>
        response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(value));
      const event = (id: number, fields: Record<string, unknown> = {}) => ({
        events_id: id,
        events_title: `Backend event ${id}`,
        events_date: '2025-05-05',
        events_image: '',
        ...fields,
      });
      if (request.url === '/Admin/api/events_list') {
        return json({
          records: [
            event(1),
            event(7),
            event(8, { events_title: 'x'.repeat(1024 * 1024) }),
            event(9, { events_date: 'not a date' }),
          ],
        });
      }
      if (request.url === '/Admin/api/event_details_list') {
        const id = Number(JSON.parse(body).eventId);
        return json({
          records: [
            { event_image: `/Admin//uploads/events/${id}/ok.jpg`, img_description: 'Backend photo' },
            { event_image: adminPhotoPath, img_description: 'Names the admin photo' },
            { event_image: `/Admin//uploads/events/${id}/long.jpg`, img_description: 'd'.repeat(301) },
          ],
        });
      }
      if (request.url?.startsWith('/Admin/uploads/')) {
        return response.writeHead(200, { 'Content-Type': 'image/jpeg' }).end(jpeg);
      }
      response.writeHead(404).end();
    });
  });
  origin = await listenLocally(server);
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'isa-import-ownership-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the importer and events made in the admin', () => {
  it('refuses a colliding id and an admin photo path, skips bad records, imports the rest', async () => {
    const { db } = openDatabase(dataDir);
    try {
      const writer = new EventWriter(db, { dataDir });
      const adminId = writer.upsert({
        title: 'Erode - Made Here',
        subTitle: 'Ours',
        date: '2026-02-02',
        published: true,
      });
      expect(adminId).toBe(1);
      const photo = await writer.addPhoto(adminId, jpeg, 'Office photo');
      adminPhotoPath = photo.path.replace('/Admin/', '/Admin//');
      const folder = path.join(dataDir, 'uploads/events/1');
      const filesBefore = Object.fromEntries(
        readdirSync(folder).map((name) => [name, readFileSync(path.join(folder, name))]),
      );
      const before = writer.get(adminId);

      const backend = new RemoteEventsSource({ baseUrl: `${origin}/Admin/api`, timeoutMs: 5000, warn: () => {} });
      const report = await importEvents(backend, { db, dataDir });

      expect(writer.get(adminId)).toEqual(before);
      const filesAfter = Object.fromEntries(
        readdirSync(folder).map((name) => [name, readFileSync(path.join(folder, name))]),
      );
      expect(filesAfter).toEqual(filesBefore);

      expect(report.events).toEqual({ new: 1, updated: 0, unchanged: 0, failed: 3 });
      expect(report.failures).toEqual([
        {
          eventId: 8,
          title: `${'x'.repeat(80)}…`,
          what: 'its record (skipped)',
          reason: expect.stringMatching(/at most 200 characters/),
        },
        {
          eventId: 9,
          title: 'Backend event 9',
          what: 'its record (skipped)',
          reason: expect.stringMatching(/real date/),
        },
        {
          eventId: 1,
          title: 'Backend event 1',
          what: 'the event (refused)',
          reason: expect.stringMatching(/id 1 is taken by an event made in the admin/),
        },
        {
          eventId: 7,
          title: 'Backend event 7',
          what: 'photo /Admin/uploads/events/7/long.jpg (skipped)',
          reason: expect.stringMatching(/description is longer than 300/),
        },
        {
          eventId: 7,
          title: 'Backend event 7',
          what: `photo ${photo.path}`,
          reason: expect.stringMatching(/folder of event 1, which was made in the admin/),
        },
      ]);
      expect(writer.get(7)?.photos.map((stored) => stored.path)).toEqual(['/Admin/uploads/events/7/ok.jpg']);
      expect(writer.madeHere(7)).toBe(false);
      expect(writer.madeHere(1)).toBe(true);
    } finally {
      db.close();
    }
  });

  it('a store from before the marks: events the audit log shows the importer saved are its own, the rest made here', () => {
    // Migrations 1 to 3 are the store before the marks (migration 4 adds made_here); shipped
    // migrations never change, so the number stays right as later ones are added.
    const beforeMarks = 3;
    const old = new DatabaseSync(path.join(dataDir, DATABASE_FILE));
    applyMigrations(old, beforeMarks);
    old.exec(`PRAGMA user_version = ${beforeMarks};
      INSERT INTO events (events_id, events_title, events_date) VALUES (201, 'Imported', '2025-01-01'), (5, 'Made here', '2025-01-02');
      INSERT INTO audit_log (at, username, action, events_id) VALUES
        ('2026-01-01T00:00:00Z', 'npm run events:import', 'event-imported', 201),
        ('2026-01-01T00:00:00Z', 'asha', 'event-created', 5);`);
    old.close();
    const { db } = openDatabase(dataDir);
    try {
      const writer = new EventWriter(db, { dataDir });
      expect([writer.madeHere(201), writer.madeHere(5)]).toEqual([false, true]);
    } finally {
      db.close();
    }
  });
});
