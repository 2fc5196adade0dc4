/**
 * Drafts are private: the photos of an event that is not published (never published, or
 * unpublished since) answer 404 to the public, resized copies included, and are sent to signed-in
 * staff only, never to be kept by a shared cache; a published event's photos are sent with
 * `no-cache`, so that taking one down reaches every visitor at the next request.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/server/database.ts';
import { DiskCache } from '../../../src/server/diskCache.ts';
import { EventWriter } from '../../../src/server/events/eventWriter.ts';
import { SqliteEventsSource } from '../../../src/server/events/SqliteEventsSource.ts';
import { photoAudience } from '../../../src/server/photoAudience.ts';
import { serveUpload } from '../../../src/server/uploads.ts';
import { solidJpeg } from '../../solidJpeg.ts';

let dataDir: string;
let source: SqliteEventsSource;
let writer: EventWriter;
let published: { id: number; photo: string };
let draft: { id: number; photo: string };

const fields = (title: string, isPublished: boolean) => ({
  title,
  subTitle: '',
  date: '2025-06-01',
  published: isPublished,
});

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'draft-photos-'));
  const { db } = openDatabase(dataDir);
  source = new SqliteEventsSource(db, { uploadsDir: path.join(dataDir, 'uploads') });
  writer = new EventWriter(db, { dataDir });
  const jpeg = await solidJpeg(600, 400, '#357');
  const make = async (title: string, isPublished: boolean) => {
    const id = writer.upsert(fields(title, isPublished));
    const photo = await writer.addPhoto(id, jpeg);
    return { id, photo: photo.path.replace('/Admin/uploads/', '') };
  };
  published = await make('Salem - Published', true);
  draft = await make('Salem - Draft', false);
  mkdirSync(path.join(dataDir, 'uploads/loose'), { recursive: true });
  writeFileSync(path.join(dataDir, 'uploads/loose/orphan.jpg'), 'no event names this');
});

afterAll(async () => {
  await source.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const get = (relative: string, signedIn: boolean, query = '') =>
  serveUpload(new Request(`http://localhost/Admin/uploads/${relative}${query}`), source, relative, {
    cache: new DiskCache({ dir: path.join(dataDir, 'cache/photos') }),
    audience: photoAudience(source, () => signedIn),
  });

describe('event photos and drafts', () => {
  it.each([
    ['a draft’s photo, signed out', () => draft.photo, ''],
    ['a draft’s resized photo, signed out', () => draft.photo, '?w=480'],
    ['a file no event names, signed out', () => 'loose/orphan.jpg', ''],
  ])('404: %s', async (_label, relative, query) => {
    const response = await get(relative(), false, query);
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('a draft’s photo is sent to signed-in staff, never to be kept by a shared cache', async () => {
    for (const query of ['', '?w=480']) {
      const response = await get(draft.photo, true, query);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
    }
  });

  it('a published event’s photo is public, revalidated at each use; unpublished, it answers 404 at once', async () => {
    const before = await get(published.photo, false);
    expect(before.status).toBe(200);
    expect(before.headers.get('cache-control')).toBe('public, no-cache');
    expect(before.headers.get('etag')).toMatch(/^"/);

    writer.upsert({ id: published.id, ...fields('Salem - Published', false) });
    expect((await get(published.photo, false)).status).toBe(404);
    expect((await get(published.photo, false, '?w=960')).status).toBe(404);
    expect((await get(published.photo, true)).status).toBe(200);

    writer.upsert({ id: published.id, ...fields('Salem - Published', true) });
    expect((await get(published.photo, false)).status).toBe(200);
  });
});
