/**
 * Webinars (content/webinars.yaml) and events (the events store) as one list of dated
 * happenings, for the home page's "coming" list, the calendar files and the feed. A happening is
 * upcoming until it is over: a timed one (a webinar at 7 pm) WEBINAR_MINUTES after it starts, one
 * without a time at the end of its day in India (IST), whatever the server's own time zone; an event
 * whose photos are up (its report) has happened, whatever its date. No Astro or server imports: the
 * routes and pages pass the data in.
 */
import { webinarIsoDate } from '../contentDates.ts';
import { isoDateOf } from '../events/indianDate.ts';

export interface Happening {
  /** Stable across requests and builds: a calendar keeps one entry per UID. */
  uid: string;
  kind: 'webinar' | 'event';
  title: string;
  /** A line under the title: the host of a webinar, the sub-title of an event. */
  summary: string;
  /** yyyy-mm-dd, in India. */
  day: string;
  /** "18:30" in India, when known; otherwise the happening lasts the whole day. */
  time?: string | undefined;
  /** Where to join it live (a webinar's meeting link). */
  joinUrl?: string | undefined;
  /** Where to watch it (a webinar's video). */
  videoUrl?: string | undefined;
  /** The place an event is held (its branch), when known. */
  place?: string | undefined;
  /** A path on this site. */
  path: string;
  /** A path on this site or a full address of a photo, when there is one. */
  image?: string | undefined;
  /** An event with its photos up: its report, so it has happened, whatever its date says. */
  reported?: boolean | undefined;
}

/** Where the home page lists what is coming. */
const COMING_PATH = '/#coming-up';

/** How long a timed webinar is entered in calendars for. */
export const WEBINAR_MINUTES = 60;

const INDIA_OFFSET_MS = (5 * 60 + 30) * 60_000;

/** Today's date in India (UTC+05:30, no daylight saving) as yyyy-mm-dd. */
export function indiaDay(now: Date): string {
  return new Date(now.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant a timed happening starts ("2027-09-17" at "19:00" IST); undefined without a time. */
export function startInstant(happening: Pick<Happening, 'day' | 'time'>): Date | undefined {
  return happening.time ? new Date(`${happening.day}T${happening.time}:00+05:30`) : undefined;
}

/** The instant a happening is over: WEBINAR_MINUTES after a timed one starts, else when its day ends in India. */
export function upcomingUntil(happening: Pick<Happening, 'day' | 'time'>): Date {
  const start = startInstant(happening);
  if (start) return new Date(start.getTime() + WEBINAR_MINUTES * 60_000);
  return new Date(new Date(`${happening.day}T00:00:00+05:30`).getTime() + 86_400_000);
}

/** Upcoming: not over yet (a webinar at 7 pm today until 8 pm), and not an event whose report is up. */
export function isUpcoming(happening: Pick<Happening, 'day' | 'time' | 'reported'>, now: Date): boolean {
  return !happening.reported && now.getTime() < upcomingUntil(happening).getTime();
}

const sortKey = (happening: Happening) => `${happening.day} ${happening.time ?? ''}`;

/** The upcoming happenings, soonest first. */
export function upcomingOf(happenings: readonly Happening[], now: Date): Happening[] {
  return happenings
    .filter((happening) => isUpcoming(happening, now))
    .sort((a, b) => sortKey(a).localeCompare(sortKey(b)));
}

/** The happenings that are past, newest first. */
export function pastOf(happenings: readonly Happening[], now: Date): Happening[] {
  return happenings
    .filter((happening) => !isUpcoming(happening, now))
    .sort((a, b) => sortKey(b).localeCompare(sortKey(a)));
}

/** Lower-case letters and digits joined by hyphens: "Hosted by Madurai branch" -> "hosted-by-madurai-branch". */
function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The fields of a webinar this module reads (its date as pages show it: "14 - March - 2025"). */
export interface WebinarFields {
  date: string;
  title: string;
  host: string;
  videoUrl: string;
  image?: { src: string } | undefined;
  time?: string | undefined;
  joinUrl?: string | undefined;
}

/**
 * A webinar as a happening. Its UID is made of its date and host, so that correcting a title or
 * adding the recording's address later does not enter it twice in a subscriber's calendar.
 */
export function webinarHappening(webinar: WebinarFields, now: Date): Happening | undefined {
  const day = webinarIsoDate(webinar.date);
  if (!day) return undefined;
  const happening: Happening = {
    uid: `webinar-${day}-${slug(webinar.host)}`,
    kind: 'webinar',
    title: webinar.title,
    summary: webinar.host,
    day,
    time: webinar.time,
    joinUrl: webinar.joinUrl,
    videoUrl: webinar.videoUrl,
    path: COMING_PATH,
    image: webinar.image?.src,
  };
  // Upcoming webinars are on the home page; past ones on their year's Past Webinars page.
  if (!isUpcoming(happening, now)) happening.path = `/past-webinars?year=${day.slice(0, 4)}`;
  return happening;
}

/**
 * yyyy-mm-dd of an event's date as the store may hold it: "2025-03-14" or "14-03-2025" / "14.03.2025"
 * (isoDateOf's rule), or an ISO date with a time after it ("2021-06-19 10:00:00").
 */
export function eventDay(date: string): string | undefined {
  return isoDateOf(/^\d{4}-\d{2}-\d{2}/.exec(date.trim())?.[0] ?? date);
}

/** The fields of an event record this module reads. */
export interface EventFields {
  events_id: number;
  events_title: string;
  events_sub_title: string;
  events_image: string;
  events_date: string;
}

/**
 * Whether an event is an activity, on Monthly Activities: it has its photos (its report, even on the day itself),
 * or it is dated today or earlier in India, or its date cannot be read; only one still to come without photos is
 * left to the home page's Coming up.
 */
export function isActivity(event: Pick<EventFields, 'events_date' | 'events_image'>, now: Date): boolean {
  if (event.events_image) return true;
  const day = eventDay(event.events_date);
  return day === undefined || day <= indiaDay(now);
}

/** An event of the store as a happening; undefined when it has no title or no readable date. */
export function eventHappening(event: EventFields, place: string | undefined): Happening | undefined {
  const day = eventDay(event.events_date);
  if (!day || !event.events_title.trim()) return undefined;
  return {
    uid: `event-${event.events_id}`,
    kind: 'event',
    title: event.events_title.trim(),
    summary: event.events_sub_title.trim(),
    day,
    place,
    path: `/Events/${event.events_id}`,
    image: event.events_image || undefined,
    reported: Boolean(event.events_image),
  };
}

/** A happening's date (and time) as people in India read it: "Friday 17 September 2027, 7:00 pm IST". */
export function whenText(happening: Pick<Happening, 'day' | 'time'>): string {
  const date = new Date(`${happening.day}T12:00:00Z`);
  const dayText = new Intl.DateTimeFormat('en-IN', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
  const start = startInstant(happening);
  if (!start) return dayText;
  const timeText = new Intl.DateTimeFormat('en-IN', {
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZone: 'Asia/Kolkata',
  }).format(start);
  return `${dayText}, ${timeText} IST`;
}
