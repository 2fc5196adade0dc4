/**
 * The changes between two values of an editor form (src/lib/keystatic/), walked side by side with
 * the form's fields and named by the labels the office sees in the editor:
 * "Banner › Welcome title: “Welcome” → “Welcome to ISA TN”". Nothing here names a content file or
 * a field: a field added to a form shows in the summary with its label, with no change here.
 */
import type { ComponentSchema } from '@keystatic/core';
import { isRecord } from '../../src/lib/content/yamlDocument.ts';
import { markdownText, quoted, shortText } from './markdown.ts';

type ListField = Extract<ComponentSchema, { kind: 'array' }>;

/** The fingerprint of a photo path on each side, to compare the pictures behind two paths. */
export interface PhotoSides {
  before(photo: string): string | undefined;
  after(photo: string): string | undefined;
}

function recordOf(value: unknown): Record<string, unknown> {
  return isRecord(value) ? value : {};
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** An empty field is left out of the file by the forms (formsFormat.ts): one filled in is "added". */
const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/**
 * A field's label as the editor shows it, without its closing help in brackets, a phrase that tells
 * the office how to fill it in ("Bearers (3 to 5)" is "Bearers"); a single word in brackets is kept
 * ("Start time (IST)"). A field without a label is its key.
 */
function labelOf(field: ComponentSchema, key: string): string {
  const label = field.kind === 'conditional' ? field.discriminant.label : 'label' in field ? field.label : undefined;
  return markdownText(label?.replace(/\s*\([^()]*\s[^()]*\)$/, '') || key);
}

/** How long an item's or a file's name may be in a line: enough to tell apart two webinars' titles. */
export const NAME_LENGTH = 80;

type Step =
  | { kind: 'same'; before: unknown; after: unknown }
  | { kind: 'changed'; before: unknown; after: unknown }
  | { kind: 'added'; value: unknown }
  | { kind: 'removed'; value: unknown };

/**
 * Two items of a list are the same item when equal, or, for groups of fields, when at least half
 * of their fields are equal: a bearer with a new phone is that bearer changed, not one removed and
 * another added.
 */
function sameItem(before: unknown, after: unknown): boolean {
  if (same(before, after)) return true;
  if (!isRecord(before) || !isRecord(after)) return false;
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  const equal = [...keys].filter((key) => same(before[key], after[key])).length;
  return equal * 2 >= keys.size;
}

/**
 * Aligns two lists by their longest common run of the same items (sameItem; lists here are short),
 * so that an item inserted in the middle reads as one addition, not as every later item changed.
 * A removal next to an addition is one item changed.
 */
function alignLists(before: readonly unknown[], after: readonly unknown[]): Step[] {
  const longest = Array.from({ length: before.length + 1 }, () => new Array<number>(after.length + 1).fill(0));
  for (let i = before.length - 1; i >= 0; i--) {
    for (let j = after.length - 1; j >= 0; j--) {
      const row = longest[i];
      if (!row) continue;
      row[j] = sameItem(before[i], after[j])
        ? (longest[i + 1]?.[j + 1] ?? 0) + 1
        : Math.max(longest[i + 1]?.[j] ?? 0, row[j + 1] ?? 0);
    }
  }
  const steps: Step[] = [];
  let i = 0;
  let j = 0;
  while (i < before.length || j < after.length) {
    if (i < before.length && j < after.length && sameItem(before[i], after[j])) {
      const kind = same(before[i], after[j]) ? 'same' : 'changed';
      steps.push({ kind, before: before[i++], after: after[j++] });
    } else if (j < after.length && (i >= before.length || (longest[i]?.[j + 1] ?? 0) >= (longest[i + 1]?.[j] ?? 0))) {
      const previous = steps.at(-1);
      if (previous?.kind === 'removed')
        steps[steps.length - 1] = { kind: 'changed', before: previous.value, after: after[j++] };
      else steps.push({ kind: 'added', value: after[j++] });
    } else {
      const previous = steps.at(-1);
      if (previous?.kind === 'added')
        steps[steps.length - 1] = { kind: 'changed', before: before[i++], after: previous.value };
      else steps.push({ kind: 'removed', value: before[i++] });
    }
  }
  return steps;
}

/** A value as the summary quotes it. */
function shown(value: unknown): string {
  if (typeof value === 'string') return quoted(value);
  if (typeof value === 'boolean') return value ? 'ticked' : 'not ticked';
  if (typeof value === 'number') return String(value);
  return quoted(JSON.stringify(value));
}

function valueChanges(before: unknown, after: unknown, where: string): string[] {
  if (same(before, after) || (isEmpty(before) && isEmpty(after))) return [];
  if (isEmpty(before)) return [`${where} added: ${shown(after)}`];
  if (isEmpty(after)) return [`${where} removed (was ${shown(before)})`];
  return [`${where}: ${shown(before)} → ${shown(after)}`];
}

/** A photo is compared by the picture behind its path: the same picture renamed is no change. */
function pictureChanges(before: unknown, after: unknown, where: string, photos: PhotoSides): string[] {
  if (typeof before !== 'string' || typeof after !== 'string') {
    return isEmpty(before) === isEmpty(after) ? [] : [`${where} ${isEmpty(after) ? 'removed' : 'added'}`];
  }
  const old = photos.before(before);
  const now = photos.after(after);
  if (old !== undefined && old === now) return [];
  if (before !== after) return [`${where} changed`];
  return old === now ? [] : [`${where} replaced (same file name)`];
}

/** What Keystatic gives an array's itemLabel(): its preview props, as far as a label reads them. */
function previewOf(field: ComponentSchema, value: unknown): unknown {
  if (field.kind === 'object') {
    const entries = Object.entries(field.fields).map(([key, sub]) => [key, previewOf(sub, recordOf(value)[key])]);
    return { fields: Object.fromEntries(entries) };
  }
  if (field.kind === 'array')
    return { elements: (Array.isArray(value) ? value : []).map((item) => previewOf(field.element, item)) };
  return { value: value ?? null };
}

/** How the editor's list names an item: by the list's itemLabel, or else by its place. */
function itemName(list: ListField, value: unknown, position: number): string {
  let label: string | undefined;
  try {
    label = list.itemLabel?.(previewOf(list.element, value)).trim();
  } catch {
    label = undefined; // a label that reads a field the value lacks: the item is named by its place
  }
  if (!label) return `item ${position}`;
  // An item that is one text is named by the text, quoted as values are.
  return list.element.kind === 'form' ? quoted(label, NAME_LENGTH) : shortText(label, NAME_LENGTH);
}

/** A list's items aligned (alignLists), each named: added, removed, moved or changed field by field. */
function listChanges(list: ListField, before: unknown, after: unknown, place: readonly string[], photos: PhotoSides) {
  const steps = alignLists(Array.isArray(before) ? before : [], Array.isArray(after) ? after : []);
  const valuesOf = (kind: 'added' | 'removed') =>
    new Set(steps.flatMap((step) => (step.kind === kind && 'value' in step ? [JSON.stringify(step.value)] : [])));
  const [added, removed] = [valuesOf('added'), valuesOf('removed')];
  const where = place.join(' › ');
  let position = 0; // the item's place in the new list, as the editor counts
  return steps.flatMap((step): string[] => {
    if (step.kind !== 'removed') position += 1;
    if (step.kind === 'added' || step.kind === 'removed') {
      const name = itemName(list, step.value, position);
      // The same item removed in one place and added in another has moved: told once, at its new place.
      if (step.kind === 'removed') return added.has(JSON.stringify(step.value)) ? [] : [`${where} › ${name} removed`];
      return [`${where} › ${name} ${removed.has(JSON.stringify(step.value)) ? `moved to place ${position}` : 'added'}`];
    }
    // An item that is one value is told as the list's ("Address: “A” → “B”"), a group of fields by its name.
    const itemPlace = list.element.kind === 'form' ? place : [...place, itemName(list, step.before, position)];
    // Equal text may still name a photo file that was replaced under the same name.
    return fieldChanges(list.element, step.before, step.after, itemPlace, photos);
  });
}

/** Every change between two values of `field`, each line starting with the labels of its place. */
export function fieldChanges(
  field: ComponentSchema,
  before: unknown,
  after: unknown,
  place: readonly string[],
  photos: PhotoSides,
): string[] {
  const where = place.join(' › ');
  switch (field.kind) {
    case 'object':
      return Object.entries(field.fields).flatMap(([key, sub]) =>
        fieldChanges(sub, recordOf(before)[key], recordOf(after)[key], [...place, labelOf(sub, key)], photos),
      );
    case 'array':
      return listChanges(field, before, after, place, photos);
    case 'conditional': {
      // Keystatic writes a conditional field as { discriminant, value }: the choice, then its fields.
      const [old, now] = [recordOf(before), recordOf(after)];
      const chosen = field.values[String(now['discriminant'])];
      const kept = same(old['discriminant'], now['discriminant']);
      // The chosen field is told under its own label, next to the choice's.
      const chosenPlace = chosen && 'label' in chosen && chosen.label ? [...place, labelOf(chosen, '')] : place;
      return [
        ...valueChanges(old['discriminant'], now['discriminant'], where),
        ...(chosen ? fieldChanges(chosen, kept ? old['value'] : undefined, now['value'], chosenPlace, photos) : []),
      ];
    }
    default:
      // A photo field (Keystatic's asset fields) holds a path: the picture behind it is compared.
      if (field.kind === 'form' && field.formKind === 'asset') return pictureChanges(before, after, where, photos);
      return valueChanges(before, after, where);
  }
}
