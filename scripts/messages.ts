/**
 * `npm run messages`: the messages sent through the contact form, newest first, from the store
 * in DATA_DIR, read from the server's settings (src/server/cliSettings.ts).
 *   npm run messages               readable text
 *   npm run messages -- --json     JSON, every field
 *   npm run messages -- --csv      CSV for a spreadsheet
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { startCommand } from '../src/server/cliSettings.ts';
import { DATABASE_FILE, openDatabase } from '../src/server/database.ts';
import { formatMessages, type MessagesFormat } from '../src/server/contact/exportMessages.ts';
import { ContactMessageStore } from '../src/server/contact/messageStore.ts';

const args = process.argv.slice(2);
const unknown = args.filter((arg) => arg !== '--json' && arg !== '--csv');
if (unknown.length > 0 || (args.includes('--json') && args.includes('--csv'))) {
  console.error('Usage: npm run messages [-- --json | -- --csv]');
  process.exit(2);
}
const format: MessagesFormat = args.includes('--json') ? 'json' : args.includes('--csv') ? 'csv' : 'text';

// Which store, on standard error: standard output is the messages.
const { dataDir } = startCommand((line) => console.error(line));
if (!existsSync(path.join(dataDir, DATABASE_FILE))) {
  if (format === 'text') console.info(`No messages yet: there is no store in ${dataDir}.`);
  else process.stdout.write(formatMessages([], format));
  process.exit(0);
}
const store = new ContactMessageStore(openDatabase(dataDir).db);
process.stdout.write(formatMessages(store.list(), format));
store.close();
