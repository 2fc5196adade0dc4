/**
 * The events source the site uses, chosen once from the environment (checked by settings.ts):
 * - EVENTS_API_URL set: the society's backend (RemoteEventsSource);
 * - otherwise the embedded SQLite store in DATA_DIR (default ./data). On a first start with
 *   an empty DATA_DIR it loads the sample events, unless EVENTS_SAMPLE_DATA=off.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../database.ts';
import { photoCacheDir } from '../photoCache.ts';
import type { EventsSource } from './EventsSource.ts';
import { RemoteEventsSource } from './RemoteEventsSource.ts';
import { createSampleEvents } from './sampleEvents.ts';
import { readEventsSettings } from './settings.ts';
import { SqliteEventsSource } from './SqliteEventsSource.ts';

let current: Promise<EventsSource> | undefined;
/** The source `current` resolved to, for closing at exit. */
let opened: EventsSource | undefined;

/**
 * Closes the process's source when the process exits (after `npm start` has finished the
 * requests in flight on SIGTERM): the embedded store then folds its write-ahead log back into
 * the database file. Closing SQLite is synchronous, so it completes within the exit handler.
 */
function closeAtExit() {
  void opened?.close();
}

/** Loads the sample events into `source`, replacing what is there; returns what it loaded. */
export async function seedSampleEvents(source: SqliteEventsSource, dataDir: string) {
  const events = await createSampleEvents(dataDir);
  source.replaceAll(events);
  // Resized copies of the old photos go too.
  rmSync(photoCacheDir(dataDir), { recursive: true, force: true });
  return { events: events.length, photos: events.reduce((sum, event) => sum + event.images.length, 0) };
}

function openEmbedded(dataDir: string) {
  const { db, created } = openDatabase(dataDir);
  return { source: new SqliteEventsSource(db, { uploadsDir: path.join(dataDir, 'uploads') }), created };
}

/** `npm run seed`: replaces the events in the store in `dataDir` with the sample set. */
export async function reseedDataDir(dataDir: string) {
  const { source } = openEmbedded(dataDir);
  try {
    return await seedSampleEvents(source, dataDir);
  } finally {
    await source.close();
  }
}

export async function createEventsSource(env: NodeJS.ProcessEnv = process.env): Promise<EventsSource> {
  const settings = readEventsSettings(env);
  if (settings.kind === 'remote') {
    return new RemoteEventsSource({ baseUrl: settings.apiUrl, timeoutMs: settings.timeoutMs });
  }
  const { dataDir } = settings;
  const { source, created } = openEmbedded(dataDir);
  if (created && settings.sampleData) {
    const loaded = await seedSampleEvents(source, dataDir);
    console.info(
      `First start with an empty data folder: loaded ${loaded.events} sample events with ${loaded.photos} photos into ${dataDir}. Set EVENTS_SAMPLE_DATA=off to start empty.`,
    );
  }
  return source;
}

/** The one events source of this process, closed when the process exits. */
export function getEventsSource(): Promise<EventsSource> {
  current ??= createEventsSource().then(
    (source) => {
      opened = source;
      process.once('exit', closeAtExit);
      return source;
    },
    (error: unknown) => {
      current = undefined;
      throw error;
    },
  );
  return current;
}

export async function closeEventsSource() {
  const source = current;
  current = undefined;
  opened = undefined;
  process.off('exit', closeAtExit);
  if (source) await (await source).close();
}
