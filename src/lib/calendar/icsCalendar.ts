/**
 * Happenings as an iCalendar file (RFC 5545), written by ical-generator: one VEVENT each, with a
 * UID that stays the same across requests (the happening's own, at the site's host), its start
 * and end (a timed webinar for WEBINAR_MINUTES from its time in India; anything else as a whole
 * day), where it is (the joining link or the event's place), and its page on this site (absolute
 * from the public address only). No control character reaches the file (src/lib/plainText.ts).
 */
import ical, { ICalCalendarMethod } from 'ical-generator';
import { withoutControlCharacters } from '../plainText.ts';
import { indiaDay, pastOf, startInstant, upcomingOf, WEBINAR_MINUTES, type Happening } from './happenings.ts';

export interface CalendarOptions {
  /** The public address (SITE_URL): page links and the UIDs' domain. */
  site: URL;
  /** The calendar's name, as a subscriber's calendar app shows it. */
  name: string;
  /** When the file is made (every DTSTAMP). */
  now: Date;
}

/** The path of the calendar members subscribe to. */
const CALENDAR_PATH = '/calendar.ics';

/** The calendar's name: "ISA TN webinars and activities". */
export function calendarName(product: string): string {
  return `${product} webinars and activities`;
}

/** The path of one happening's own calendar file ("Add to calendar"). */
export function happeningCalendarPath(happening: Pick<Happening, 'uid'>): string {
  return `/calendar/${encodeURIComponent(happening.uid)}.ics`;
}

/** The subscription addresses: `webcal://` (calendar apps subscribe) and the plain https:// one. */
export function subscriptionUrls(site: URL): { webcal: string; https: string } {
  const https = new URL(CALENDAR_PATH, site).href;
  return { https, webcal: https.replace(/^https?:/, 'webcal:') };
}

/** How far back the subscribed calendar reaches: what happened in the last year. */
const RECENT_DAYS = 366;

/** What the subscribed calendar lists: every upcoming happening and those of the last RECENT_DAYS days. */
export function subscribedHappenings(happenings: readonly Happening[], now: Date): Happening[] {
  const oldest = indiaDay(new Date(now.getTime() - RECENT_DAYS * 86_400_000));
  const recent = pastOf(happenings, now).filter((happening) => happening.day >= oldest);
  return [...upcomingOf(happenings, now), ...recent];
}

function nextDay(day: string): Date {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date;
}

function description(happening: Happening, pageUrl: string): string {
  return [
    happening.summary,
    happening.joinUrl ? `Join: ${happening.joinUrl}` : '',
    happening.videoUrl && !happening.joinUrl ? `Video: ${happening.videoUrl}` : '',
    `Details: ${pageUrl}`,
  ]
    .filter(Boolean)
    .join('\n');
}

/** The calendar text of `happenings` (in the order given). */
export function calendarText(happenings: readonly Happening[], options: CalendarOptions): string {
  const calendar = ical({
    name: options.name,
    prodId: { company: options.site.hostname, product: 'calendar', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    url: new URL(CALENDAR_PATH, options.site).href,
    // Calendar apps that honour it check the subscription for changes every six hours.
    ttl: 6 * 60 * 60,
  });
  for (const happening of happenings) {
    const pageUrl = new URL(happening.path, options.site).href;
    const start = startInstant(happening);
    calendar.createEvent({
      id: `${happening.uid}@${options.site.hostname}`,
      stamp: options.now,
      summary: happening.title,
      description: description(happening, pageUrl),
      location: happening.joinUrl ?? happening.place ?? null,
      url: pageUrl,
      ...(start
        ? { start, end: new Date(start.getTime() + WEBINAR_MINUTES * 60_000) }
        : { start: new Date(`${happening.day}T00:00:00Z`), end: nextDay(happening.day), allDay: true }),
    });
  }
  // RFC 5545 TEXT cannot carry control characters, escaped or not: whatever a field brought is removed.
  return withoutControlCharacters(calendar.toString());
}
