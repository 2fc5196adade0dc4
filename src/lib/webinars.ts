/**
 * The past-webinars year filter of spec points 2 and 5: the year options, the default year, and
 * the rule "a webinar is shown when its date text ends with the selected year".
 */

/** The year options of the filter, newest first (spec point 9: webinars 2020 to 2025). */
export const WEBINAR_YEARS = [2025, 2024, 2023, 2022, 2021, 2020] as const;

export type WebinarYear = (typeof WEBINAR_YEARS)[number];

export const DEFAULT_WEBINAR_YEAR: WebinarYear = 2025;

/** The year option a select value stands for, or undefined when it is not one of the options. */
export function parseWebinarYear(value: string): WebinarYear | undefined {
  return WEBINAR_YEARS.find((year) => String(year) === value.trim());
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

/** "18.12.2020" -> "2020-12-18", for a <time datetime>; undefined when not written dd.mm.yyyy. */
export function isoFromDottedDate(date: string): string | undefined {
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(date.trim());
  if (!match) return undefined;
  const [, day, month, year] = match;
  return `${year}-${month}-${day}`;
}

/** "4 webinars from 2025", "1 webinar from 2021", "No webinars from 2019". */
export function webinarCountText(count: number, year: number | string): string {
  if (count === 0) return `No webinars from ${year}`;
  return `${count} ${count === 1 ? 'webinar' : 'webinars'} from ${year}`;
}
