/** What visitors see change on the home page, the galleries, the contact page, every page's frame and the privacy notice. */
import { contentSource, type ContentFile } from '../../src/lib/content/contentFiles.ts';
import { alignLists, fieldChanges } from './describeFields.ts';
import { homeCardChanges } from './describeWebinars.ts';
import { markdownText, quoted, type PageChanges } from './markdown.ts';
import type { ContentSnapshot, Milestone } from './snapshot.ts';

/** The page each gallery file is shown on. */
const GALLERY_PAGES: Record<string, string> = {
  'sports-meet': 'Gallery (/Gallery)',
  'cricket-tournament': 'Cricket tournament gallery (/event-22)',
};

function wholeFile(
  page: string,
  file: string,
  before: unknown,
  after: unknown,
  snapshots: { before: ContentSnapshot; after: ContentSnapshot },
  place: string[] = [],
): PageChanges {
  if (before === undefined || after === undefined) {
    if (before === after) return { page, changes: [] };
    return { page, changes: [after === undefined ? `${markdownText(file)} removed` : `${markdownText(file)} added`] };
  }
  return { page, changes: fieldChanges(before, after, { file, ...snapshots }, place) };
}

/** A single file's changes field by field, under its page (contentFiles.ts). */
export function fileChanges(
  collection: Extract<ContentFile, { shape: 'single' }>['collection'],
  before: ContentSnapshot,
  after: ContentSnapshot,
) {
  const { page, path } = contentSource(collection);
  return wholeFile(page, path, before[collection], after[collection], { before, after });
}

export function homeChanges(before: ContentSnapshot, after: ContentSnapshot): PageChanges {
  const { page, changes } = fileChanges('home', before, after);
  return { page, changes: [...homeCardChanges(before, after), ...changes] };
}

function milestoneText(milestone: Milestone): string {
  return milestone.year === undefined ? milestone.text : `${milestone.year}: ${milestone.text}`;
}

export function milestoneChanges(before: ContentSnapshot, after: ContentSnapshot): PageChanges {
  let position = 0;
  const changes = alignLists(before.milestones.map(milestoneText), after.milestones.map(milestoneText)).flatMap(
    (step): string[] => {
      if (step.kind !== 'removed') position += 1;
      if (step.kind === 'same') return [];
      if (step.kind === 'added') return [`milestone ${position} added: ${quoted(String(step.value))}`];
      if (step.kind === 'removed') return [`milestone removed: ${quoted(String(step.value))}`];
      return [`milestone ${position}: ${quoted(String(step.before))} → ${quoted(String(step.after))}`];
    },
  );
  return { page: contentSource('milestones').page, changes };
}

export function galleryChanges(before: ContentSnapshot, after: ContentSnapshot): PageChanges[] {
  const { page, path } = contentSource('galleries');
  const ids = [...new Set([...after.galleries.keys(), ...before.galleries.keys()])];
  return ids.map((id) =>
    wholeFile(
      GALLERY_PAGES[id] ?? `${page} “${markdownText(id)}”`,
      `${path}/${id}.yaml`,
      before.galleries.get(id),
      after.galleries.get(id),
      { before, after },
    ),
  );
}

/** site.yaml: the head office is the Contact Us page; everything else frames every page. */
export function siteChanges(before: ContentSnapshot, after: ContentSnapshot): PageChanges[] {
  const { page, path: file } = contentSource('site');
  const split = (snapshot: ContentSnapshot) => {
    if (!snapshot.site) return { contact: undefined, places: undefined, frame: undefined };
    const { headOffice, activityPlaces, ...frame } = snapshot.site;
    return { contact: headOffice, places: { activityPlaces }, frame };
  };
  const old = split(before);
  const now = split(after);
  return [
    wholeFile('Contact Us', file, old.contact, now.contact, { before, after }, ['head office']),
    wholeFile('Monthly Activities (the place filter)', file, old.places, now.places, { before, after }),
    wholeFile(page, file, old.frame, now.frame, { before, after }),
  ];
}
