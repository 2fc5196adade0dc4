/**
 * `npm run seed`: replaces the events in the embedded store (DATA_DIR, default ./data) with
 * the sample set and redraws its photos. Stop the server first or restart it afterwards.
 */
import { resolveDataDir } from '../src/server/database.ts';
import { reseedDataDir } from '../src/server/events/index.ts';

const dataDir = resolveDataDir();
const loaded = await reseedDataDir(dataDir);
console.info(`Loaded ${loaded.events} sample events with ${loaded.photos} photos into ${dataDir}.`);
