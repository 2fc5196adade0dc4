/**
 * `npm run events:import -- <backend API URL>`: copies every event and photo of the society's old
 * backend (for example https://host/Admin/api) into the embedded store in DATA_DIR (default
 * ./data, read as the other commands on the server read it: src/server/cliSettings.ts), while the server
 * may go on serving (src/server/import/importEvents.ts). Calls to the backend use EVENTS_API_TIMEOUT_MS and
 * EVENTS_API_MAX_BYTES as the server does. Exits 0 when everything the
 * site shows was copied (records it never shows, without a title or a date, are listed as skipped), 1 when
 * anything failed (each failure is listed), 2 on bad usage.
 */
import { startCommand } from '../src/server/cliSettings.ts';
import { openDatabase } from '../src/server/database.ts';
import { RemoteEventsSource } from '../src/server/events/RemoteEventsSource.ts';
import { EventsSettingsError, readEventsSettings } from '../src/server/events/settings.ts';
import { importEvents } from '../src/server/import/importEvents.ts';
import { eventLine, reportLines } from '../src/server/import/importReport.ts';

const args = process.argv.slice(2);
const [url] = args;
if (args.length !== 1 || !url || url.startsWith('-')) {
  console.error('Usage: npm run events:import -- <backend API URL, such as https://host/Admin/api>');
  process.exit(2);
}

const { dataDir, env } = startCommand((line) => console.info(line), { needsStore: false });
let settings;
try {
  settings = readEventsSettings({ ...env, EVENTS_API_URL: url });
} catch (error) {
  if (!(error instanceof EventsSettingsError)) throw error;
  console.error(`Import failed: ${error.message.replace('EVENTS_API_URL', 'The backend API URL')}`);
  process.exit(2);
}
if (settings.kind !== 'remote') throw new Error('The backend API URL was not taken as a remote source');

const backend = new RemoteEventsSource({
  baseUrl: settings.apiUrl,
  timeoutMs: settings.timeoutMs,
  maxAnswerBytes: settings.maxAnswerBytes,
});

/** Runs the import; the exit code: 0 when all the site shows was copied, 1 when anything failed. */
async function run(apiUrl: string): Promise<number> {
  const { db } = openDatabase(dataDir);
  try {
    console.info(`Importing from ${apiUrl} ...`);
    const report = await importEvents(backend, {
      db,
      dataDir,
      onEvent: (event, outcome) => console.info(eventLine(event, outcome)),
    });
    for (const line of reportLines(report, apiUrl, dataDir)) console.info(line);
    return report.failures.length > 0 ? 1 : 0;
  } catch (error) {
    console.error(`Import failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    db.close();
  }
}

process.exit(await run(settings.apiUrl));
