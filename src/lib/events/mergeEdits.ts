/**
 * Field-by-field merging of an event's edits made from an older version (another tab, another
 * device), used by the server when it saves and by the editor when it takes the server's answer.
 * Three versions of each field: `base` (what the edit started from), `mine` (the edit) and
 * `current` (what is stored now). A field left as it was takes the stored value; a field changed
 * in only one place takes that change; a field changed in both to different values is a clash:
 * the stored value stays (prefer 'current', the server) or the edit wins (prefer 'mine', the
 * editor taking its own save's answer while the office kept typing).
 */
import { capitalised } from '../plainText.ts';

export interface PhotoText {
  id: number;
  description: string;
}

export interface Arrangement {
  photos: PhotoText[];
  cover: number | null;
}

export type Prefer = 'current' | 'mine';

export interface Clash {
  /** "Title", "the description of photo 4", "the order of the photos", "the cover". */
  what: string;
  mine: string;
  current: string;
}

interface Merged<T> {
  value: T;
  clash: boolean;
}

/** One field merged (see the file's comment). */
export function mergeValue<T>(base: T, mine: T, current: T, prefer: Prefer = 'current'): Merged<T> {
  if (mine === base || mine === current) return { value: current, clash: false };
  if (current === base) return { value: mine, clash: false };
  return { value: prefer === 'mine' ? mine : current, clash: prefer === 'current' };
}

const ids = (photos: readonly PhotoText[]) => photos.map((photo) => photo.id);

/** `order` restricted to the ids in `keep`, as a comparable string. */
function orderWithin(order: readonly number[], keep: ReadonlySet<number>): string {
  return order.filter((id) => keep.has(id)).join(',');
}

/**
 * The photos' order: the stored one unless this edit moved photos and the stored order did not
 * change among the photos both know (else a clash). Photos the edit does not know (added
 * elsewhere) keep their place after the others.
 */
function mergeOrder(base: number[], mine: number[], current: number[], prefer: Prefer) {
  const known = new Set(current.filter((id) => base.includes(id) && mine.includes(id)));
  const moved = orderWithin(mine, known) !== orderWithin(base, known);
  const movedThere = orderWithin(current, known) !== orderWithin(base, known);
  const takeMine = moved && (!movedThere || prefer === 'mine');
  if (!takeMine)
    return { order: current, clash: moved && movedThere && orderWithin(mine, known) !== orderWithin(current, known) };
  const listed = mine.filter((id) => current.includes(id));
  return { order: [...listed, ...current.filter((id) => !listed.includes(id))], clash: false };
}

/**
 * The photos' descriptions, order and cover merged. The photos are the stored ones: those deleted
 * elsewhere are left out, those added elsewhere come in.
 */
export function mergeArrangement(
  base: Arrangement,
  mine: Arrangement,
  current: Arrangement,
  prefer: Prefer = 'current',
): { merged: Arrangement; clashes: Clash[] } {
  const clashes: Clash[] = [];
  const currentIds = ids(current.photos);
  // Photos the base did not know were added after it (uploads come last), and a cover the base had
  // that is no longer a photo was moved on by the store: so the base is read.
  const known = new Set(ids(base.photos));
  const baseOrder = [...ids(base.photos), ...currentIds.filter((id) => !known.has(id))];
  const baseCover = base.cover !== null && currentIds.includes(base.cover) ? base.cover : current.cover;
  const { order, clash: orderClash } = mergeOrder(baseOrder, ids(mine.photos), currentIds, prefer);
  if (orderClash) clashes.push({ what: 'the order of the photos', mine: '', current: '' });
  const photos = order.flatMap((id) => {
    const stored = current.photos.find((photo) => photo.id === id);
    if (!stored) return [];
    const edited = mine.photos.find((photo) => photo.id === id);
    if (!edited) return [stored];
    const before = base.photos.find((photo) => photo.id === id)?.description ?? stored.description;
    const { value, clash } = mergeValue(before, edited.description, stored.description, prefer);
    if (clash) {
      const place = currentIds.indexOf(id) + 1;
      clashes.push({ what: `the description of photo ${place}`, mine: edited.description, current: value });
    }
    return [{ id, description: value }];
  });
  const cover = mergeValue(baseCover, mine.cover, current.cover, prefer);
  const coverId = cover.value !== null && currentIds.includes(cover.value) ? cover.value : current.cover;
  if (cover.clash) clashes.push({ what: 'the cover', mine: '', current: '' });
  return { merged: { photos, cover: coverId }, clashes };
}

/** The event form's own fields merged one by one (the photos are merged by mergeArrangement). */
export function mergeFields<K extends string>(
  labels: Readonly<Record<K, string>>,
  base: Readonly<Record<K, string>>,
  mine: Readonly<Record<K, string>>,
  current: Readonly<Record<K, string>>,
): { merged: Record<K, string>; clashes: Clash[] } {
  const merged: Record<K, string> = { ...current };
  const clashes: Clash[] = [];
  for (const key of Object.keys(labels) as K[]) {
    const { value, clash } = mergeValue(base[key], mine[key], current[key]);
    merged[key] = value;
    if (clash) clashes.push({ what: labels[key], mine: mine[key], current: current[key] });
  }
  return { merged, clashes };
}

/** A clash in words, for the tab whose change was not saved. */
export function clashInWords({ what, mine, current }: Clash): string {
  const changed = `${capitalised(what)} was changed in another tab or on another device meanwhile`;
  if (!mine && !current) return `${changed}; that change is kept and shown here, yours was not saved.`;
  return `${changed} to “${current}”; yours was not saved: “${mine}”.`;
}
