/**
 * The past-webinars year filter of docs/SPEC.md points 2 and 5: the year options, the default year, and
 * the rule "a webinar is shown when its date text ends with the selected year".
 */
import { parseYearOption, yearOptions, type YearOptions } from './yearOptions.ts';

/** The oldest year the year filter offers (docs/SPEC.md point 9: webinars from 2020). */
const WEBINARS_FIRST_YEAR = 2020;

/** The year a webinar date text ends with ("14 - March - 2025" -> 2025), or undefined. */
export function webinarYear(date: string): number | undefined {
  const match = /(?:^|\D)(\d{4})$/.exec(date.trim());
  return match ? Number(match[1]) : undefined;
}

/**
 * The year options for `webinars` (src/lib/yearOptions.ts): the years from 2020 on that have a
 * webinar, newest first; the default is the newest.
 */
export function webinarYearOptions(webinars: readonly { date: string }[], currentYear: number): YearOptions {
  return yearOptions(
    webinars.map((webinar) => webinarYear(webinar.date)),
    currentYear,
    WEBINARS_FIRST_YEAR,
  );
}

/**
 * Whether a webinar date text such as "14 - March - 2025" ends with the year. The year must be
 * four digits and stand on its own: "2025" matches "… - 2025" but not "… - 12025", and an
 * empty year matches nothing (a plain endsWith("") would match every date).
 */
export function dateEndsWithYear(date: string, year: number | string): boolean {
  const yearText = String(year).trim();
  if (!/^\d{4}$/.test(yearText)) return false;
  const text = date.trim();
  if (!text.endsWith(yearText)) return false;
  const before = text.charAt(text.length - yearText.length - 1);
  return !/\d/.test(before);
}

/** The webinars whose date text ends with the year, in their original order. */
export function webinarsOfYear<Webinar extends { date: string }>(
  webinars: readonly Webinar[],
  year: number | string,
): Webinar[] {
  return webinars.filter((webinar) => dateEndsWithYear(webinar.date, year));
}

/** "4 webinars from 2025", "1 webinar from 2021", "No webinars from 2019". */
export function webinarCountText(count: number, year: number | string): string {
  if (count === 0) return `No webinars from ${year}`;
  return `${count} ${count === 1 ? 'webinar' : 'webinars'} from ${year}`;
}

/** What Past Webinars shows for the address's `?year=`: the years offered, the year and its webinars. */
export interface WebinarYearSelection<Webinar> extends YearOptions {
  year: number;
  shown: Webinar[];
}

/**
 * The selection for `yearParam` (the address's `year`, or null): a year that is not offered
 * (missing, mistyped, without webinars) gives the default year, the newest with webinars.
 */
export function webinarYearSelection<Webinar extends { date: string }>(
  webinars: readonly Webinar[],
  yearParam: string | null,
  currentYear: number,
): WebinarYearSelection<Webinar> {
  const options = webinarYearOptions(webinars, currentYear);
  const year = parseYearOption(yearParam ?? '', options.years) ?? options.defaultYear;
  return { ...options, year, shown: webinarsOfYear(webinars, year) };
}
