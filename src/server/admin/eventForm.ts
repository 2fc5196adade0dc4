/**
 * The event form of the admin (Title, Sub-title, Date (day first: indianDate.ts), Place, the photos' descriptions, order and
 * cover, and Publish or Save draft), read from its urlencoded post and checked with zod. The title
 * is saved naming its place (eventPlaces.ts). Bad input comes back with a message per field and
 * the values as sent, so nothing typed is lost.
 */
import { parseId } from '../../lib/parseId.ts';
import { eventFieldsSchema, type EventFields } from '../events/eventFields.ts';
import { titleNamingPlace } from '../../lib/events/eventPlaces.ts';
import { isoDateOf } from '../../lib/events/indianDate.ts';
import { MAX_DESCRIPTION_LENGTH } from './photoUpload.ts';

export type EventFormField = 'title' | 'subTitle' | 'date' | 'place';

export interface EventFormValues {
  title: string;
  subTitle: string;
  date: string;
  place: string;
}

export type ParsedEventForm =
  | { ok: true; fields: EventFields; photos: { id: number; description: string }[]; cover: number | undefined }
  | { ok: false; errors: Partial<Record<EventFormField, string>>; values: EventFormValues };

/** The form's fields as sent, to show them again. */
export function eventFormValues(form: URLSearchParams): EventFormValues {
  return {
    title: form.get('title') ?? '',
    subTitle: form.get('sub_title') ?? '',
    date: form.get('date') ?? '',
    place: form.get('place') ?? '',
  };
}

/**
 * The buttons' actions: `publish`; `draft` (Save draft, or Unpublish on a published event, which
 * asks first); `unpublish` (the answer Yes to that question).
 */
export function parseEventForm(form: URLSearchParams, places: readonly string[]): ParsedEventForm {
  const values = eventFormValues(form);
  const errors: Partial<Record<EventFormField, string>> = {};
  if (!places.includes(values.place)) errors.place = 'Choose the place of the event.';
  const fields = eventFieldsSchema.safeParse({
    title:
      places.includes(values.place) && values.title.trim()
        ? titleNamingPlace(values.title, values.place, places)
        : values.title,
    subTitle: values.subTitle,
    date: isoDateOf(values.date) ?? values.date,
    published: form.get('action') === 'publish',
  });
  if (!fields.success) {
    for (const issue of fields.error.issues) {
      const field = issue.path[0];
      if ((field === 'title' || field === 'subTitle' || field === 'date') && !errors[field])
        errors[field] = issue.message;
    }
  }
  if (!fields.success || Object.keys(errors).length > 0) return { ok: false, errors, values };

  const order = (form.get('photo_order') ?? '').split(',').flatMap((part) => parseId(part.trim()) ?? []);
  const photos = [...new Set(order)].map((id) => ({
    id,
    description: (form.get(`description_${id}`) ?? '').trim().slice(0, MAX_DESCRIPTION_LENGTH),
  }));
  return { ok: true, fields: fields.data, photos, cover: parseId(form.get('cover')?.trim()) };
}
