/**
 * The Monthly Activities filters (docs/SPEC.md points 2, 5 and 9): an event is kept only if it has
 * both a title and a date, its title contains the selected place (case-insensitive), and the
 * year of its date equals the selected year. The places are content (`activityPlaces` in
 * content/site.yaml); the first is the one chosen at first.
 */
import { yearOptions, type YearOptions } from '../yearOptions.ts';
import type { EventRecord } from './eventRecords.ts';

/** The oldest year the year filter offers (docs/SPEC.md point 9: events from 2021). */
const EVENTS_FIRST_YEAR = 2021;

/** The year of a date written "2025-03-14", "14-03-2025", "14 March 2025" and similar; else undefined. */
export function yearOf(date: string): number | undefined {
  const match = /(?:^|\D)(\d{4})(?:\D|$)/.exec(date);
  return match ? Number(match[1]) : undefined;
}

/** Whether the site can show an event at all: it needs both a title and a date (so did the original site). */
export function isListable(event: EventRecord): boolean {
  return event.events_title.trim() !== '' && event.events_date.trim() !== '';
}

/**
 * The year options for `events` (src/lib/yearOptions.ts): the years from 2021 on that have an
 * event with a title and a date (whatever its place), newest first; the list opens on the newest,
 * so that what the office publishes is on the page as visitors first open it.
 */
export function eventYearOptions(events: readonly EventRecord[], currentYear: number): YearOptions {
  return yearOptions(
    events.filter(isListable).map((event) => yearOf(event.events_date.trim())),
    currentYear,
    EVENTS_FIRST_YEAR,
  );
}

export function filterEvents(events: readonly EventRecord[], place: string, year: number): EventRecord[] {
  const wanted = place.trim().toLowerCase();
  return events.filter(
    (event) =>
      isListable(event) &&
      event.events_title.trim().toLowerCase().includes(wanted) &&
      yearOf(event.events_date.trim()) === year,
  );
}

/**
 * The place an event belongs to, for breadcrumbs: the first of `places` after the first that its
 * title names, else the first (the whole state, "Tamil Nadu" in the sample content).
 */
export function placeOfEvent(title: string, places: readonly string[]): string {
  const [broadest = '', ...cities] = places;
  const lower = title.toLowerCase();
  return cities.find((place) => lower.includes(place.toLowerCase())) ?? broadest;
}
