import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { openEventsSource } from '../../../src/server/events/index.ts';
import { readServerSettings } from '../../../src/server/settings.ts';

/** The events source the settings in `env` choose, as `npm start` opens it. */
const eventsSourceOf = (env: NodeJS.ProcessEnv) => {
  const settings = readServerSettings(env);
  return openEventsSource(settings.events, settings.store.dataDir);
};

const addUser = (dataDir: string) =>
  spawnSync(process.execPath, ['scripts/admin.ts', 'add-user', 'asha'], {
    env: { ...process.env, DATA_DIR: dataDir },
    input: 'correct horse battery\n',
    encoding: 'utf8',
  });

describe('the first start of a store', () => {
  it('loads the sample events even when `npm run admin` made the database file first', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'first-start-'));
    expect(addUser(dataDir).status).toBe(0);
    const source = await eventsSourceOf({ DATA_DIR: dataDir });
    expect((await source.listEvents()).length).toBeGreaterThanOrEqual(15);
    await source.close();
  });

  it('keeps an EVENTS_SAMPLE_DATA=off store empty, also at later starts with the samples on', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'first-start-off-'));
    expect(addUser(dataDir).status).toBe(0);
    const off = await eventsSourceOf({ DATA_DIR: dataDir, EVENTS_SAMPLE_DATA: 'off' });
    expect(await off.listEvents()).toEqual([]);
    await off.close();
    const later = await eventsSourceOf({ DATA_DIR: dataDir });
    expect(await later.listEvents()).toEqual([]);
    await later.close();
  });

  it('keeps the events of a store made before the admin existed, published, with no samples added', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'first-start-old-'));
    // A store at schema version 2 (before the admin's migration) holding one event.
    const old = new DatabaseSync(path.join(dataDir, 'site.sqlite'));
    old.exec(
      `CREATE TABLE events (events_id INTEGER PRIMARY KEY, events_title TEXT NOT NULL, events_sub_title TEXT NOT NULL DEFAULT '',
         events_image TEXT NOT NULL DEFAULT '', events_date TEXT NOT NULL);
       CREATE TABLE event_images (id INTEGER PRIMARY KEY, events_id INTEGER NOT NULL REFERENCES events(events_id) ON DELETE CASCADE,
         sort_order INTEGER NOT NULL, event_image TEXT NOT NULL, img_description TEXT NOT NULL DEFAULT '');
       CREATE TABLE contact_messages (id INTEGER PRIMARY KEY, received_at TEXT NOT NULL, name TEXT NOT NULL, email TEXT NOT NULL,
         phone TEXT NOT NULL DEFAULT '', message TEXT NOT NULL, form_nonce TEXT NOT NULL UNIQUE, delivery_state TEXT NOT NULL,
         attempts INTEGER NOT NULL DEFAULT 0, next_attempt_at TEXT, claimed_at TEXT, last_error TEXT, sent_at TEXT);
       INSERT INTO events VALUES (5, 'Erode - Old Event', '', '', '2020-01-01');
       PRAGMA user_version = 2;`,
    );
    old.close();
    const source = await eventsSourceOf({ DATA_DIR: dataDir });
    expect((await source.listEvents()).map((event) => event.events_title)).toEqual(['Erode - Old Event']);
    await source.close();
  });
});
