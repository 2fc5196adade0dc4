/**
 * Field-by-field changes of a content file that is one whole page section (home.yaml, site.yaml,
 * privacy.yaml, a gallery), in visitors' words: "Banner › title: “Welcome” → “Welcome to ISA TN”".
 */
import { quoted } from './markdown.ts';
import type { ContentSnapshot } from './snapshot.ts';

/** What visitors call each field; a field missing here is named from its key ("videoTitle" → "video title"). */
const LABELS: Record<string, string> = {
  pageTitle: 'page title (browser tab)',
  banner: 'Banner',
  intro: 'welcome text',
  carouselLabel: 'picture set name read by screen readers',
  image: 'photo',
  alt: 'photo description (alt)',
  about: 'About',
  webinars: 'Webinar section',
  viewAllLabel: 'View All button',
  watchLabel: 'Watch link',
  milestones: 'Milestones section',
  activities: 'Monthly Activities',
  viewMoreLabel: 'View more button',
  awareness: 'Public Awareness',
  youtubeId: 'video',
  startSeconds: 'video start (seconds)',
  upcoming: 'Upcoming events',
  registerLabel: 'registration button',
  registerUrl: 'registration link',
  galleryLabel: 'gallery button',
  sportsMeet: 'Sports meet video',
  video: 'video file',
  poster: 'video poster',
  name: 'name',
  chapterName: 'chapter name',
  product: 'short name',
  description: 'description for search engines',
  shareImage: 'picture for social media previews',
  contact: 'office contact',
  email: 'e-mail',
  headOffice: 'head office',
  mapEmbedUrl: 'map',
  mapLinkUrl: 'map link',
  url: 'link',
  designer: 'designer credit',
  updated: 'last updated',
  type: 'kind',
};

/** How one item of a list is called: "paragraph 2". */
const ITEM: Record<string, string> = {
  slides: 'picture',
  paragraphs: 'paragraph',
  logos: 'logo',
  social: 'social link',
  addressLines: 'address line',
  footerBranches: 'footer branch',
  items: 'item',
  sections: 'section',
};

const PHOTO_KEYS = new Set(['image', 'poster']);

function labelOf(key: string): string {
  return LABELS[key] ?? key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The fields that name an entry of a list, best first. */
const NAMING_FIELDS = ['alt', 'caption', 'title', 'heading', 'name', 'label', 'text'];

function shown(value: unknown): string {
  if (typeof value === 'string') return quoted(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `${value.length} items`;
  if (isRecord(value)) {
    const name = NAMING_FIELDS.map((field) => value[field]).find((field) => typeof field === 'string');
    if (typeof name === 'string') return quoted(name);
  }
  return 'a new entry';
}

type Step =
  | { kind: 'same'; before: unknown; after: unknown }
  | { kind: 'changed'; before: unknown; after: unknown }
  | { kind: 'added'; value: unknown }
  | { kind: 'removed'; value: unknown };

/**
 * Aligns two lists by their longest common run of equal items (lists here are short), so that an
 * item inserted in the middle reads as one addition, not as every later item changed. A removal
 * next to an addition is one item changed.
 */
export function alignLists(before: readonly unknown[], after: readonly unknown[]): Step[] {
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const longest = Array.from({ length: before.length + 1 }, () => new Array<number>(after.length + 1).fill(0));
  for (let i = before.length - 1; i >= 0; i--) {
    for (let j = after.length - 1; j >= 0; j--) {
      const row = longest[i];
      if (!row) continue;
      row[j] = same(before[i], after[j])
        ? (longest[i + 1]?.[j + 1] ?? 0) + 1
        : Math.max(longest[i + 1]?.[j] ?? 0, row[j + 1] ?? 0);
    }
  }
  const steps: Step[] = [];
  let i = 0;
  let j = 0;
  while (i < before.length || j < after.length) {
    if (i < before.length && j < after.length && same(before[i], after[j])) {
      steps.push({ kind: 'same', before: before[i++], after: after[j++] });
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

export interface FieldContext {
  /** The YAML file on both sides, to compare the photo files its paths name. */
  file: string;
  before: ContentSnapshot;
  after: ContentSnapshot;
}

/**
 * Every visible difference between two values of the same schema, each line starting with the
 * labels of its place. `key` is the field name of the values, if they are a field.
 */
export function fieldChanges(
  before: unknown,
  after: unknown,
  context: FieldContext,
  place: readonly string[] = [],
  key?: string,
): string[] {
  const where = place.join(' › ');
  if (key && PHOTO_KEYS.has(key) && typeof before === 'string' && typeof after === 'string') {
    const old = context.before.photoId(context.file, before);
    const now = context.after.photoId(context.file, after);
    if (old !== undefined && old === now) return []; // the same picture, perhaps renamed
    if (before !== after) return [`${where} changed`];
    return old === now ? [] : [`${where} replaced (same file name)`];
  }
  if (isRecord(before) && isRecord(after)) {
    const keys = [...new Set([...Object.keys(after), ...Object.keys(before)])];
    return keys.flatMap((field) =>
      fieldChanges(before[field], after[field], context, [...place, labelOf(field)], field),
    );
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const item = (key && ITEM[key]) ?? 'item';
    let position = 0; // the item's place in the new list, as visitors count
    return alignLists(before, after).flatMap((step) => {
      if (step.kind !== 'removed') position += 1;
      const itemPlace = [...place.slice(0, -1), `${item} ${Math.max(position, 1)}`];
      const label = itemPlace.join(' › ');
      // Equal text may still name a photo file that was replaced under the same name.
      if (step.kind === 'same') return fieldChanges(step.before, step.after, context, itemPlace);
      if (step.kind === 'added') return [`${label} added: ${shown(step.value)}`];
      if (step.kind === 'removed')
        return [`${[...place.slice(0, -1), item].join(' › ')} removed: ${shown(step.value)}`];
      return fieldChanges(step.before, step.after, context, itemPlace);
    });
  }
  if (before === after) return [];
  if (before === undefined) return [`${where} added: ${shown(after)}`];
  if (after === undefined) return [`${where} removed (was ${shown(before)})`];
  return [`${where}: ${shown(before)} → ${shown(after)}`];
}
