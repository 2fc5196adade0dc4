/**
 * Saving the event form (eventService.ts shows it). An existing event's form carries the version
 * it was shown at and what it showed (hidden fields `version`, `base` and, from the photos,
 * `photos_base`): what the office changed is merged field by field into what is stored now
 * (mergeEdits.ts), so a save from an older tab never writes over another tab's changes; a field
 * changed in both keeps the stored value, and the form is shown again saying so (409). A new
 * event's form carries a key made when it was shown: sent again, it leads to the same event.
 */
import { placeOfEvent } from '../../lib/events/filterEvents.ts';
import { indianDate, isoDateOf } from '../../lib/events/indianDate.ts';
import { clashInWords, mergeArrangement, mergeFields, type Arrangement } from '../../lib/events/mergeEdits.ts';
import type { AdminEvent, EventFields } from '../events/eventFields.ts';
import type { AuditAction } from './auditLog.ts';
import type { EventAdminServices } from './adminServices.ts';
import { eventFormValues, parseEventForm, type EventFormValues } from './eventForm.ts';
import { arrangementOf } from './photoArrangement.ts';
import type { AdminSession } from './sessions.ts';

type SignedIn = { services: EventAdminServices; session: Pick<AdminSession, 'username'> };

/** A new event's form key: made when the form is shown (newFormKey), 32 hex digits. */
export const FORM_KEY_PATTERN = /^[0-9a-f]{32}$/;

const FIELD_LABELS = { title: 'the title', subTitle: 'the sub-title', date: 'the date', place: 'the place' } as const;
type FieldName = keyof typeof FIELD_LABELS;

/** The form's fields as an event has them (the values the form is shown with). */
export function valuesOfEvent(event: AdminEvent, places: readonly string[]): EventFormValues {
  return {
    title: event.title,
    subTitle: event.subTitle,
    date: indianDate(event.date),
    place: placeOfEvent(event.title, places),
  };
}

function parseJson(text: string | null): unknown {
  try {
    return JSON.parse(text ?? 'null');
  } catch {
    return undefined;
  }
}

/** The form's fields as it was shown (hidden `base`), or undefined when it has none to read. */
function baseValues(form: URLSearchParams): Record<FieldName, string> | undefined {
  const value = parseJson(form.get('base'));
  if (typeof value !== 'object' || value === null) return undefined;
  const base: Record<string, string> = {};
  for (const name of Object.keys(FIELD_LABELS)) {
    const field: unknown = Reflect.get(value, name);
    if (typeof field !== 'string') return undefined;
    base[name] = field;
  }
  return base as Record<FieldName, string>;
}

/** The photos' arrangement the photos island had from the server (hidden `photos_base`). */
function basePhotos(form: URLSearchParams): Arrangement | undefined {
  const value = parseJson(form.get('photos_base'));
  if (typeof value !== 'object' || value === null) return undefined;
  const photos: unknown = Reflect.get(value, 'photos');
  const cover: unknown = Reflect.get(value, 'cover');
  if (!Array.isArray(photos)) return undefined;
  const list = photos.flatMap((photo: unknown) => {
    const id: unknown = typeof photo === 'object' && photo !== null ? Reflect.get(photo, 'id') : undefined;
    const description: unknown = typeof photo === 'object' && photo !== null ? Reflect.get(photo, 'description') : '';
    return typeof id === 'number' && typeof description === 'string' ? [{ id, description }] : [];
  });
  return { photos: list, cover: typeof cover === 'number' ? cover : null };
}

export type SaveResult = { redirect: string } | { clashes: string[] };

/** Saves the form into `event`, merged with what is stored now; where it leads, or the clashes. */
export function saveExistingEvent(
  { services, session }: SignedIn,
  form: URLSearchParams,
  places: readonly string[],
  event: AdminEvent,
): SaveResult {
  const parsed = parseEventForm(form, places);
  if (!parsed.ok) throw new Error('saveExistingEvent takes a form that parses');
  const upToDate = form.get('version') === String(event.version);
  const current = valuesOfEvent(event, places);
  const typed = eventFormValues(form);
  // The same day written another way is no change.
  const mine = { ...typed, date: indianDate(isoDateOf(typed.date) ?? typed.date) };
  const fields = mergeFields(FIELD_LABELS, upToDate ? current : (baseValues(form) ?? current), mine, current);
  const mergedForm = new URLSearchParams(form);
  mergedForm.set('title', fields.merged.title);
  mergedForm.set('sub_title', fields.merged.subTitle);
  mergedForm.set('date', fields.merged.date);
  mergedForm.set('place', fields.merged.place);
  const merged = parseEventForm(mergedForm, places);
  const saved: EventFields = merged.ok ? merged.fields : parsed.fields;

  const stored = arrangementOf(event);
  const mineArrangement = { photos: parsed.photos, cover: parsed.cover ?? null };
  const photosBase = upToDate ? stored : (basePhotos(form) ?? stored);
  // A form without the photos' list (their island not shown) changes none of them.
  const photos = form.has('photo_order')
    ? mergeArrangement(photosBase, mineArrangement, stored)
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
