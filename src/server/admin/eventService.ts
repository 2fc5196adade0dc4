/**
 * What the admin's event pages do (the service their Astro Actions call: src/actions/events.ts), so that the pages
 * only compose: find the event a page's address names, save the event form (checked by its action's input schema,
 * eventForm.ts), delete an event or one photo. Every change leaves its audit row here, the same whether it came
 * from a page (without JavaScript) or an endpoint.
 */
import { randomBytes } from 'node:crypto';
import { parseId } from '../../lib/parseId.ts';
import { storedTextOf, type AdminEvent, type StoredPhoto } from '../events/eventFields.ts';
import { signedInEditor, type AdminLocals } from './adminGuard.ts';
import type { EventAdminServices } from './adminServices.ts';
import {
  FORM_KEY_PATTERN,
  eventFormErrors,
  eventFormValues,
  type EventFormField,
  type EventFormInput,
  type EventFormValues,
} from './eventForm.ts';
import { saveExistingEvent, saveNewEvent, valuesOfEvent } from './eventSave.ts';

type SignedInLocals = Extract<AdminLocals, { mode: 'signed-in' }>;
type SignedIn = Pick<SignedInLocals, 'session'> & { services: EventAdminServices };

/**
 * The signed-in admin and the event an admin page's address names (its [id]), or the answer the
 * page gives instead: 404 when there is no such event.
 */
export function adminEventPage(locals: App.Locals, eventId: string | undefined) {
  const admin = signedInEditor(locals);
  const id = parseId(eventId);
  const event = id === undefined ? undefined : admin.services.events.get(id);
  if (!event) return new Response(null, { status: 404 });
  return { ...admin, event };
}

/** What the event form shows (its values, the errors to correct), or where a saved form leads. */
export type EventFormPage =
  | { redirect: string }
  | {
      status: 200 | 400 | 409;
      values: EventFormValues;
      errors: Partial<Record<EventFormField, string>>;
      /** Unpublish was pressed on a published event: ask first, the form as sent. */
      confirmUnpublish?: true;
      /** Changes made elsewhere meanwhile that this save did not write over, in words (409). */
      clashes?: string[];
      /** A new event's form: the key it carries (made when shown). */
      formKey?: string;
    };

/** A new key for a new event's form (eventSave.ts). */
export const newFormKey = () => randomBytes(16).toString('hex');

/**
 * The event form as it was sent (the admin guard read it), after its save was refused, with the words of each
 * field refused (by the form's names, as the action's input error has them): nothing typed is lost.
 */
export function sentEventForm(form: URLSearchParams, fieldErrors: Record<string, string>): EventFormPage {
  const formKey = form.get('form_key') ?? '';
  return {
    status: 400,
    values: eventFormValues(form),
    errors: eventFormErrors(fieldErrors),
    ...(FORM_KEY_PATTERN.test(formKey) ? { formKey } : {}),
  };
}

/** The event form of `event` (or of a new event) as stored, to show. */
export function shownEventForm(places: readonly string[], event?: AdminEvent): EventFormPage {
  // A new event's: every field as an empty post reads it, and the first place offered.
  const values = event
    ? valuesOfEvent(event, places)
    : { ...eventFormValues(new URLSearchParams()), place: places[0] ?? '' };
  return { status: 200, values, errors: {} };
}

/**
 * The event form of `event` (or of a new event), checked (the save action, src/actions/events.ts): saved, leading
 * to the event's page; or shown again as it is stored now when another tab's changes clashed with this one's
 * (409), or asking before Unpublish.
 */
export function saveEventForm(
  admin: SignedIn,
  form: EventFormInput,
  places: readonly string[],
  event?: AdminEvent,
): EventFormPage {
  if (event?.published && form.action === 'draft') {
    return { status: 200, values: form.values, errors: {}, confirmUnpublish: true };
  }
  if (!event) return { redirect: saveNewEvent(admin, form.formKey ?? newFormKey(), form.fields) };
  const saved = saveExistingEvent(admin, form, places, event);
  if ('redirect' in saved) return saved;
  const stored = admin.services.events.get(event.id) ?? event;
  return { status: 409, values: valuesOfEvent(stored, places), errors: {}, clashes: saved.clashes };
}

/** Deletes the event, its photos and their files; returns where to go next. */
export async function deleteEvent({ services, session }: SignedIn, event: AdminEvent): Promise<string> {
  await services.events.remove(event.id);
  services.audit.record({
    username: session.username,
    action: 'event-deleted',
    eventId: event.id,
    detail: event.title,
  });
  return '/Admin?done=deleted';
}

/**
 * A photo as the audit log names it for people: by its description, else by its place in its
 * event ("photo 3 of Tamil Nadu - Salem Branch - CME, without a description"), never by the
 * random name it is stored under.
 */
export function photoInWords(description: string, index: number, eventTitle: string): string {
  if (description.trim()) return `“${description.trim()}”`;
  const which = index >= 0 ? `photo ${index + 1}` : 'a photo';
  return `${which} of ${eventTitle || 'the event'}, without a description`;
}

/** Deletes one photo and its files; undefined when the event has no such photo. */
export async function deletePhoto(
  { services, session }: SignedIn,
  eventId: number,
  photoId: number,
): Promise<StoredPhoto | undefined> {
  const event = services.events.get(eventId);
  const place = event?.photos.findIndex((photo) => photo.id === photoId) ?? -1;
  const removed = await services.events.removePhoto(eventId, photoId);
  if (!removed) return undefined;
  services.audit.record({
    username: session.username,
    action: 'photo-removed',
    eventId,
    detail: photoInWords(removed.description, place, event?.title ?? ''),
  });
  return removed;
}

/**
 * What Preview shows: the event as saved, or, when the form was sent to Preview (its Preview
 * button), the form's fields and photos as they stand, saved or not: nothing is saved by it.
 */
export function eventPreview(event: AdminEvent, form?: EventFormInput) {
  if (!form) return { ...storedTextOf(event), photos: event.photos, unsaved: false };
  const listed = (form.photos?.arrangement.photos ?? []).flatMap(({ id, description }) => {
    const photo = event.photos.find((candidate) => candidate.id === id);
    return photo ? [{ ...photo, description }] : [];
  });
  const rest = event.photos.filter((photo) => !listed.some((candidate) => candidate.id === photo.id));
  return { ...storedTextOf(form.fields), photos: [...listed, ...rest], unsaved: true };
}
