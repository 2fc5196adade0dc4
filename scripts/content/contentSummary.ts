/**
 * The summary a reviewer reads: what visitors will see change between two snapshots of the
 * content, page by page, as Markdown (printed by `npm run content:diff`, written to the pull
 * request's job summary by the workflow).
 */
import { branchChanges, officeBearerChanges } from './describeBearers.ts';
import { galleryChanges, homeChanges, milestoneChanges, privacyChanges, siteChanges } from './describePages.ts';
import { webinarChanges } from './describeWebinars.ts';
import { renderSummary } from './markdown.ts';
import { photoChanges } from './describePhotos.ts';
import { comparable, type RawSnapshot } from './snapshot.ts';

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
  const pages = [
    homeChanges(before, after),
    milestoneChanges(before, after),
    officeBearerChanges(before, after),
    branchChanges(before, after),
    webinarChanges(before, after),
    ...galleryChanges(before, after),
    ...siteChanges(before, after),
    privacyChanges(before, after),
    photoChanges(rawBefore, rawAfter),
  ];
  return renderSummary({ base, pages, broken, olderBase, textChanged: !sameTexts(rawBefore, rawAfter) });
}
