/**
 * `npm run seed`: loads the sample events into the embedded store (DATA_DIR, default ./data) and
 * draws their photos. A store that already holds events is left alone unless `--force` is given;
 * then every event and photo in it is deleted first (it says how many). Stop the server first or
 * restart it afterwards.
 */
import { countStoredEvents, reseedDataDir } from '../src/server/events/index.ts';
import { startCommand } from '../src/server/cliSettings.ts';

const { dataDir } = startCommand((line) => console.info(line), { needsStore: false });
const force = process.argv.slice(2).includes('--force');
const existing = countStoredEvents(dataDir);
if (existing > 0 && !force) {
  console.error(
    `The store in ${dataDir} holds ${existing} event${existing === 1 ? '' : 's'}; nothing was changed. To delete them and load the sample events instead, run: npm run seed -- --force`,
  );
  process.exit(1);
}
if (existing > 0)
  console.info(`Deleting the ${existing} event${existing === 1 ? '' : 's'} in ${dataDir} and their photos.`);
const loaded = await reseedDataDir(dataDir);
console.info(`Loaded ${loaded.events} sample events with ${loaded.photos} photos into ${dataDir}.`);
