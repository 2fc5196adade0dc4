/**
 * The site's Atom feed of webinars and monthly activities (RFC 4287): each entry has its title,
 * date (its day; for a timed webinar its start), a summary (the host or sub-title and when it is),
 * its page on this site and its photo. Addresses are absolute from the public address only. Newest
 * date first; a feed reader shows what it has not seen yet. Titles and summaries are plain text
 * (Atom's default type), escaped, and nothing in the file is a control character
 * (src/lib/plainText.ts): one would make it "not XML", and readers drop the whole feed.
 *
 * Written here rather than by a feed package: the one tried marks every title as HTML inside CDATA,
 * which a person who opens the feed (feedPage.ts) would read with its escapes ("&#38;").
 */
import { escapeXml } from '../escapeXml.ts';
import { IMAGE_CONTENT_TYPES } from '../imageTypes.ts';
import { withoutControlCharacters } from '../plainText.ts';
import { feedPageParts, type FeedPageOptions } from './feedPage.ts';
import { startInstant, whenText, type Happening } from './happenings.ts';

/** The path of the feed, announced in every page's head. */
export const FEED_PATH = '/feed.xml';

/** How many entries the feed holds: the newest, enough for a reader that looks in once a year. */
const FEED_ENTRIES = 50;

export type FeedOptions = FeedPageOptions;

/** When a happening counts as published in the feed: its start, or noon in India on its day. */
function happeningDate(happening: Happening): Date {
  return startInstant(happening) ?? new Date(`${happening.day}T12:00:00+05:30`);
}

/** The photo's type by its extension (a JPEG when the address names none). */
function imageType(url: string): string {
  const extension = /(\.[a-z0-9]+)(?:[?#]|$)/i.exec(url)?.[1]?.toLowerCase() ?? '';
  return IMAGE_CONTENT_TYPES[extension] ?? 'image/jpeg';
}

/** An element holding escaped text; an attribute's value is escaped the same way. */
const element = (name: string, text: string) => `<${name}>${escapeXml(text)}</${name}>`;
const link = (rel: string, type: string, href: string) =>
  `<link rel="${rel}" type="${type}" href="${escapeXml(href)}"/>`;

function entryText(happening: Happening, site: URL): string {
  const what = happening.kind === 'webinar' ? 'Webinar' : 'Activity';
  const where = happening.place ? `, ${happening.place}` : '';
  const summary = [`${what}: ${whenText(happening)}${where}.`, happening.summary].filter(Boolean).join(' ');
  const image = happening.image ? new URL(happening.image, site).href : undefined;
  return [
    '<entry>',
    element('id', `tag:${site.hostname},2020:${happening.uid}`),
    element('title', happening.title),
    link('alternate', 'text/html', new URL(happening.path, site).href),
    element('updated', happeningDate(happening).toISOString()),
    element('summary', summary),
    ...(image ? [link('enclosure', imageType(image), image)] : []),
    '</entry>',
  ].join('\n');
}

/** The Atom text of the newest FEED_ENTRIES of `happenings`. */
export function feedText(happenings: readonly Happening[], options: FeedOptions): string {
  const entries = [...happenings]
    .sort((a, b) => happeningDate(b).getTime() - happeningDate(a).getTime())
    .slice(0, FEED_ENTRIES);
  const home = new URL('/', options.site).href;
  const page = feedPageParts(options, new URL(FEED_PATH, options.site).href);
  const updated = entries[0] ? happeningDate(entries[0]) : new Date(0);
  const text = [
    '<?xml version="1.0" encoding="utf-8"?>',
    page.stylesheet,
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">',
    element('id', home),
    element('title', options.title),
    element('subtitle', options.description),
    element('updated', updated.toISOString()),
    link('alternate', 'text/html', home),
    link('self', 'application/atom+xml', new URL(FEED_PATH, options.site).href),
    `<author>${element('name', options.title)}</author>`,
    element('rights', options.title),
    page.introduction,
    ...entries.map((happening) => entryText(happening, options.site)),
    '</feed>',
    '',
  ].join('\n');
  return withoutControlCharacters(text);
}
