/**
 * The home page's webinar heading may name a year ("{product} Monthly Webinar 2022"). After a
 * webinar of a new year is added, a heading left as it was names a year the cards no longer
 * match, and nothing else points it out: the check warns when the heading names a year in which
 * no webinar took place, and says which year the newest webinars are from.
 */
import { contentSource, listEntries } from './contentFiles.ts';
import type { ContentReader } from './contentReader.ts';
import type { ContentProblem } from './problems.ts';
import { isRecord, parseYamlFile } from './yamlDocument.ts';

const TITLE_PATH = ['webinars', 'title'] as const;

/**
 * The heading as the home page shows it: "{product}" is the site's short name and "{year}" the
 * year of the newest webinar on the home page (its date as stored or shown), so that the heading
 * follows the cards; a year the office types instead stays as typed.
 */
export function webinarHeading(title: string, product: string, homeDates: readonly string[]): string {
  const newest = homeDates
    .flatMap((date) => /\b(?:19|20)\d{2}\b/.exec(date) ?? [])
    .sort()
    .at(-1);
  return title
    .replaceAll('{product}', product)
    .replaceAll('{year}', newest ?? '')
    .trim();
}

/** The warning about the heading of `home.yaml`, given the webinars' stored dates ("2025-03-14"). */
export function headingYearWarning(title: string, dates: readonly string[]): string | undefined {
  const named = /\b(?:19|20)\d{2}\b/.exec(title)?.[0];
  if (!named) return undefined;
  const years = dates.map((date) => date.slice(0, 4)).filter((year) => /^\d{4}$/.test(year));
  if (years.includes(named)) return undefined;
  const newest = years.sort().at(-1);
  return `the webinar heading names ${named}, but no webinar is from ${named}${newest ? `; the newest are from ${newest}` : ''}: change the year in the heading (or leave it out)`;
}

/** The same, read from the content files; none when either file cannot be read. */
export function checkHeadingYear(reader: ContentReader): ContentProblem[] {
  const home = contentSource('home');
  const webinars = contentSource('webinars');
  const homeText = reader.read(home.path);
  const webinarsText = reader.read(webinars.path);
  if (homeText === undefined || webinarsText === undefined) return [];
  const homeFile = parseYamlFile(homeText);
  const section = isRecord(homeFile.data) ? homeFile.data['webinars'] : undefined;
  const title = isRecord(section) ? section['title'] : undefined;
  const entries = listEntries(webinars, parseYamlFile(webinarsText).data) ?? [];
  const dates = entries.flatMap((entry) =>
    isRecord(entry) && typeof entry['date'] === 'string' ? [entry['date']] : [],
  );
  const message = typeof title === 'string' ? headingYearWarning(title, dates) : undefined;
  if (!message) return [];
  const line = homeFile.lineOf(TITLE_PATH);
  return [{ file: home.path, ...(line ? { line } : {}), field: TITLE_PATH.join(' › '), message }];
}
