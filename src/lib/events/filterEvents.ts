/**
 * The Monthly Activities filters (spec points 2, 5 and 9): an event is kept only if it has
 * both a title and a date, its title contains the selected place (case-insensitive), and the
 * year of its date equals the selected year.
 */
import type { EventRecord } from './eventRecords.ts';

export const EVENT_PLACES = ['Tamil Nadu', 'Salem', 'Madurai', 'Coimbatore', 'Chennai'] as const;
export const EVENT_YEARS = [2025, 2024, 2023, 2022, 2021] as const;
export const DEFAULT_PLACE: EventPlace = 'Tamil Nadu';
export const DEFAULT_YEAR: EventYear = 2025;

export type EventPlace = (typeof EVENT_PLACES)[number];
export type EventYear = (typeof EVENT_YEARS)[number];

/** The year of a date written "2025-03-14", "14-03-2025", "14 March 2025" and similar; else undefined. */
export function yearOf(date: string): number | undefined {
  const match = /(?:^|\D)(\d{4})(?:\D|$)/.exec(date);
  return match ? Number(match[1]) : undefined;
}

export function filterEvents(events: readonly EventRecord[], place: string, year: number): EventRecord[] {
  const wanted = place.trim().toLowerCase();
  return events.filter((event) => {
    const title = event.events_title.trim();
    const date = event.events_date.trim();
    if (!title || !date) return false;
    return title.toLowerCase().includes(wanted) && yearOf(date) === year;
  });
}

/** The place an event belongs to, for breadcrumbs: the first city its title names, else Tamil Nadu. */
export function placeOfEvent(title: string): EventPlace {
  const lower = title.toLowerCase();
  return EVENT_PLACES.find((place) => place !== 'Tamil Nadu' && lower.includes(place.toLowerCase())) ?? 'Tamil Nadu';
}
