/**
 * The site's Atom feed of webinars and monthly activities, written by the `feed` package: each
 * entry has its title, date (its day; for a timed webinar its start), a summary (the host or
 * sub-title and when it is), its page on this site and its photo. Addresses are absolute from the
 * public address only. Newest date first; a feed reader shows what it has not seen yet.
 */
import { Feed } from 'feed';
import { escapeXml } from '../escapeXml.ts';
import { startInstant, whenText, type Happening } from './happenings.ts';

/** The path of the feed, announced in every page's head. */
export const FEED_PATH = '/feed.xml';

/** How many entries the feed holds: the newest, enough for a reader that looks in once a year. */
const FEED_ENTRIES = 50;

export interface FeedOptions {
  site: URL;
  /** The feed's title, such as the society's name. */
  title: string;
  description: string;
}

/** When a happening counts as published in the feed: its start, or noon in India on its day. */
function happeningDate(happening: Happening): Date {
  return startInstant(happening) ?? new Date(`${happening.day}T12:00:00+05:30`);
}

function imageType(url: string): string {
  const extension = /\.([a-z0-9]+)(?:[?#]|$)/i.exec(url)?.[1]?.toLowerCase();
  if (extension === 'png') return 'image/png';
  if (extension === 'webp') return 'image/webp';
  if (extension === 'avif') return 'image/avif';
  return 'image/jpeg';
}

/** The Atom text of the newest FEED_ENTRIES of `happenings`. */
export function feedText(happenings: readonly Happening[], options: FeedOptions): string {
  const entries = [...happenings]
    .sort((a, b) => happeningDate(b).getTime() - happeningDate(a).getTime())
    .slice(0, FEED_ENTRIES);
  const home = new URL('/', options.site).href;
  const feed = new Feed({
    id: home,
    link: home,
    title: options.title,
    description: options.description,
    copyright: options.title,
    updated: entries[0] ? happeningDate(entries[0]) : new Date(0),
    feedLinks: { atom: new URL(FEED_PATH, options.site).href },
  });
  for (const happening of entries) {
    const what = happening.kind === 'webinar' ? 'Webinar' : 'Activity';
    const where = happening.place ? `, ${happening.place}` : '';
    const image = happening.image ? new URL(happening.image, options.site).href : undefined;
    feed.addItem({
      id: `tag:${options.site.hostname},2020:${happening.uid}`,
      // The package marks titles and summaries as HTML: plain text is escaped to read as written.
      title: escapeXml(happening.title),
      link: new URL(happening.path, options.site).href,
      date: happeningDate(happening),
      description: escapeXml([`${what}: ${whenText(happening)}${where}.`, happening.summary].filter(Boolean).join(' ')),
      ...(image ? { image: { url: image, type: imageType(image) } } : {}),
    });
  }
  return feed.atom1();
}
