/**
 * The summary a reviewer reads: what visitors will see change between two snapshots of the
 * content, page by page, as Markdown (printed by `npm run content:diff`, written to the pull
 * request's job summary by the workflow).
 */
import type { CollectionName } from '../../src/lib/content/contentFiles.ts';
import { branchChanges, officeBearerChanges } from './describeBearers.ts';
import { fileChanges, galleryChanges, homeChanges, milestoneChanges, siteChanges } from './describePages.ts';
import { conclaveChanges, webinarChanges } from './describeWebinars.ts';
import { renderSummary, type PageChanges } from './markdown.ts';
import { photoChanges } from './describePhotos.ts';
import { comparable, type ContentSnapshot, type RawSnapshot } from './snapshot.ts';

/** How each content file's changes are told, in the summary's order: a collection missing here does not compile. */
const DESCRIBERS = {
  home: homeChanges,
  milestones: milestoneChanges,
  stateBearers: officeBearerChanges,
  branches: branchChanges,
  webinars: webinarChanges,
  conclave: conclaveChanges,
  galleries: galleryChanges,
  site: siteChanges,
  privacy: (before, after) => fileChanges('privacy', before, after),
} satisfies Record<CollectionName, (before: ContentSnapshot, after: ContentSnapshot) => PageChanges | PageChanges[]>;

function sameTexts(before: RawSnapshot, after: RawSnapshot): boolean {
  if (before.texts.size !== after.texts.size) return false;
  return [...after.texts].every(([file, text]) => before.texts.get(file) === text);
}

export function contentSummary(rawBefore: RawSnapshot, rawAfter: RawSnapshot, base: string): string {
  // A file broken on either side cannot be compared: its changes are left out and named instead,
  // as a mistake of the change, or as a base written before today's rules.
  const broken = [...rawAfter.broken].sort();
  const olderBase = rawBefore.broken.filter((file) => !rawAfter.broken.includes(file)).sort();
  const [before, after] = comparable(rawBefore, rawAfter);
  // Changes told under the same page are listed together (the webinars and the conclave links).
  const told = new Map<string, string[]>();
  for (const { page, changes } of Object.values(DESCRIBERS).flatMap((describe) => describe(before, after))) {
    told.set(page, [...(told.get(page) ?? []), ...changes]);
  }
  const pages = [...[...told].map(([page, changes]) => ({ page, changes })), photoChanges(rawBefore, rawAfter)];
  return renderSummary({ base, pages, broken, olderBase, textChanged: !sameTexts(rawBefore, rawAfter) });
}
