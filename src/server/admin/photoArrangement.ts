/**
 * The event editor's autosave: the photos' order, descriptions and cover, saved as the
 * office changes them, so that Preview, a closed tab or an ended session loses nothing.
 *   POST /Admin/edit/events/<id>/arrangement  {"photos":[{"id":3,"description":"..."}],"cover":3}
 *   -> 200 {"saved":true}
 * The guard has checked the session, origin and CSRF header. A bad body is a 4xx JSON error; photos
 * the event no longer has are ignored (deleted meanwhile), those not listed keep their place after.
 * One audit row per person and event for a run of autosaves (AUDIT_QUIET_MS apart at most), so the
 * audit log says who arranged the photos without a row per pause in typing.
 */
import { z } from 'zod';
import { UnknownEventError } from '../events/eventFields.ts';
import { jsonAnswer, mediaTypeOf, refuseUnlessPost } from '../endpoints/jsonAnswer.ts';
import { BodyTooLargeError, readLimitedBody } from '../endpoints/readBody.ts';
import type { EventAdminServices } from './adminServices.ts';
import { MAX_DESCRIPTION_LENGTH } from './photoUpload.ts';
import type { AdminSession } from './sessions.ts';
import { MAX_PHOTOS_PER_EVENT, type AdminEvent } from '../events/eventFields.ts';
import { clashInWords, mergeArrangement } from '../../lib/events/mergeEdits.ts';
import { arrangementOf, photoForEditor } from './photoEndpoints.ts';

/** 60 photos with 300-character descriptions, twice (the base and the edit), fit well within this. */
const MAX_BODY_BYTES = 256 * 1024;
const AUDIT_QUIET_MS = 10 * 60 * 1000;

const photoTextSchema = z.object({ id: z.number().int().positive(), description: z.string().max(1000) });
const arrangementSchema = z.object({
  version: z.number().int().nonnegative().optional(),
  base: z
    .object({
      photos: z.array(photoTextSchema).max(MAX_PHOTOS_PER_EVENT),
      cover: z.number().int().positive().nullable(),
    })
    .optional(),
  photos: z
    .array(
      z.object({
        id: z.number().int().positive(),
        description: z
          .string()
          .max(MAX_DESCRIPTION_LENGTH, `A description has at most ${MAX_DESCRIPTION_LENGTH} characters.`),
      }),
    )
    .max(MAX_PHOTOS_PER_EVENT),
  cover: z.number().int().positive().nullable(),
});

async function readArrangement(request: Request): Promise<z.infer<typeof arrangementSchema> | Response> {
  if (mediaTypeOf(request.headers.get('content-type')) !== 'application/json') {
    return jsonAnswer(415, { error: 'Send the photos as JSON.' });
  }
  let body: unknown;
  try {
    body = JSON.parse(await readLimitedBody(request, MAX_BODY_BYTES));
  } catch (error) {
    if (error instanceof BodyTooLargeError) return jsonAnswer(413, { error: 'Too much to save at once.' });
    return jsonAnswer(400, { error: 'The changes could not be read; please try again.' });
  }
  const parsed = arrangementSchema.safeParse(body);
  if (!parsed.success) return jsonAnswer(400, { error: parsed.error.issues[0]?.message ?? 'Bad request.' });
  return parsed.data;
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

export async function handleArrangePhotos(
  request: Request,
  { services, session }: { services: EventAdminServices; session: AdminSession },
  eventId: number | undefined,
): Promise<Response> {
  const refused = refuseUnlessPost(request);
  if (refused) return refused;
  const event = eventId === undefined ? undefined : services.events.get(eventId);
  if (!event) return jsonAnswer(404, { error: 'There is no such event (it may have been deleted).' });
  const arrangement = await readArrangement(request);
  if (arrangement instanceof Response) return arrangement;
  const mine = {
    photos: arrangement.photos.map(({ id, description }) => ({ id, description: description.trim() })),
    cover: arrangement.cover,
  };
  // Read again: other saves may have finished while this one's body arrived.
  const stored = services.events.get(event.id);
  if (!stored) return jsonAnswer(404, { error: 'The event was deleted meanwhile.' });
  const current = arrangementOf(stored);
  const base = arrangement.version === stored.version || !arrangement.base ? current : arrangement.base;
  const { merged, clashes, gone } = mergeArrangement(base, mine, current);
  // Nothing changed (a tab asking what is stored now): no write, no audit row.
  if (JSON.stringify(merged) !== JSON.stringify(current)) {
    try {
      services.events.arrangePhotos(event.id, merged.photos, merged.cover ?? undefined);
    } catch (error) {
      if (error instanceof UnknownEventError) return jsonAnswer(404, { error: 'The event was deleted meanwhile.' });
      throw error;
    }
    recordArranged(services, session, event);
  }
  const saved = services.events.get(event.id);
  if (!saved) return jsonAnswer(404, { error: 'The event was deleted meanwhile.' });
  return jsonAnswer(200, {
    saved: true,
    version: saved.version,
    photos: saved.photos.map(photoForEditor),
    cover: arrangementOf(saved).cover,
    gone,
    clashes: clashes.map(clashInWords),
  });
}
