/** The contact messages a test server has stored, read straight from its SQLite store. */
import { ContactMessageStore, type StoredMessage } from '../../src/server/contact/messageStore.ts';
import { openDatabase } from '../../src/server/database.ts';

export function storedMessages(dataDir: string): StoredMessage[] {
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the browser tests with "npm run test:e2e"');
  const store = new ContactMessageStore(openDatabase(dataDir).db);
  try {
    return store.list();
  } finally {
    store.close();
  }
}
