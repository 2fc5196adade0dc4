/**
 * The events source the site uses, chosen from the environment (checked by settings.ts):
 * - EVENTS_API_URL set: the society's backend (RemoteEventsSource);
 * - otherwise the embedded SQLite store in DATA_DIR (default ./data). On a first start with
 *   an empty DATA_DIR it loads the sample events, unless EVENTS_SAMPLE_DATA=off.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { hasStoreFlag, openDatabase, setStoreFlag, type OpenedDatabase } from '../database.ts';
import type { DiskCache } from '../diskCache.ts';
import { photoCacheDir } from '../photoCache.ts';
import type { EventsSource } from './EventsSource.ts';
import { RemoteEventsSource } from './RemoteEventsSource.ts';
import { createSampleEvents } from './sampleEvents.ts';
import type { EventsSettings } from './settings.ts';
import { SqliteEventsSource } from './SqliteEventsSource.ts';

/** Loads the sample events into `source`, replacing what is there; returns what it loaded. */
async function seedSampleEvents(source: SqliteEventsSource, dataDir: string) {
  const events = await createSampleEvents(dataDir);
  source.replaceAll(events);
  // Resized copies of the old photos go too.
  rmSync(photoCacheDir(dataDir), { recursive: true, force: true });
  return { events: events.length, photos: events.reduce((sum, event) => sum + event.images.length, 0) };
}

/** How many events (drafts included) the store in `dataDir` holds. */
export function countStoredEvents(dataDir: string): number {
  const { db } = openDatabase(dataDir);
  try {
    const count = db.prepare('SELECT count(*) AS n FROM events').get()?.['n'];
    return typeof count === 'number' ? count : 0;
  } finally {
    db.close();
  }
}

/** `npm run seed`: replaces the events in the store in `dataDir` (and their photos) with the sample set. */
export async function reseedDataDir(dataDir: string) {
  const { db } = openDatabase(dataDir);
  const source = new SqliteEventsSource(db, { uploadsDir: path.join(dataDir, 'uploads') });
  try {
    const loaded = await seedSampleEvents(source, dataDir);
    setStoreFlag(db, EVENTS_INITIALISED);
    return loaded;
  } finally {
    await source.close();
  }
}

/** Set once the events store has had its first start (with or without the sample events). */
const EVENTS_INITIALISED = 'events_initialised';

/**
 * The source `settings` choose. The embedded store, in `dataDir`, is reached through `connect` (by default a
 * connection of its own, closed with the source), and gets the sample events at its first start,
 * even when `npm run admin` made the database file before it (an office adding its user first).
 * The backend's photos are kept in `photoCache`, when given.
 */
export async function openEventsSource(
  settings: EventsSettings,
  dataDir: string,
  connect: (dataDir: string) => OpenedDatabase = openDatabase,
  photoCache?: DiskCache,
): Promise<EventsSource> {
  if (settings.kind === 'remote') {
    return new RemoteEventsSource({
      baseUrl: settings.apiUrl,
      timeoutMs: settings.timeoutMs,
      maxAnswerBytes: settings.maxAnswerBytes,
      ...(photoCache ? { photoCache } : {}),
    });
  }
  const { db } = connect(dataDir);
  const source = new SqliteEventsSource(db, { uploadsDir: path.join(dataDir, 'uploads') });
  if (!hasStoreFlag(db, EVENTS_INITIALISED)) {
    if (settings.sampleData) {
      const loaded = await seedSampleEvents(source, dataDir);
      console.info(
        `First start with an empty data folder: loaded ${loaded.events} sample events with ${loaded.photos} photos into ${dataDir}. Set EVENTS_SAMPLE_DATA=off to start empty.`,
      );
    }
    setStoreFlag(db, EVENTS_INITIALISED);
  }
  return source;
}
