/**
 * Dates as the content files write them: "14 - March - 2025" (webinars, the privacy notice) and
 * "18.12.2020" (the conclave links). The content schema (src/lib/content/fields.ts) accepts a
 * date only when these read it as a real day; pages turn them into ISO dates for
 * <time datetime> and for sorting. No zod here: the Past Webinars island ships it.
 */

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** yyyy-mm-dd of a day, or undefined when the month or day does not exist (31 April). */
function isoDay(year: string, monthIndex: number, day: number): string | undefined {
  if (monthIndex < 0 || monthIndex > 11 || day < 1) return undefined;
  const days = new Date(Date.UTC(Number(year), monthIndex + 1, 0)).getUTCDate();
  if (day > days) return undefined;
  return `${year}-${String(monthIndex + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** "14 - March - 2025" -> "2025-03-14"; undefined when the text is not a real date written that way. */
export function webinarIsoDate(date: string): string | undefined {
  const match = /^(\d{1,2}) - ([A-Za-z]+) - (\d{4})$/.exec(date.trim());
  if (!match) return undefined;
  const [, day = '', monthName, year = ''] = match;
  return isoDay(
    year,
    MONTHS.findIndex((name) => name === monthName),
    Number(day),
  );
}

/** "18.12.2020" -> "2020-12-18"; undefined when the text is not a real date written dd.mm.yyyy. */
export function isoFromDottedDate(date: string): string | undefined {
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(date.trim());
  if (!match) return undefined;
  const [, day = '', month = '', year = ''] = match;
  return isoDay(year, Number(month) - 1, Number(day));
}

/** Newest first by their "14 - March - 2025" dates; items of the same day keep their order in the file. */
export function newestFirst<Item extends { date: string }>(items: readonly Item[]): Item[] {
  return items
    .map((item, order) => ({ item, order, iso: webinarIsoDate(item.date) ?? '' }))
    .sort((a, b) => b.iso.localeCompare(a.iso) || a.order - b.order)
    .map(({ item }) => item);
}

/** "2025-03-14" -> "14 March 2025", as an event's page shows its date; any other text as it is. */
export function readableIsoDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date.trim());
  if (!match) return date.trim();
  const [, year = '', month = '', day = ''] = match;
  const monthName = MONTHS[Number(month) - 1];
  return monthName && isoDay(year, Number(month) - 1, Number(day))
    ? `${Number(day)} ${monthName} ${year}`
    : date.trim();
}

/**
 * A date as the content files store it, "2025-03-14" (what the forms' date picker writes), as
 * pages show it: "14 - March - 2025" (`style: 'webinar'`) or "18.12.2020" (`style: 'dotted'`);
 * undefined when it is not a real day written yyyy-mm-dd.
 */
export function displayDate(iso: string, style: 'webinar' | 'dotted'): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso.trim());
  if (!match) return undefined;
  const [, year = '', month = '', day = ''] = match;
  if (isoDay(year, Number(month) - 1, Number(day)) === undefined) return undefined;
  if (style === 'dotted') return `${day}.${month}.${year}`;
  return `${Number(day)} - ${MONTHS[Number(month) - 1] ?? ''} - ${year}`;
}
