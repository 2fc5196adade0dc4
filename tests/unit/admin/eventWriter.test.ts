import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { mostSharpAtOnce } from '../photos/sharpAtOnce.ts';
import { openDatabase } from '../../../src/server/database.ts';
import { DiskCache } from '../../../src/server/diskCache.ts';
import { UnknownEventError } from '../../../src/server/events/eventFields.ts';
import { EventWriter } from '../../../src/server/events/eventWriter.ts';
import { SqliteEventsSource } from '../../../src/server/events/SqliteEventsSource.ts';
import { PHOTO_WIDTHS } from '../../../src/lib/events/photoVariants.ts';
import { photoCacheDir } from '../../../src/server/photoCache.ts';
import { serveUpload } from '../../../src/server/uploads.ts';

const photo = (colour = '#3a7') =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
const fields = { title: 'Madurai - Airway Day', subTitle: 'Hands on', date: '2025-06-01', published: true };

describe('EventWriter', () => {
  let dataDir: string;
  let db: DatabaseSync;
  let writer: EventWriter;
  let source: SqliteEventsSource;

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'event-writer-'));
    db = openDatabase(dataDir).db;
    writer = new EventWriter(db, { dataDir });
    source = new SqliteEventsSource(db, { uploadsDir: path.join(dataDir, 'uploads') });
  });

  const fileOf = (photoPath: string) => path.join(dataDir, photoPath.replace('/Admin/uploads/', 'uploads/'));

  describe('refuses', () => {
    it.each([
      ['an empty title', { ...fields, title: ' ' }, /title/],
      ['a date that is no date', { ...fields, date: '2025-02-30' }, /real date/],
      ['a date written another way', { ...fields, date: '01-06-2025' }, /real date/],
      ['an over-long sub-title', { ...fields, subTitle: 'x'.repeat(301) }, /at most 300/],
      ['a title of control characters only', { ...fields, title: '\u0000\u0008\u001b' }, /title/],
    ])('%s', (_label, input, message) => {
      expect(() => writer.upsert(input)).toThrow(message);
    });

    it('photos for an event that does not exist', async () => {
      await expect(writer.addPhoto(999, await photo())).rejects.toThrow(UnknownEventError);
    });
  });

  it('keeps a given id: inserts it, then updates it', () => {
    expect(writer.upsert({ ...fields, id: 4242 })).toBe(4242);
    expect(writer.upsert({ ...fields, id: 4242, title: 'Salem - Renamed' })).toBe(4242);
    expect(writer.get(4242)?.title).toBe('Salem - Renamed');
    expect(writer.upsert(fields)).toBe(4243);
  });

  it('keeps drafts out of the public list and details, and lists them in the admin, newest first', async () => {
    const draft = writer.upsert({ ...fields, published: false, date: '2025-07-01' });
    const published = writer.upsert(fields);
    await writer.addPhoto(draft, await photo());
    expect((await source.listEvents()).map((event) => event.events_id)).toEqual([published]);
    expect(await source.eventDetails(draft)).toEqual([]);
    expect(writer.list().map((event) => [event.id, event.published, event.photoCount])).toEqual([
      [draft, false, 1],
      [published, true, 0],
    ]);
  });

  it('stores photos under random names in the event’s folder, the first as the cover', async () => {
    const id = writer.upsert(fields);
    const first = await writer.addPhoto(id, await photo(), '  Opening talk ');
    const second = await writer.addPhoto(id, await photo('#a33'));
    expect(first.path).toMatch(new RegExp(`^/Admin/uploads/events/${id}/[0-9a-f]{32}\\.jpg$`));
    expect(first.description).toBe('Opening talk');
    expect(existsSync(fileOf(first.path))).toBe(true);
    expect(writer.get(id)?.cover).toBe(first.path);
    expect((await source.listEvents())[0]?.events_image).toBe(first.path);
    writer.arrangePhotos(
      id,
      [
        { id: second.id, description: 'Second first' },
        { id: first.id, description: '' },
      ],
      second.id,
    );
    expect(writer.get(id)?.photos.map((stored) => [stored.id, stored.description])).toEqual([
      [second.id, 'Second first'],
      [first.id, ''],
    ]);
    expect(writer.get(id)?.cover).toBe(second.path);
  });

  it('stores text without control characters: title, sub-title and photo descriptions', async () => {
    const id = writer.upsert({ ...fields, title: 'Salem\u0000 - Airway\u0008 Day\u001b', subTitle: 'Hands\u0007 on' });
    expect(writer.get(id)).toMatchObject({ title: 'Salem - Airway Day', subTitle: 'Hands on' });
    const added = await writer.addPhoto(id, await photo(), 'Opening\u0000 talk');
    expect(added.description).toBe('Opening talk');
    writer.arrangePhotos(id, [{ id: added.id, description: 'First\u001b photo' }]);
    expect(writer.get(id)?.photos.map((stored) => stored.description)).toEqual(['First photo']);
    await writer.saveImported({
      id: 9001,
      title: 'Madurai\u0000 CME',
      subTitle: 'Old\u0008 backend',
      date: '2024-01-01',
      cover: '',
      photos: [{ path: '/Admin/uploads/legacy/1.jpg', description: 'Legacy\u001b photo' }],
    });
    expect(writer.get(9001)).toMatchObject({ title: 'Madurai CME', subTitle: 'Old backend' });
    expect(writer.get(9001)?.photos.map((stored) => stored.description)).toEqual(['Legacy photo']);
  });

  it('removes a photo’s file and its resized copies, and moves the cover on', async () => {
    const id = writer.upsert(fields);
    const first = await writer.addPhoto(id, await photo());
    const second = await writer.addPhoto(id, await photo('#a33'));
    await writer.makeResizedCopies([]); // After the copies the uploads asked for.
    expect(readdirSync(photoCacheDir(dataDir))).toHaveLength(2 * PHOTO_WIDTHS.length);
    expect((await writer.removePhoto(id, first.id))?.id).toBe(first.id);
    expect(existsSync(fileOf(first.path))).toBe(false);
    expect(readdirSync(photoCacheDir(dataDir))).toHaveLength(PHOTO_WIDTHS.length);
    expect(writer.get(id)?.cover).toBe(second.path);
    expect(await writer.removePhoto(id, first.id)).toBeUndefined();
  });

  it('makes every width a page names as a photo is stored, and at start those missing: a visitor resizes nothing', async () => {
    const id = writer.upsert(fields);
    const added = await writer.addPhoto(id, await photo());
    await writer.makeResizedCopies([]);
    const relative = added.path.replace('/Admin/uploads/', '');
    const cache = new DiskCache({ dir: photoCacheDir(dataDir) });
    const resizesFor = () =>
      mostSharpAtOnce(async () => {
        for (const width of PHOTO_WIDTHS) {
          const answer = await serveUpload(new Request(`http://localhost/x?w=${width}`), source, relative, { cache });
          expect(answer.status).toBe(200);
        }
      });
    expect(await resizesFor()).toBe(0);
    // The cache emptied (a restored backup, copies let go): the start's pass makes them again.
    rmSync(photoCacheDir(dataDir), { recursive: true, force: true });
    await writer.makeResizedCopies();
    expect(readdirSync(photoCacheDir(dataDir))).toHaveLength(PHOTO_WIDTHS.length);
    expect(await resizesFor()).toBe(0);
  });

  it('a pass over a closed store (the server stopping) makes nothing and never rejects', async () => {
    db.close();
    await expect(writer.makeResizedCopies()).resolves.toBeUndefined();
  });

  it('deletes an event with its photos and their folder', async () => {
    const id = writer.upsert(fields);
    await writer.addPhoto(id, await photo());
    expect(await writer.remove(id)).toBe(true);
    expect(writer.get(id)).toBeUndefined();
    expect(existsSync(path.join(dataDir, 'uploads/events', String(id)))).toBe(false);
    expect(await writer.remove(id)).toBe(false);
  });
});
