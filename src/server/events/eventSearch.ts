/**
 * The admin's list of events for years of them (/Admin): newest first, a search of the title and
 * sub-title (an event's place is named in its title: lib/events/eventPlaces.ts), filters by year, place
 * and state (draft, published), and pages of 50. The query travels in the page's address (a GET form,
 * so it works without JavaScript), and whatever the address holds gives a list (an unknown value is
 * the default). The store answers with LIMIT and OFFSET on the index by date (database.ts), counting
 * photos only for the page's 50 events.
 */
import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import { countSchema, eventRowSchema, toFields, type AdminEventSummary } from './eventFields.ts';

export const EVENTS_PAGE_SIZE = 50;
const MAX_SEARCH = 100;

type EventState = 'all' | 'draft' | 'published';

export interface EventQuery {
  /** Words searched for in the title and sub-title; '' for none. */
  search: string;
  year: number | undefined;
  /** One of the Monthly Activities places, or '' for all. */
  place: string;
  state: EventState;
  /** From 1. */
  page: number;
}

export interface EventPage {
  events: AdminEventSummary[];
  /** How many events the query finds, on every page. */
  total: number;
  page: number;
  pages: number;
  /** The years events have, newest first (the year filter's options). */
  years: number[];
}

const first = (params: URLSearchParams, name: string) => (params.get(name) ?? '').trim();

/** The query the address asks for; `places` are the Monthly Activities places. */
export function parseEventQuery(params: URLSearchParams, places: readonly string[]): EventQuery {
  const year = /^\d{4}$/.test(first(params, 'year')) ? Number(first(params, 'year')) : undefined;
  const place = places.find((each) => each.toLowerCase() === first(params, 'place').toLowerCase()) ?? '';
  const state = first(params, 'state');
  const page = /^\d{1,6}$/.test(first(params, 'page')) ? Math.max(1, Number(first(params, 'page'))) : 1;
  return {
    search: first(params, 'q').replace(/\s+/g, ' ').slice(0, MAX_SEARCH),
    year,
    place,
    state: state === 'draft' || state === 'published' ? state : 'all',
    page,
  };
}

/** The address of the list for `query` (only what differs from the defaults). */
export function eventQueryHref(query: EventQuery): string {
  const params = new URLSearchParams();
  if (query.search) params.set('q', query.search);
  if (query.year !== undefined) params.set('year', String(query.year));
  if (query.place) params.set('place', query.place);
  if (query.state !== 'all') params.set('state', query.state);
  if (query.page > 1) params.set('page', String(query.page));
  const text = params.toString();
  return text ? `/Admin?${text}` : '/Admin';
}

/** `text` for a LIKE pattern, its wildcards taken literally (ESCAPE '\'). */
const literal = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

function whereOf(query: EventQuery): { sql: string; values: SQLInputValue[] } {
  const clauses: string[] = [];
  const values: SQLInputValue[] = [];
  for (const word of query.search.split(' ').filter(Boolean)) {
    clauses.push(`(e.events_title LIKE ? ESCAPE '\\' OR e.events_sub_title LIKE ? ESCAPE '\\')`);
    values.push(`%${literal(word)}%`, `%${literal(word)}%`);
  }
  if (query.place) {
    clauses.push(`e.events_title LIKE ? ESCAPE '\\'`);
    values.push(`%${literal(query.place)}%`);
  }
  if (query.year !== undefined) {
    clauses.push('e.events_date >= ? AND e.events_date < ?');
    values.push(`${query.year}`, `${query.year + 1}`);
  }
  if (query.state !== 'all') {
    clauses.push('e.published = ?');
    values.push(query.state === 'published' ? 1 : 0);
  }
  return { sql: clauses.length > 0 ? `WHERE ${clauses.join(' AND ')}` : '', values };
}

/** One page of the events `query` finds, newest first; a page past the last gives the last. */
export function searchEvents(db: DatabaseSync, query: EventQuery): EventPage {
  const where = whereOf(query);
  const total = countSchema.parse(db.prepare(`SELECT count(*) AS n FROM events e ${where.sql}`).get(...where.values)).n;
  const pages = Math.max(1, Math.ceil(total / EVENTS_PAGE_SIZE));
  const page = Math.min(query.page, pages);
  const events = db
    .prepare(
      `SELECT e.*, (SELECT count(*) FROM event_images i WHERE i.events_id = e.events_id) AS n
       FROM events e ${where.sql} ORDER BY e.events_date DESC, e.events_id DESC LIMIT ? OFFSET ?`,
    )
    .all(...where.values, EVENTS_PAGE_SIZE, (page - 1) * EVENTS_PAGE_SIZE)
    .map((row) => ({ ...toFields(eventRowSchema.parse(row)), photoCount: countSchema.parse(row).n }));
  const years = db
    .prepare(
      `SELECT DISTINCT substr(events_date, 1, 4) AS year FROM events
       WHERE events_date GLOB '[0-9][0-9][0-9][0-9]*' ORDER BY year DESC`,
    )
    .all()
    .map((row) => Number(row['year']));
  return { events, total, page, pages, years };
}
