import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/server/database.ts';
import { SqliteEventsSource } from '../../../src/server/events/SqliteEventsSource.ts';

/** `npm run seed` as an operator runs it: the script in a child process, with DATA_DIR set. */
describe('npm run seed', () => {
  let dataDir: string;
  const uploadsDir = () => path.join(dataDir, 'uploads');

  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'events-seed-'));
    // A store with one event of its own, an old photo and a resized photo in the cache.
    const { db } = openDatabase(dataDir);
    const store = new SqliteEventsSource(db, { uploadsDir: uploadsDir() });
    store.replaceAll([
      {
        events_id: 900,
        events_title: 'Erode - Old Event',
        events_sub_title: '',
        events_image: '/Admin/uploads/events/900/1.jpg',
        events_date: '2020-01-01',
        images: [{ event_image: '/Admin/uploads/events/900/1.jpg', img_description: 'Old' }],
      },
    ]);
    db.close();
    mkdirSync(path.join(uploadsDir(), 'events/900'), { recursive: true });
    writeFileSync(path.join(uploadsDir(), 'events/900/1.jpg'), 'old photo');
    mkdirSync(path.join(dataDir, 'cache/photos'), { recursive: true });
    writeFileSync(path.join(dataDir, 'cache/photos/old.webp'), 'old variant');
  });

  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses to touch a store that holds events without --force, and says how to', () => {
    const result = spawnSync(process.execPath, ['scripts/seed.ts'], {
      env: { ...process.env, DATA_DIR: dataDir },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/holds 1 event; nothing was changed\. .*npm run seed -- --force/);
    expect(existsSync(path.join(uploadsDir(), 'events/900/1.jpg'))).toBe(true);
  });

  it('replaces the events with the sample set, redraws the photos and says what it loaded', async () => {
    const result = spawnSync(process.execPath, ['scripts/seed.ts', '--force'], {
      env: { ...process.env, DATA_DIR: dataDir },
      encoding: 'utf8',
    });
    expect(result.stderr).not.toMatch(/Error/);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^Deleting the 1 event in .+ and their photos\.$/m);
    const said = /Loaded (\d+) sample events with (\d+) photos into (.+)\.$/m.exec(result.stdout);
    expect(said?.[3]).toBe(dataDir);

    const { db } = openDatabase(dataDir);
    const store = new SqliteEventsSource(db, { uploadsDir: uploadsDir() });
    const events = await store.listEvents();
    expect(events.length).toBe(Number(said?.[1]));
    expect(events.length).toBeGreaterThanOrEqual(15);
    expect(events.some((event) => event.events_id === 900)).toBe(false);
    let photos = 0;
    for (const event of events) {
      const images = await store.eventDetails(event.events_id);
      photos += images.length;
      for (const image of images) {
        const opened = await store.openPhoto(image.event_image.replace('/Admin/uploads/', ''));
        expect(opened?.contentType).toBe('image/jpeg');
      }
    }
    expect(photos).toBe(Number(said?.[2]));
    await store.close();
    expect(existsSync(path.join(uploadsDir(), 'events/900/1.jpg'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'cache/photos/old.webp'))).toBe(false);
  });
});
