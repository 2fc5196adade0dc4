/**
 * The summary a reviewer reads: what visitors will see change between two snapshots of the
 * content, page by page, as Markdown (printed by `npm run content:diff`, written to the pull
 * request's job summary by the workflow). Each content file of contentFiles.ts is compared by
 * walking its editor form (src/lib/keystatic/contentForms.ts), so its changes are named by the
 * labels the office sees in the editor, and a content file or field added needs nothing here.
 */
import path from 'node:path';
import type { ComponentSchema } from '@keystatic/core';
import { CONTENT_SOURCES, type ContentSource } from '../../src/lib/content/contentFiles.ts';
import { FORMS } from '../../src/lib/keystatic/contentForms.ts';
import { fieldChanges, NAME_LENGTH, type PhotoSides } from './describeFields.ts';
import { shortText, renderSummary } from './markdown.ts';
import { photoChanges } from './describePhotos.ts';
import { comparable, type RawSnapshot, type SnapshotFiles } from './snapshot.ts';

/** What the summary reads of a form: its name in the editor, its fields, and a folder's naming field. */
interface Form {
  label: string;
  schema: Record<string, ComponentSchema>;
  slugField?: string;
}

/** The form of a content file; FORMS has one for every collection (the compiler refuses one missing). */
export function formOf(source: ContentSource): Form {
  const form: Form | undefined = (FORMS as Record<string, Form>)[source.collection];
  if (!form) throw new Error(`${source.path} has no form in src/lib/keystatic/contentForms.ts`);
  return form;
}

/** One file's changes, told from its form's name down: "Branches › Salem › Bearers › …". */
function fileChanges(
  source: ContentSource,
  file: string,
  before: unknown[] | undefined,
  after: unknown[] | undefined,
  photos: PhotoSides,
) {
  const form = formOf(source);
  if (source.shape === 'list') {
    // The form of a list file is that list: its items are named right after the form.
    const list = source.listKey === undefined ? undefined : form.schema[source.listKey];
    if (list?.kind !== 'array') throw new Error(`The form of ${source.path} has no list "${source.listKey}"`);
    return fieldChanges(list, before ?? [], after ?? [], [shortText(form.label)], photos);
  }
  const [old, now] = [before?.[0], after?.[0]];
  // A folder's file is named by its naming field (a branch by its city), or else by its file name.
  const named = (entry: unknown) =>
    form.slugField && typeof entry === 'object' && entry !== null
      ? (entry as Record<string, unknown>)[form.slugField]
      : undefined;
  const name = named(now) ?? named(old) ?? path.posix.basename(file, '.yaml');
  const place =
    source.shape === 'folder' ? [shortText(form.label), shortText(String(name), NAME_LENGTH)] : [shortText(form.label)];
  if (old === undefined || now === undefined) {
    return old === now ? [] : [`${place.join(' › ')} ${now === undefined ? 'removed' : 'added'}`];
  }
  return fieldChanges({ kind: 'object', fields: form.schema }, old, now, place, photos);
}

function sourceChanges(
  source: ContentSource,
  before: SnapshotFiles,
  after: SnapshotFiles,
  raw: [RawSnapshot, RawSnapshot],
) {
  const ofSource = (files: SnapshotFiles) =>
    [...files].filter(([, read]) => read.collection === source.collection).map(([file]) => file);
  const files = [...new Set([...ofSource(before), ...ofSource(after)])].sort();
  return files.flatMap((file) =>
    fileChanges(source, file, before.get(file)?.entries, after.get(file)?.entries, {
      before: (photo) => raw[0].photoId(file, photo),
      after: (photo) => raw[1].photoId(file, photo),
    }),
  );
}

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
  // Files shown on the same page are listed together (the webinars and the conclave links).
  const told = new Map<string, string[]>();
  for (const source of CONTENT_SOURCES) {
    const changes = sourceChanges(source, before, after, [rawBefore, rawAfter]);
    told.set(source.page, [...(told.get(source.page) ?? []), ...changes]);
  }
  const pages = [...[...told].map(([page, changes]) => ({ page, changes })), photoChanges(rawBefore, rawAfter)];
  return renderSummary({ base, pages, broken, olderBase, textChanged: !sameTexts(rawBefore, rawAfter) });
}
