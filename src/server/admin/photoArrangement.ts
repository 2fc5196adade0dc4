/**
 * An event's photos in the editor: as the photos island shows them (`photoForEditor`), their arrangement as
 * stored (`arrangementOf`: descriptions, order, cover), and the island's autosave of it (`arrangePhotos`, the
 * action admin.events.arrange of src/actions/events.ts, its input `arrangementInput`). The autosave sends the
 * version and the arrangement it started from (the base): what this tab changed is merged into what is stored
 * (mergeEdits.ts), so another tab's changes are kept; photos the event no longer has are ignored (deleted
 * meanwhile), those not listed keep their place after. The answer is the photos as stored, which the island
 * takes as saved. One audit row per person and event for a run of autosaves (AUDIT_QUIET_MS apart at most), so
 * the audit log says who arranged the photos without a row per pause in typing.
 */
import { z } from 'zod';
import { clashInWords, mergeArrangement, type Arrangement } from '../../lib/events/mergeEdits.ts';
import { photoVariants } from '../../lib/events/photoVariants.ts';
import { MAX_PHOTOS_PER_EVENT, UnknownEventError, type AdminEvent, type StoredPhoto } from '../events/eventFields.ts';
import type { EventAdminServices } from './adminServices.ts';
import { MAX_DESCRIPTION_LENGTH } from './photoUpload.ts';
import type { AdminSession } from './sessions.ts';

const AUDIT_QUIET_MS = 10 * 60 * 1000;

/** An event's photos' descriptions, order and cover as stored (what a tab's edit is merged into). */
export function arrangementOf(event: AdminEvent): Arrangement {
  return {
    photos: event.photos.map(({ id, description }) => ({ id, description })),
    cover: event.photos.find((photo) => photo.path === event.cover)?.id ?? null,
  };
}

/** A photo as the admin's island shows it. */
export function photoForEditor(photo: StoredPhoto) {
  return {
    id: photo.id,
    path: photo.path,
    thumbnail: photoVariants(photo.path).src,
    description: photo.description,
    originalName: photo.originalName ?? '',
    originalSize: photo.originalSize ?? 0,
  };
}

const photoId = z.number().int().positive();
const description = z
  .string()
  .max(MAX_DESCRIPTION_LENGTH, `A description has at most ${MAX_DESCRIPTION_LENGTH} characters.`);
const photoList = z.array(z.object({ id: photoId, description })).max(MAX_PHOTOS_PER_EVENT);

/** An arrangement as the island sends it (and as the event form's hidden `photos_base` holds it). */
export const arrangementSchema = z.object({ photos: photoList, cover: photoId.nullable() });

/** What the island sends: its arrangement, and the version and arrangement it started from. */
export const arrangementInput = z.object({
  version: z.number().int().nonnegative().optional(),
  base: arrangementSchema.optional(),
  ...arrangementSchema.shape,
});

/** The arrangement as stored after a save, with what of this tab's was not kept. */
export interface ArrangementSaved {
  version: number;
  photos: ReturnType<typeof photoForEditor>[];
  cover: number | null;
  /** This tab's changes not saved because another tab's were saved meanwhile, in words. */
  clashes: string[];
}

/** One audit row per person and event for a run of autosaves. */
function recordArranged(services: EventAdminServices, session: AdminSession, event: AdminEvent) {
  const [last] = services.audit.recent(1);
  const quiet =
    last?.action === 'photos-arranged' &&
    last.events_id === event.id &&
    last.username === session.username &&
    Date.now() - Date.parse(last.at) < AUDIT_QUIET_MS;
  if (quiet) return;
  services.audit.record({
    username: session.username,
    action: 'photos-arranged',
    eventId: event.id,
    detail: event.title,
  });
}

/**
 * Saves `sent` into event `eventId`, merged with what is stored now; the arrangement as stored then, or undefined
 * when there is no such event (deleted meanwhile). Nothing changed (a tab asking what is stored): no write, no row.
 */
export function arrangePhotos(
  { services, session }: { services: EventAdminServices; session: AdminSession },
  eventId: number,
  sent: z.output<typeof arrangementInput>,
): ArrangementSaved | undefined {
  const stored = services.events.get(eventId);
  if (!stored) return undefined;
  const mine = {
    photos: sent.photos.map(({ id, description }) => ({ id, description: description.trim() })),
    cover: sent.cover,
  };
  const current = arrangementOf(stored);
  const base = sent.version === stored.version || !sent.base ? current : sent.base;
  const { merged, clashes } = mergeArrangement(base, mine, current);
  if (JSON.stringify(merged) !== JSON.stringify(current)) {
    try {
      services.events.arrangePhotos(eventId, merged.photos, merged.cover ?? undefined);
    } catch (error) {
      if (error instanceof UnknownEventError) return undefined;
      throw error;
    }
    recordArranged(services, session, stored);
  }
  const saved = services.events.get(eventId);
  if (!saved) return undefined;
  return {
    version: saved.version,
    photos: saved.photos.map(photoForEditor),
    cover: arrangementOf(saved).cover,
    clashes: clashes.map(clashInWords),
  };
}
