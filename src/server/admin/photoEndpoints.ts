/**
 * The admin's JSON endpoints for photos (pages under src/pages/Admin/edit/ call these once the
 * guard has let the request through):
 *   POST   /Admin/edit/events/<id>/photos            one photo (multipart, field "photo") -> 201
 *   POST   /Admin/edit/events/<id>/photos/<photoId>  removes it and its files            -> 200
 * Refusals are JSON errors a person can act on: 413 too large, 415 not a JPEG, PNG or WebP
 * (HEIC with its own advice), 422 unreadable, 409 the event is full, 404 no such event or photo.
 */
import { TooManyPhotosError, UnknownEventError } from '../events/eventFields.ts';
import { jsonAnswer } from '../http/jsonAnswer.ts';
import { PhotoRefusedError, type PhotoRefusal } from '../photos/photoIntake.ts';
import type { EventAdminServices } from './adminServices.ts';
import { deletePhoto } from './eventService.ts';
import { photoForEditor } from './photoArrangement.ts';
import { readPhotoUpload } from './photoUpload.ts';
import type { AdminSession } from './sessions.ts';

const STATUS_OF_REFUSAL: Readonly<Record<PhotoRefusal, number>> = {
  empty: 400,
  'too-large': 413,
  heic: 415,
  'not-a-photo': 415,
  unreadable: 422,
  'too-many-pixels': 422,
};

export async function handleAddPhoto(
  request: Request,
  { services, session }: { services: EventAdminServices; session: AdminSession },
  eventId: number | undefined,
): Promise<Response> {
  if (request.method !== 'POST') return jsonAnswer(405, { error: 'Use POST.' }, { Allow: 'POST' });
  const event = eventId === undefined ? undefined : services.events.get(eventId);
  if (!event || eventId === undefined) {
    return jsonAnswer(404, { error: 'There is no such event (it may have been deleted).' });
  }
  const upload = await readPhotoUpload(request);
  if (!upload.ok) return jsonAnswer(upload.status, { error: upload.error });
  try {
    const photo = await services.events.addPhoto(eventId, upload.bytes, upload.description, upload.original);
    services.audit.record({ username: session.username, action: 'photo-added', eventId, detail: event.title });
    return jsonAnswer(201, { photo: photoForEditor(photo) });
  } catch (error) {
    if (error instanceof PhotoRefusedError)
      return jsonAnswer(STATUS_OF_REFUSAL[error.reason], { error: error.message });
    if (error instanceof TooManyPhotosError) return jsonAnswer(409, { error: error.message });
    if (error instanceof UnknownEventError) return jsonAnswer(404, { error: 'The event was deleted meanwhile.' });
    throw error;
  }
}

export async function handleRemovePhoto(
  request: Request,
  { services, session }: { services: EventAdminServices; session: AdminSession },
  eventId: number | undefined,
  photoId: number | undefined,
): Promise<Response> {
  // POST, not DELETE: the site server answers only GET, HEAD and POST (src/server/pageMethods.ts).
  if (request.method !== 'POST') return jsonAnswer(405, { error: 'Use POST.' }, { Allow: 'POST' });
  const removed =
    eventId !== undefined && photoId !== undefined
      ? await deletePhoto({ services, session }, eventId, photoId)
      : undefined;
  if (!removed) return jsonAnswer(404, { error: 'There is no such photo (it may have been removed).' });
  return jsonAnswer(200, { removed: removed.id });
}
