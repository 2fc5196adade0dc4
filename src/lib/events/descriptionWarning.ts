/**
 * The note that names the photos without a description ("Photos 8 and 11 have no description"),
 * each number a link to its card: the event form shows it at its top and beside Publish
 * (EventForm.astro, and eventFormKeeper.ts as the photos change).
 */

/** A photo without a description: its place in the list (from 1) and its card's id. */
export interface UndescribedPhoto {
  place: number;
  cardId: string;
}

export type WarningPart = { text: string } | { link: UndescribedPhoto };

/** The photos without a description, in the list's order. */
export function undescribedPhotos(photos: readonly { id: number; description: string }[]): UndescribedPhoto[] {
  return photos.flatMap((photo, index) =>
    photo.description.trim() ? [] : [{ place: index + 1, cardId: `photo-${photo.id}` }],
  );
}

/** "Photo 2 has no description", "Photos 8 and 11 have …", "Photos 2, 5 and 9 have …", as parts. */
export function warningParts(missing: readonly UndescribedPhoto[]): WarningPart[] {
  if (missing.length === 0) return [];
  const parts: WarningPart[] = [{ text: missing.length === 1 ? 'Photo ' : 'Photos ' }];
  missing.forEach((photo, index) => {
    if (index > 0) parts.push({ text: index === missing.length - 1 ? ' and ' : ', ' });
    parts.push({ link: photo });
  });
  parts.push({ text: missing.length === 1 ? ' has no description.' : ' have no description.' });
  return parts;
}
