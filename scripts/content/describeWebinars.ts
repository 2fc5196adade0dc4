/** What visitors see change on Past Webinars (the webinars and the conclave links) and in the home page's cards. */
import { contentSource } from '../../src/lib/content/contentFiles.ts';
import { photoChanged } from './describeBearers.ts';
import { markdownText, quoted, type PageChanges } from './markdown.ts';
import type { ContentSnapshot, Webinar } from './snapshot.ts';

const { path: FILE, page: PAGE } = contentSource('webinars');

/** "14 - March - 2025" as visitors read it: "14 March 2025". */
function plainDate(date: string): string {
  return date.replaceAll(' - ', ' ');
}

function named(webinar: Webinar): string {
  return `${quoted(webinar.title)} (${markdownText(plainDate(webinar.date))})`;
}

/** Pairs webinars by video address, then (for an address that changed) by title. */
function pairWebinars(before: readonly Webinar[], after: readonly Webinar[]) {
  const left = [...before];
  const pairs: { old: Webinar; now: Webinar }[] = [];
  const added: Webinar[] = [];
  const take = (match: (old: Webinar) => boolean) => {
    const index = left.findIndex(match);
    return index >= 0 ? left.splice(index, 1)[0] : undefined;
  };
  const unmatched = after.filter((now) => {
    const old = take((candidate) => candidate.videoUrl === now.videoUrl);
    if (old) pairs.push({ old, now });
    return !old;
  });
  for (const now of unmatched) {
    const old = take((candidate) => candidate.title === now.title);
    if (old) pairs.push({ old, now });
    else added.push(now);
  }
  return { pairs, added, removed: left };
}

function webinarDetails(old: Webinar, now: Webinar, snapshots: { before: ContentSnapshot; after: ContentSnapshot }) {
  const text = (label: string, before: string, after: string) =>
    before === after ? [] : [`${label}: ${quoted(before)} → ${quoted(after)}`];
  return [
    ...text('title', old.title, now.title),
    ...(old.date === now.date
      ? []
      : [`date: ${markdownText(plainDate(old.date))} → ${markdownText(plainDate(now.date))}`]),
    ...text('home card title', old.shortTitle, now.shortTitle),
    ...text('host line', old.host, now.host),
    ...(old.videoUrl === now.videoUrl ? [] : [`video link changed: ${markdownText(now.videoUrl)}`]),
    ...photoChanged({ file: FILE, photo: old.image }, { file: FILE, photo: now.image }, snapshots).map((words) =>
      words.replace('photo', 'picture'),
    ),
  ];
}

export function webinarChanges(before: ContentSnapshot, after: ContentSnapshot): PageChanges {
  const { pairs, added, removed } = pairWebinars(before.webinars, after.webinars);
  const changes = [
    ...added.map((webinar) => `added ${named(webinar)}`),
    ...removed.map((webinar) => `removed ${named(webinar)}`),
    ...pairs.flatMap(({ old, now }) => {
      const details = webinarDetails(old, now, { before, after });
      return details.length > 0 ? [`${named(old)}: ${details.join('; ')}`] : [];
    }),
  ];
  return { page: PAGE, changes };
}

export function conclaveChanges(before: ContentSnapshot, after: ContentSnapshot): PageChanges {
  const { page } = contentSource('conclave');
  const old = before.conclave;
  const now = after.conclave;
  if (!old || !now)
    return { page, changes: old === now ? [] : [now ? 'conclave links added' : 'conclave links removed'] };
  const lines = old.title === now.title ? [] : [`conclave title: ${quoted(old.title)} → ${quoted(now.title)}`];
  const halls = new Map(old.halls.map((hall) => [hall.name, hall]));
  for (const hall of now.halls) {
    const was = halls.get(hall.name);
    halls.delete(hall.name);
    const name = `conclave, ${markdownText(hall.name)}`;
    if (!was) {
      lines.push(`${name} added with ${hall.links.length} video links`);
      continue;
    }
    const links = new Map(was.links.map((link) => [link.date, link.url]));
    for (const link of hall.links) {
      const url = links.get(link.date);
      links.delete(link.date);
      if (url === undefined) lines.push(`${name}: video of ${markdownText(link.date)} added`);
      else if (url !== link.url) lines.push(`${name}: video of ${markdownText(link.date)} changed`);
    }
    for (const date of links.keys()) lines.push(`${name}: video of ${markdownText(date)} removed`);
  }
  for (const name of halls.keys()) lines.push(`conclave, ${markdownText(name)} removed`);
  return { page, changes: lines };
}

/** The home page's webinar cards: which webinars have "showOnHome: true" (paired as on Past Webinars). */
export function homeCardChanges(before: ContentSnapshot, after: ContentSnapshot): string[] {
  const { pairs, added: newWebinars, removed: gone } = pairWebinars(before.webinars, after.webinars);
  const added = [
    ...newWebinars.filter((webinar) => webinar.showOnHome),
    ...pairs.filter(({ old, now }) => now.showOnHome && !old.showOnHome).map(({ now }) => now),
  ];
  const removed = [
    ...gone.filter((webinar) => webinar.showOnHome),
    ...pairs.filter(({ old, now }) => old.showOnHome && !now.showOnHome).map(({ old }) => old),
  ];
  return [
    ...added.map(
      (webinar) => `webinar card added: ${quoted(webinar.shortTitle)} (${markdownText(plainDate(webinar.date))})`,
    ),
    ...removed.map((webinar) => `webinar card removed: ${quoted(webinar.shortTitle)}`),
  ];
}
