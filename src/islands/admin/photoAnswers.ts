/**
 * The photos editor's reading of what it keeps and what the server answers, and how it takes an
 * answer: the photos as stored, with what the office changed since the save was sent kept.
 */
import { mergeArrangement, type Arrangement, type PhotoText } from '../../lib/events/mergeEdits.ts';

/** A photo as the editor shows it (photoForEditor on the server). */
export interface EditorPhoto {
  id: number;
  path: string;
  thumbnail: string;
  description: string;
  /** The name and size of the file it came from ("" and 0 when not known). */
  originalName?: string;
  originalSize?: number;
}

export interface SavedAnswer {
  version: number;
  photos: EditorPhoto[];
  arrangement: Arrangement;
  /** Changes of this tab's not saved because another tab's were saved meanwhile, in words. */
  clashes: string[];
}

const field = (value: unknown, name: string): unknown =>
  typeof value === 'object' && value !== null ? Reflect.get(value, name) : undefined;

export function isEditorPhoto(value: unknown): value is EditorPhoto {
  return (
    typeof field(value, 'id') === 'number' &&
    typeof field(value, 'path') === 'string' &&
    typeof field(value, 'thumbnail') === 'string' &&
    typeof field(value, 'description') === 'string'
  );
}

/** An arrangement as kept or sent ({photos: [{id, description}], cover}), or undefined. */
export function readArrangement(value: unknown): Arrangement | undefined {
  const photos = field(value, 'photos');
  const cover = field(value, 'cover');
  if (!Array.isArray(photos)) return undefined;
  const list = photos.flatMap((photo: unknown): PhotoText[] => {
    const id = field(photo, 'id');
    const description = field(photo, 'description');
    return typeof id === 'number' && typeof description === 'string' ? [{ id, description }] : [];
  });
  return { photos: list, cover: typeof cover === 'number' ? cover : null };
}

/** The autosave's answer (the action admin.events.arrange: photoArrangement.ts), or undefined when it is not one. */
export function readSavedAnswer(body: unknown): SavedAnswer | undefined {
  const version = field(body, 'version');
  const photos = field(body, 'photos');
  const cover = field(body, 'cover');
  const clashes = field(body, 'clashes');
  if (typeof version !== 'number' || !Array.isArray(photos) || !photos.every(isEditorPhoto)) return undefined;
  return {
    version,
    photos,
    arrangement: arrangementOfPhotos(photos, typeof cover === 'number' ? cover : undefined),
    clashes: Array.isArray(clashes) ? clashes.filter((clash) => typeof clash === 'string') : [],
  };
}

export const arrangementOfPhotos = (photos: readonly EditorPhoto[], cover: number | undefined): Arrangement => ({
  photos: photos.map(({ id, description }) => ({ id, description })),
  cover: cover ?? null,
});

/**
 * The photos after the server's answer to a save of `sent`: the stored ones (those deleted
 * elsewhere gone, those added elsewhere in), with what the office changed since it was sent.
 * Photos added here since (an upload handed on meanwhile) keep their place, after the photo
 * they follow here: the twelfth of a batch never jumps ahead of the second, which arrived last.
 */
export function takeAnswer(
  sent: Arrangement,
  local: { photos: EditorPhoto[]; cover: number | undefined },
  answer: Pick<SavedAnswer, 'photos' | 'arrangement'>,
): { photos: EditorPhoto[]; cover: number | undefined } {
  const { merged } = mergeArrangement(sent, arrangementOfPhotos(local.photos, local.cover), answer.arrangement, 'mine');
  const photos = merged.photos.flatMap(({ id, description }) => {
    const photo =
      local.photos.find((candidate) => candidate.id === id) ?? answer.photos.find((candidate) => candidate.id === id);
    return photo ? [{ ...photo, description }] : [];
  });
  const sentIds = new Set(sent.photos.map((photo) => photo.id));
  local.photos.forEach((photo, index) => {
    if (sentIds.has(photo.id) || photos.some((kept) => kept.id === photo.id)) return;
    const before = local.photos.slice(0, index).findLast((earlier) => photos.some((kept) => kept.id === earlier.id));
    photos.splice(before ? photos.findIndex((kept) => kept.id === before.id) + 1 : 0, 0, photo);
  });
  return { photos, cover: merged.cover ?? undefined };
}

/** `answer` without the photos of `ids` (uploaded here, and joining the list in the order they were chosen). */
export function withoutPhotos(answer: SavedAnswer, ids: ReadonlySet<number>): SavedAnswer {
  if (ids.size === 0) return answer;
  const kept = ({ id }: { id: number }) => !ids.has(id);
  const { photos, cover } = answer.arrangement;
  return {
    ...answer,
    photos: answer.photos.filter(kept),
    arrangement: { photos: photos.filter(kept), cover: cover !== null && ids.has(cover) ? null : cover },
  };
}
