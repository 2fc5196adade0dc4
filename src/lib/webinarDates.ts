/**
 * Webinar dates as the content writes them ("14 - March - 2025"), turned into ISO dates for
 * <time datetime> and for sorting. Kept apart from webinars.ts, which the year-filter island
 * ships to the browser, because the month names come from the content schema module.
 */
import { MONTHS } from './content/fields.ts';

/** "14 - March - 2025" -> "2025-03-14"; undefined when the text is not written that way. */
export function webinarIsoDate(date: string): string | undefined {
  const match = /^(\d{1,2}) - ([A-Za-z]+) - (\d{4})$/.exec(date.trim());
  if (!match) return undefined;
  const [, day = '', monthName, year] = match;
  const month = MONTHS.findIndex((name) => name === monthName);
  if (month < 0) return undefined;
  return `${year}-${String(month + 1).padStart(2, '0')}-${day.padStart(2, '0')}`;
}

/** Newest first; webinars of the same day keep their order in the content file. */
export function newestFirst<Webinar extends { date: string }>(webinars: readonly Webinar[]): Webinar[] {
  return webinars
    .map((webinar, order) => ({ webinar, order, iso: webinarIsoDate(webinar.date) ?? '' }))
    .sort((a, b) => b.iso.localeCompare(a.iso) || a.order - b.order)
    .map(({ webinar }) => webinar);
}
