/**
 * Saving the event form (eventService.ts shows it). An existing event's form carries the version
 * it was shown at and what it showed (hidden fields `version`, `base` and, from the photos,
 * `photos_base`): what the office changed is merged field by field into what is stored now
 * (mergeEdits.ts), so a save from an older tab never writes over another tab's changes; a field
 * changed in both keeps the stored value, and the form is shown again saying so (409). A new
 * event's form carries a key made when it was shown: sent again, it leads to the same event.
 * The form comes checked by its action's input schema (eventForm.ts).
 */
import { placeOfEvent } from '../../lib/events/filterEvents.ts';
import { clashInWords, mergeArrangement, mergeFields } from '../../lib/events/mergeEdits.ts';
import {
  byField,
  EVENT_TEXT_FIELDS,
  shownAs,
  storedAs,
  STORED_FIELDS,
  TEXT_FIELDS,
  type AdminEvent,
  type EventFields,
} from '../events/eventFields.ts';
import type { AuditAction } from './auditLog.ts';
import type { EventAdminServices } from './adminServices.ts';
import { checkEventFields, type EventFormInput, type EventFormValues } from './eventForm.ts';
import { arrangementOf } from './photoArrangement.ts';
import type { AdminSession } from './sessions.ts';

type SignedIn = { services: EventAdminServices; session: Pick<AdminSession, 'username'> };

/** What a clash calls each field: "the sub-title". */
const CLASH_LABELS = byField(TEXT_FIELDS, (key) => EVENT_TEXT_FIELDS[key].clash);

/** The form's fields as an event has them (the values the form is shown with); its place is in its title. */
export function valuesOfEvent(event: AdminEvent, places: readonly string[]): EventFormValues {
  const stored = byField(STORED_FIELDS, (key) => shownAs(key, event[key] ?? ''));
  return { ...stored, place: placeOfEvent(event.title, places) };
}

export type SaveResult = { redirect: string } | { clashes: string[] };

/** Saves the form into `event`, merged with what is stored now; where it leads, or the clashes. */
export function saveExistingEvent(
  { services, session }: SignedIn,
  form: EventFormInput,
  places: readonly string[],
  event: AdminEvent,
): SaveResult {
  const upToDate = form.version === event.version;
  const current = valuesOfEvent(event, places);
  // The same day written another way is no change: each field as the form shows it once saved.
  const mine = byField(TEXT_FIELDS, (key) => shownAs(key, storedAs(key, form.values[key])));
  const fields = mergeFields(CLASH_LABELS, upToDate ? current : (form.base ?? current), mine, current);
  const merged = checkEventFields(fields.merged, places, form.fields.published);
  const saved: EventFields = merged.ok ? merged.fields : form.fields;

  const stored = arrangementOf(event);
  // A form without the photos' list (their island not shown) changes none of them.
  const photos = form.photos
    ? mergeArrangement(upToDate ? stored : (form.photos.base ?? stored), form.photos.arrangement, stored)
    : { merged: stored, clashes: [] };

  services.events.upsert({ id: event.id, ...saved });
  services.events.arrangePhotos(event.id, photos.merged.photos, photos.merged.cover ?? undefined);
  const { published, title } = saved;
  let action: AuditAction = 'event-saved';
  if (published && !event.published) action = 'event-published';
  else if (!published && event.published) action = 'event-unpublished';
  services.audit.record({ username: session.username, action, eventId: event.id, detail: title });
  const clashes = [...fields.clashes, ...photos.clashes].map(clashInWords);
  if (clashes.length > 0) return { clashes };
  let done = published ? 'published' : 'draft';
  if (action === 'event-unpublished') done = 'unpublished';
  return { redirect: `/Admin/events/${event.id}?done=${done}` };
}

/**
 * Saves a new event once per form key: the same key again (a double tap, a second press, Back
 * then Save) leads to the event it made; returns the event's page.
 */
export function saveNewEvent({ services, session }: SignedIn, key: string, fields: EventFields): string {
  const { id, created } = services.events.createFromForm(fields, key);
  const { published, title } = fields;
  if (created) {
    const action = published ? 'event-published' : 'event-created';
    services.audit.record({ username: session.username, action, eventId: id, detail: title });
  }
  return `/Admin/events/${id}?done=${published ? 'published' : 'created'}`;
}
