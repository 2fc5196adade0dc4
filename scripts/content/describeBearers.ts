/** What visitors see change on the Office Bearers and Branches pages. */
import { contentSource } from '../../src/lib/content/contentFiles.ts';
import { markdownText, type PageChanges } from './markdown.ts';
import type { Branch, ContentSnapshot, StateBearer } from './snapshot.ts';

type BranchBearer = Branch['bearers'][number];

/** The fields compared for a state bearer and for a branch's, each by the label the changes give it. */
const STATE_FIELDS = {
  phone: 'phone1',
  'second phone': 'phone2',
  'e-mail': 'email1',
  'second e-mail': 'email2',
} as const;
const BRANCH_FIELDS = { position: 'position', phone: 'phone', 'e-mail': 'email', 'second e-mail': 'email2' } as const;

/** Field changes of one person, in plain words: "phone changed: +91 … → +91 …". */
function personChanges<Field extends string>(
  before: { readonly [Name in NoInfer<Field>]?: string | undefined },
  after: { readonly [Name in NoInfer<Field>]?: string | undefined },
  fields: Readonly<Record<string, Field>>,
): string[] {
  return Object.entries(fields).flatMap(([label, field]) => {
    const was = before[field];
    const now = after[field];
    if (was === now) return [];
    if (was === undefined) return [`${label} added: ${markdownText(now ?? '')}`];
    if (now === undefined) return [`${label} removed (was ${markdownText(was)})`];
    return [`${label} changed: ${markdownText(was)} → ${markdownText(now)}`];
  });
}

/** "photo changed" when the path or the file behind it differs. */
export function photoChanged(
  before: { file: string; photo: string | undefined },
  after: { file: string; photo: string | undefined },
  snapshots: { before: ContentSnapshot; after: ContentSnapshot },
): string[] {
  if (before.photo === undefined || after.photo === undefined) {
    return before.photo === after.photo ? [] : [after.photo === undefined ? 'photo removed' : 'photo added'];
  }
  const old = snapshots.before.photoId(before.file, before.photo);
  const now = snapshots.after.photoId(after.file, after.photo);
  if (old !== undefined && old === now) return []; // the same picture, perhaps moved or renamed
  if (before.photo !== after.photo) return ['photo changed'];
  return old !== now ? ['photo replaced (same file name)'] : [];
}

export function officeBearerChanges(before: ContentSnapshot, after: ContentSnapshot): PageChanges {
  const { page, path: file } = contentSource('stateBearers');
  const changes: string[] = [];
  const byTitle = new Map(before.stateBearers.map((bearer) => [bearer.title, bearer]));
  for (const bearer of after.stateBearers) {
    const old = byTitle.get(bearer.title);
    byTitle.delete(bearer.title);
    const office = markdownText(bearer.title);
    if (!old) {
      changes.push(`${office}: added ${markdownText(bearer.name)}`);
      continue;
    }
    if (old.name !== bearer.name) changes.push(`${office}: ${markdownText(old.name)} → ${markdownText(bearer.name)}`);
    const details = [
      ...personChanges(old, bearer, STATE_FIELDS),
      ...photoChanged({ file, photo: old.image }, { file, photo: bearer.image }, { before, after }),
    ];
    if (details.length > 0) changes.push(`${office} (${markdownText(bearer.name)}): ${details.join('; ')}`);
  }
  for (const [title, bearer] of byTitle) changes.push(`${markdownText(title)}: removed ${markdownText(bearer.name)}`);
  const order = (bearers: StateBearer[]) => bearers.map((bearer) => bearer.title).join(', ');
  if (changes.length === 0 && order(before.stateBearers) !== order(after.stateBearers)) {
    changes.push(`the cards are now in this order: ${markdownText(order(after.stateBearers))}`);
  }
  return { page, changes };
}

/** Pairs the bearers of a branch: the same name first, then the same position (a new person in it). */
function pairBearers(before: readonly BranchBearer[], after: readonly BranchBearer[]) {
  const left = [...before];
  const pairs: { old: BranchBearer; now: BranchBearer }[] = [];
  const added: BranchBearer[] = [];
  const unmatched: BranchBearer[] = [];
  for (const now of after) {
    const index = left.findIndex((old) => old.name === now.name);
    if (index >= 0) pairs.push({ old: left.splice(index, 1)[0] ?? now, now });
    else unmatched.push(now);
  }
  for (const now of unmatched) {
    const index = left.findIndex((old) => old.position === now.position);
    if (index >= 0) pairs.push({ old: left.splice(index, 1)[0] ?? now, now });
    else added.push(now);
  }
  return { pairs, added, removed: left };
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

function describeBranch(
  id: string,
  old: Branch,
  now: Branch,
  snapshots: { before: ContentSnapshot; after: ContentSnapshot },
) {
  const file = `${contentSource('branches').path}/${id}.yaml`;
  const city = markdownText(now.city);
  const lines: string[] = [];
  if (old.city !== now.city) lines.push(`${markdownText(old.city)} is now called ${city}`);
  if (old.order !== now.order) lines.push(`${city}: moved from place ${old.order} to place ${now.order} on the page`);
  const { pairs, added, removed } = pairBearers(old.bearers, now.bearers);
  const who = (bearer: BranchBearer) => `${markdownText(bearer.name)} (${markdownText(bearer.position)})`;
  if (added.length > 0) lines.push(`${city}: ${plural(added.length, 'bearer')} added: ${added.map(who).join(', ')}`);
  if (removed.length > 0)
    lines.push(`${city}: ${plural(removed.length, 'bearer')} removed: ${removed.map(who).join(', ')}`);
  for (const { old: before, now: after } of pairs) {
    if (before.name !== after.name) {
      lines.push(`${city}: ${markdownText(after.position)} ${markdownText(before.name)} → ${markdownText(after.name)}`);
    }
    const details = [
      ...personChanges(before, after, BRANCH_FIELDS),
      ...photoChanged({ file, photo: before.image }, { file, photo: after.image }, snapshots),
    ];
    if (details.length > 0) lines.push(`${city}: ${markdownText(after.name)}: ${details.join('; ')}`);
  }
  const first = (bearers: readonly BranchBearer[]) => bearers[0]?.name;
  if (added.length === 0 && removed.length === 0 && first(old.bearers) !== first(now.bearers) && now.bearers[0]) {
    lines.push(`${city}: the first bearer shown is now ${who(now.bearers[0])}`);
  }
  return lines;
}

export function branchChanges(before: ContentSnapshot, after: ContentSnapshot): PageChanges {
  const changes: string[] = [];
  const snapshots = { before, after };
  for (const [id, now] of after.branches) {
    const old = before.branches.get(id);
    if (!old) changes.push(`new branch ${markdownText(now.city)} with ${plural(now.bearers.length, 'bearer')}`);
    else changes.push(...describeBranch(id, old, now, snapshots));
  }
  for (const [id, old] of before.branches) {
    if (!after.branches.has(id)) changes.push(`branch ${markdownText(old.city)} removed`);
  }
  return { page: contentSource('branches').page, changes };
}
