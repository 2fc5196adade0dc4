/**
 * The year options of the Monthly Activities and Past Webinars filters, taken from the data and
 * the calendar: every year from the later of the current year and the newest entry's
 * year down to a first year, newest first; the default is the newest year that has an entry.
 *
 * The current year is passed in, never read here, so the rule is the same wherever it runs and
 * tests can set it. Both pages are rendered at each request and pass the request's year: a new year
 * is offered on New Year's day without a rebuild.
 */

export interface YearOptions {
  /** Newest first, from max(current year, newest entry's year) down to the first year. */
  years: number[];
  /** The newest year with at least one entry; the newest option when no entry falls in the range. */
  defaultYear: number;
}

/**
 * The options for entries dated `entryYears` (undefined for an entry without a readable year,
 * which counts for nothing). Entries older than `firstYear` are not offered and count for nothing.
 */
export function yearOptions(
  entryYears: Iterable<number | undefined>,
  currentYear: number,
  firstYear: number,
): YearOptions {
  let newestEntry: number | undefined;
  for (const year of entryYears) {
    if (year === undefined || !Number.isSafeInteger(year) || year < firstYear) continue;
    if (newestEntry === undefined || year > newestEntry) newestEntry = year;
  }
  // A clock set before the first year (or not a year at all) still offers the data's years.
  const now = Number.isSafeInteger(currentYear) ? currentYear : firstYear;
  const newest = Math.max(now, newestEntry ?? firstYear, firstYear);
  const years = Array.from({ length: newest - firstYear + 1 }, (_, index) => newest - index);
  return { years, defaultYear: newestEntry ?? newest };
}

/** The option a select value stands for, or undefined when it is not one of `years`. */
export function parseYearOption(value: string, years: readonly number[]): number | undefined {
  const text = value.trim();
  return years.find((year) => String(year) === text);
}
