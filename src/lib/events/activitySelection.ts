/**
 * The Monthly Activities selection (place and year) as it travels in the page's address:
 * `/monthly-activities?place=Madurai&year=2024`. The filter form sends it with a plain GET, so
 * it works without JavaScript; the page reads it on the server and the island reads it again
 * when the visitor goes Back or Forward. Whatever the address holds, the answer is a selection
 * the page can show: a missing value gets the default, an unknown one gets the default and a
 * note saying so (never an error).
 */
import type { YearOptions } from '../yearOptions.ts';

export interface ActivitySelection {
  place: string;
  year: number;
}

export interface ParsedActivitySelection extends ActivitySelection {
  /** What was asked for but could not be shown, in words for the visitor; usually empty. */
  notices: string[];
}

/** How much of an unknown value the notice repeats. */
const ECHO_LIMIT = 40;

function echo(value: string): string {
  const trimmed = value.trim().replace(/\s+/g, ' ');
  return trimmed.length > ECHO_LIMIT ? `${trimmed.slice(0, ECHO_LIMIT)}…` : trimmed;
}

const normalize = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The selection a query string asks for (`place` and `year`; the first of repeated values),
 * among `places` (the first is the default) and the year `options`.
 */
export function parseActivitySelection(
  query: URLSearchParams,
  places: readonly string[],
  options: YearOptions,
): ParsedActivitySelection {
  const notices: string[] = [];
  const defaultPlace = places[0] ?? '';
  const askedPlace = query.get('place') ?? '';
  let place = defaultPlace;
  if (askedPlace.trim() !== '') {
    const known = places.find((candidate) => normalize(candidate) === normalize(askedPlace));
    if (known) place = known;
    else
      notices.push(`There is no list of events for “${echo(askedPlace)}”, so the events of ${defaultPlace} are shown.`);
  }

  const askedYear = (query.get('year') ?? '').trim();
  let year = options.defaultYear;
  if (askedYear !== '') {
    const known = options.years.find((candidate) => String(candidate) === askedYear);
    if (known !== undefined) year = known;
    else {
      const range = `${options.years.at(-1) ?? year} to ${options.years[0] ?? year}`;
      notices.push(`Events are listed for the years ${range}, not “${echo(askedYear)}”, so ${year} is shown.`);
    }
  }
  return { place, year, notices };
}

/** The query string of a selection: "?place=Madurai&year=2024". */
export function activitySearch({ place, year }: ActivitySelection): string {
  return `?${new URLSearchParams({ place, year: String(year) }).toString()}`;
}

/**
 * The status line under the filters: how many events the selection shows, and, when a card is
 * always shown after them (`alsoShown`, the cricket tournament), that one too, so that the count
 * said matches the cards seen.
 */
export function activityStatus(count: number, { place, year }: ActivitySelection, alsoShown?: string): string {
  if (count === 0)
    return `No events for ${place} in ${year}${alsoShown ? `; only the card of ${alsoShown} is shown` : ''}.`;
  const events = `${count} ${count === 1 ? 'event' : 'events'} for ${place} in ${year}`;
  return alsoShown ? `${events}, and ${alsoShown}: ${count + 1} cards.` : `${events}.`;
}
