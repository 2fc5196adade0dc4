import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/server/database.ts';
import {
  EVENTS_PAGE_SIZE,
  eventQueryHref,
  parseEventQuery,
  searchEvents,
} from '../../../src/server/events/eventSearch.ts';
import { PLACES, seedEvents } from './manyEvents.ts';

const query = (text: string) => parseEventQuery(new URLSearchParams(text), PLACES);

describe('the admin’s list of events', () => {
  let db: DatabaseSync;

  beforeAll(() => {
    db = openDatabase(mkdtempSync(path.join(tmpdir(), 'event-search-'))).db;
    seedEvents(db);
  });

  it('gives pages of 50, newest first, with the years to choose from', () => {
    const first = searchEvents(db, query(''));
    expect(first).toMatchObject({ total: 2000, page: 1, pages: 40 });
    expect(first.events).toHaveLength(EVENTS_PAGE_SIZE);
    expect(first.events[0]?.date.startsWith('2026')).toBe(true);
    const dates = first.events.map((event) => event.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(first.years).toHaveLength(20);
    expect(first.years[0]).toBe(2026);
    const last = searchEvents(db, query('page=40'));
    expect(last.events.at(-1)?.date.startsWith('2007')).toBe(true);
    expect(searchEvents(db, query('page=99')).page).toBe(40);
  });

  it('searches title and sub-title, and filters by year, place and state together', () => {
    expect(searchEvents(db, query('q=airway')).total).toBe(40);
    expect(searchEvents(db, query('q=Meeting+1999')).events.map((event) => event.title)).toEqual([
      'Tamil Nadu - Chennai Branch - Meeting 1999',
    ]);
    const found = searchEvents(db, query('year=2016&place=madurai&state=draft'));
    expect(found.total).toBeGreaterThan(0);
    expect(
      found.events.every(
        (event) => event.date.startsWith('2016') && event.title.includes('Madurai') && !event.published,
      ),
    ).toBe(true);
    // A wildcard is a character like any other.
    expect(searchEvents(db, query('q=%25')).total).toBe(0);
  });

  it('reads whatever the address holds as a list, and writes only what differs from the defaults', () => {
    expect(query('year=20x6&place=Mars&state=gone&page=-3')).toEqual({
      search: '',
      year: undefined,
      place: '',
      state: 'all',
      page: 1,
    });
    expect(eventQueryHref(query('q= CME   camp &year=2024&place=salem&state=published&page=2'))).toBe(
      '/Admin?q=CME+camp&year=2024&place=Salem&state=published&page=2',
    );
    expect(eventQueryHref(query(''))).toBe('/Admin');
  });

  it('uses the index by date for the newest-first page (no sort of the whole table)', () => {
    const plan = db
      .prepare('EXPLAIN QUERY PLAN SELECT * FROM events e ORDER BY e.events_date DESC, e.events_id DESC LIMIT 50')
      .all()
      .map((row) => String(row['detail']));
    expect(plan.join(' ')).toMatch(/USING INDEX events_by_date/);
    expect(plan.join(' ')).not.toMatch(/TEMP B-TREE/);
  });
});
