/**
 * The event form of the admin (Title, Sub-title, Date (day first: indianDate.ts), Place, the photos' descriptions,
 * order and cover, and Publish or Save draft) as its save and Preview actions take it (`eventFormSchema`, their
 * input schema: src/actions/events.ts): every field with its rules, the title saved naming its place
 * (eventPlaces.ts), and the hidden fields an existing event's form carries so that a save from an older tab is
 * merged (eventSave.ts). A refused field is said beside it, with the form shown again as it was sent
 * (`sentEventForm` in eventService.ts), so nothing typed is lost.
 */
import { z } from 'zod';
import { titleNamingPlace } from '../../lib/events/eventPlaces.ts';
import type { Arrangement } from '../../lib/events/mergeEdits.ts';
import { jsonWith } from '../../lib/jsonWith.ts';
import {
  byField,
  CHOOSE_A_PLACE,
  describedField,
  EVENT_TEXT_FIELDS,
  eventFieldsSchema,
  MAX_PHOTOS_PER_EVENT,
  storedAs,
  TEXT_FIELDS,
  type EventFields,
  type EventTextField,
} from '../events/eventFields.ts';
import { arrangementSchema } from './photoArrangement.ts';
import { MAX_DESCRIPTION_LENGTH } from './photoUpload.ts';

/** The form's text fields, as eventFields.ts describes them: Title, Sub-title, Date, Place. */
export type EventFormField = EventTextField;
export type EventFormValues = Record<EventFormField, string>;
type FormName = (typeof EVENT_TEXT_FIELDS)[EventFormField]['name'];

/**
 * The form's buttons: `publish`; `draft` (Save draft, or Unpublish on a published event, which asks first);
 * `unpublish` (the answer Yes to that question); `preview` (sent to the Preview action).
 */
const BUTTONS = ['publish', 'draft', 'unpublish', 'preview'] as const;

/** A new event's form key: made when the form is shown (newFormKey in eventService.ts), 32 hex digits. */
export const FORM_KEY_PATTERN = /^[0-9a-f]{32}$/;

/** Said for a field the page fills in itself (a hidden field, a button) that no page of the admin sends so. */
export const FORM_NOT_READ =
  'The form could not be read, so nothing was saved. What you typed is shown again: check it and press the button again.';

const DESCRIPTION_TOO_LONG = `A photo's description has at most ${MAX_DESCRIPTION_LENGTH} characters.`;

/** A field the page fills in itself, as the form posts it (Astro reads an empty one as undefined). */
const hidden = (pattern: RegExp) => z.string({ error: FORM_NOT_READ }).regex(pattern, FORM_NOT_READ).nullish();

/** A hidden field holding JSON of `schema`'s shape. */
function jsonField<T extends z.ZodType>(schema: T) {
  return z
    .string({ error: FORM_NOT_READ })
    .max(64_000, FORM_NOT_READ)
    .transform((text, context): z.output<T> => {
      const value = jsonWith(schema, text);
      if (value !== undefined) return value;
      context.addIssue({ code: 'custom', message: FORM_NOT_READ });
      return z.NEVER;
    })
    .nullish();
}

/** A field typed in the form: text, far longer than its rule allows (the rules, with their words, come after). */
const typed = (max: number, tooLong: string) => z.string({ error: FORM_NOT_READ }).max(max, tooLong).nullish();

/** Each text field by its name in the form, with its size limit (Object.fromEntries cannot know the names: the type says them). */
const TYPED_FIELDS = Object.fromEntries(
  TEXT_FIELDS.map((key) => [
    EVENT_TEXT_FIELDS[key].name,
    typed(EVENT_TEXT_FIELDS[key].sizeLimit, EVENT_TEXT_FIELDS[key].tooLong),
  ]),
) as Record<FormName, ReturnType<typeof typed>>;

/**
 * What an existing event's form was shown with (eventSave.ts merges a save from it). A field whose rule lets it be
 * left out was added after the first forms were shown: a tab opened before its release sends none, read as "".
 */
const baseSchema = z.object(
  byField(TEXT_FIELDS, (key) => {
    const { rule } = describedField(key);
    return rule && rule.safeParse(undefined).success ? z.string().default('') : z.string();
  }),
);

/** The fields the form posts besides one description per photo (`description_<id>`). */
const FORM_FIELDS = {
  csrf_token: z.string().max(128).nullish(),
  /** A new event's form key. */
  form_key: hidden(FORM_KEY_PATTERN),
  /** What an existing event's form was shown with: its version, and its fields as stored (eventSave.ts). */
  version: z
    .string({ error: FORM_NOT_READ })
    .regex(/^\d{1,15}$/, FORM_NOT_READ)
    .transform(Number)
    .nullish(),
  base: jsonField(baseSchema),
  /** What the photos island had from the server (its autosave's base). */
  photos_base: jsonField(arrangementSchema),
  ...TYPED_FIELDS,
  action: z.enum(BUTTONS, { error: FORM_NOT_READ }),
  /** The photos' ids in their order, from the photos island. */
  photo_order: hidden(new RegExp(`^\\d{1,15}(,\\d{1,15}){0,${MAX_PHOTOS_PER_EVENT - 1}}$`)),
  cover: hidden(/^\d{1,15}$/),
};
const DESCRIPTION_FIELD = /^description_\d{1,15}$/;

