/**
 * The event form of the admin (Title, Sub-title, Date (day first: indianDate.ts), Place, the photos' descriptions, order and
 * cover, and Publish or Save draft), read from its urlencoded post and checked with zod. The title
 * is saved naming its place (eventPlaces.ts). Bad input comes back with a message per field and
 * the values as sent, so nothing typed is lost.
 */
import { z } from 'zod';
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

/** A field as the form posts it (Astro reads an empty one as null), at most `max` characters. */
const sent = (max: number) => z.string().max(max).nullish();
/** The fields the form posts besides one description per photo (`description_<id>`). */
const FORM_FIELDS = {
  csrf_token: sent(128),
  /** A new event's form key (eventSave.ts). */
  form_key: sent(64),
  /** What an existing event's form was shown with (eventSave.ts): its version and fields, its photos. */
  version: z
    .string()
    .regex(/^\d{0,15}$/)
    .nullish(),
  base: sent(4_000),
  photos_base: sent(64_000),
  // The fields' own rules (a title, a real date, a place of the list) are parseEventForm's, each with its message
  // beside its field and the form kept as sent; these limits are far above what a field takes.
  title: sent(2_000),
  sub_title: sent(2_000),
  date: sent(100),
  place: sent(200),
  action: z.enum(['publish', 'draft', 'unpublish', 'preview']).nullish(),
  photo_order: z
    .string()
    .regex(/^[\d,]{0,1000}$/)
    .nullish(),
  cover: z
    .string()
    .regex(/^\d{0,15}$/)
    .nullish(),
};
const DESCRIPTION_FIELD = /^description_\d{1,15}$/;

/**
 * The event form's post, as its save and Preview actions take it (src/actions/events.ts): its fields, and a
 * description of at most MAX_DESCRIPTION_LENGTH characters per photo; any other field is refused.
 */
export const eventFormInput = z
  .object(FORM_FIELDS)
  .catchall(z.string().max(MAX_DESCRIPTION_LENGTH).nullable())
  .refine((form) => Object.keys(form).every((name) => name in FORM_FIELDS || DESCRIPTION_FIELD.test(name)), {
    error: 'The form has a field it does not know.',
  });

/** The form's fields (the save and Preview actions' input) as the form's functions here read them. */
export function formFieldsOf(input: z.output<typeof eventFormInput>): URLSearchParams {
  const fields = new URLSearchParams();
  for (const [name, value] of Object.entries(input)) if (typeof value === 'string') fields.set(name, value);
  return fields;
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
