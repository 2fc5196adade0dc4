/**
 * `npm run seed`: replaces the events in the embedded store (DATA_DIR, default ./data) with
 * the sample set and redraws its photos. Stop the server first or restart it afterwards.
 */
import path from 'node:path';
import { openDatabase, resolveDataDir } from '../src/server/database.ts';
import { seedSampleEvents } from '../src/server/events/index.ts';
import { SqliteEventsSource } from '../src/server/events/SqliteEventsSource.ts';

const dataDir = resolveDataDir();
const { db } = openDatabase(dataDir);
const source = new SqliteEventsSource(db, { uploadsDir: path.join(dataDir, 'uploads') });
const loaded = await seedSampleEvents(source, dataDir);
await source.close();
console.info(`Loaded ${loaded.events} sample events with ${loaded.photos} photos into ${dataDir}.`);