/** The event form's fields, checked: the title naming its place, the date as ISO, a place of the site's list. */
export type CheckedEventFields =
  { ok: true; fields: EventFields } | { ok: false; errors: Partial<Record<EventFormField, string>> };

/** Checks `values` against the rules of an event's fields (a save merged from another tab's is checked again). */
export function checkEventFields(
  values: EventFormValues,
  places: readonly string[],
  published: boolean,
): CheckedEventFields {
  const errors: Partial<Record<EventFormField, string>> = {};
  const placeOffered = places.includes(values.place);
  if (!placeOffered) errors.place = CHOOSE_A_PLACE;
  // Every field as typed (the date read day first), so that a field added to eventFields.ts is saved with no step here.
  const fields = eventFieldsSchema.safeParse({
    ...byField(TEXT_FIELDS, (key) => storedAs(key, values[key])),
    title: placeOffered && values.title.trim() ? titleNamingPlace(values.title, values.place, places) : values.title,
    published,
  });
  for (const issue of fields.error?.issues ?? []) {
    const field = TEXT_FIELDS.find((name) => name === issue.path[0]);
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return fields.success && Object.keys(errors).length === 0 ? { ok: true, fields: fields.data } : { ok: false, errors };
}

/** The event form's post, checked: what the save and Preview actions take. */
export interface EventFormInput {
  /** The fields as typed (shown again when the save asks first, merged with another tab's changes). */
  values: EventFormValues;
  /** The fields as they are saved: published when Publish was pressed. */
  fields: EventFields;
  action: (typeof BUTTONS)[number];
  formKey: string | undefined;
  version: number | undefined;
  base: EventFormValues | undefined;
  /** The photos' order, descriptions and cover, and what the island had from the server; none without the island. */
  photos: { arrangement: Arrangement; base: Arrangement | undefined } | undefined;
}

/**
 * The event form's post, with the rules of every field; `placesOf` gives the places the form offers (the site's,
 * content/site.yaml). A description of at most MAX_DESCRIPTION_LENGTH characters per photo; any other field is
 * refused.
 */
export function eventFormSchema(placesOf: () => Promise<readonly string[]> | readonly string[]) {
  return z
    .object(FORM_FIELDS)
    .catchall(z.string({ error: FORM_NOT_READ }).max(MAX_DESCRIPTION_LENGTH, DESCRIPTION_TOO_LONG).nullable())
    .refine((form) => Object.keys(form).every((name) => name in FORM_FIELDS || DESCRIPTION_FIELD.test(name)), {
      error: FORM_NOT_READ,
    })
    .transform(async (form, context): Promise<EventFormInput> => {
      const values = byField(TEXT_FIELDS, (key) => form[EVENT_TEXT_FIELDS[key].name] ?? '');
      const checked = checkEventFields(values, await placesOf(), form.action === 'publish');
      if (!checked.ok) {
        for (const field of TEXT_FIELDS) {
          const message = checked.errors[field];
          if (message) context.addIssue({ code: 'custom', path: [EVENT_TEXT_FIELDS[field].name], message });
        }
        return z.NEVER;
      }
      const order = form.photo_order ? [...new Set(form.photo_order.split(',').map(Number))] : undefined;
      const description = (id: number) => form[`description_${id}`]?.trim() ?? '';
      return {
        values,
        fields: checked.fields,
        action: form.action,
        formKey: form.form_key ?? undefined,
        version: form.version ?? undefined,
        base: form.base ?? undefined,
        photos: order && {
          arrangement: {
            photos: order.filter((id) => id > 0).map((id) => ({ id, description: description(id) })),
            cover: form.cover ? Number(form.cover) || null : null,
          },
          base: form.photos_base ?? undefined,
        },
      };
    });
}

/** The form's fields as sent (the admin guard read them: `locals.admin.form`), to show them again. */
export function eventFormValues(form: URLSearchParams): EventFormValues {
  return byField(TEXT_FIELDS, (key) => form.get(EVENT_TEXT_FIELDS[key].name) ?? '');
}

/** The errors of a refused form's fields (by the form's names, as its action's input error has them) by field. */
export function eventFormErrors(fields: Record<string, string>): Partial<Record<EventFormField, string>> {
  const errors: Partial<Record<EventFormField, string>> = {};
  for (const field of TEXT_FIELDS) {
    const message = fields[EVENT_TEXT_FIELDS[field].name];
    if (message) errors[field] = message;
  }
  return errors;
}
