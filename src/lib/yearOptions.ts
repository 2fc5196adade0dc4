/**
 * The year options of the Monthly Activities and Past Webinars filters, taken from the data: every
 * year from a first year on that has an entry to show, newest first; the default is the newest.
 * A year without one is not offered (a menu that offers this year only to say it has nothing is a
 * dead end). With nothing to show at all, the current year alone is offered, and the page says so.
 *
 * The current year is passed in, never read here, so the rule is the same wherever it runs and
 * tests can set it. Both pages are rendered at each request from what they show at that moment: a
 * year is offered once its first entry is there, without a rebuild.
 */

export interface YearOptions {
  /** The years with an entry, newest first (the current year alone when none has one). */
  years: number[];
  /** The newest year offered. */
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
  const offered = new Set<number>();
  for (const year of entryYears) {
    if (year !== undefined && Number.isSafeInteger(year) && year >= firstYear) offered.add(year);
  }
  const years = [...offered].sort((a, b) => b - a);
  // Nothing to show: the current year (or, with a clock set before it, the first year) says so.
  const fallback = Number.isSafeInteger(currentYear) ? Math.max(currentYear, firstYear) : firstYear;
  const [newest = fallback] = years;
  return { years: years.length > 0 ? years : [fallback], defaultYear: newest };
}

/** The option a select value stands for, or undefined when it is not one of `years`. */
export function parseYearOption(value: string, years: readonly number[]): number | undefined {
  const text = value.trim();
  return years.find((year) => String(year) === text);
}
