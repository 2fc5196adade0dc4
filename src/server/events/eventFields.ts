/**
 * An event's fields, each described once (as a contact message's are: src/server/contact/messageFields.ts), and
 * the shapes of the events store's writes and of what the events admin reads back (eventWriter.ts): stored
 * photos, the importer's events, the refusals, the table rows. From EVENT_TEXT_FIELDS come the admin's form
 * (its fields, their names, limits and labels, the JSON of what it was shown with: src/server/admin/eventForm.ts
 * and src/components/admin/EventForm.astro), the words of a clash (src/server/admin/eventSave.ts), the store's
 * writes and the admin's reads. The store's columns themselves are its migrations' (src/server/database.ts),
 * never made from this list: a migration is history. What visitors see is the events API's records
 * (src/lib/events/eventRecords.ts).
 */
import { z } from 'zod';
import { indianDate, isoDateOf } from '../../lib/events/indianDate.ts';
import { withoutControlCharacters } from '../../lib/plainText.ts';

/** OWASP File Upload Cheat Sheet: a limit on how many files; one event's gallery needs no more. */
export const MAX_PHOTOS_PER_EVENT = 60;

/** Typed or pasted text as the store keeps it: without control characters, trimmed. */
const storedText = () => z.string().overwrite(withoutControlCharacters).trim();

const TITLE_TOO_LONG = 'The title must have at most 200 characters.';
const SUB_TITLE_TOO_LONG = 'The sub-title must have at most 300 characters.';
const NOT_A_DATE = 'Choose a real date for the event in the Date field.';
/** Said of a place the form does not offer (its rule needs the site's places: checkEventFields in eventForm.ts). */
export const CHOOSE_A_PLACE = 'Choose the place of the event.';

/** One text field of the event form. Every field is "" when empty (a new event's, or one a post left out). */
interface TextField {
  /** Its name in the form's post, and its control's id. */
  name: string;
  /** Its label in the form. */
  label: string;
  /** What a clash calls it: "The sub-title was changed in another tab…" (mergeEdits.ts). */
  clash: string;
  /**
   * The most characters a post may carry in it, and what is said past that: far more than the rule allows, so that
   * the rule, with its words, is what refuses a field merely too long.
   */
  sizeLimit: number;
  tooLong: string;
  /** Its rule as saved, with its words (a field added later is optional: see eventFormSchema's `base`). */
  rule?: z.ZodType<string | undefined>;
  /** Its column in the table `events`; none for the place, which is saved in the title (eventPlaces.ts). */
  column?: string;
  /** The stored value as the form shows it, and the form's as stored, where they differ (the date, day first). */
  shown?: (stored: string) => string;
  read?: (typed: string) => string;
  /** Its input in the form (the place is a list to choose from, drawn by EventForm.astro itself). */
  input?: {
    hint?: string;
    required?: boolean;
    maxlength: number;
    inputmode?: 'numeric';
    autocomplete?: 'off';
    placeholder?: string;
  };
}

/** The event form's text fields, in the form's order. */
export const EVENT_TEXT_FIELDS = {
  title: {
    name: 'title',
    label: 'Title',
    clash: 'the title',
    sizeLimit: 2_000,
    tooLong: TITLE_TOO_LONG,
    rule: storedText().min(1, 'Give the event a title.').max(200, TITLE_TOO_LONG),
    column: 'events_title',
    input: {
      hint: 'The public list finds events by the places in the title: “Tamil Nadu -” and, for a branch, “Madurai Branch -” are put before it when it does not name them.',
      required: true,
      maxlength: 200,
    },
  },
  subTitle: {
    name: 'sub_title',
    label: 'Sub-title',
    clash: 'the sub-title',
    sizeLimit: 2_000,
    tooLong: SUB_TITLE_TOO_LONG,
    rule: storedText().max(300, SUB_TITLE_TOO_LONG),
    column: 'events_sub_title',
    input: { maxlength: 300 },
  },
  date: {
    name: 'date',
    label: 'Date (dd/mm/yyyy)',
    clash: 'the date',
    sizeLimit: 100,
    tooLong: NOT_A_DATE,
    rule: z.iso.date(NOT_A_DATE),
    column: 'events_date',
    // Stored as ISO (2025-03-14), typed and shown day first (14/03/2025; 2025-03-14 is still taken).
    shown: indianDate,
    read: (typed: string) => isoDateOf(typed) ?? typed,
    input: {
      hint: 'Day first, as 14/03/2025: the day the event was held. Its year is the one visitors choose to find it.',
      required: true,
      inputmode: 'numeric',
      autocomplete: 'off',
      placeholder: 'dd/mm/yyyy',
      maxlength: 10,
    },
  },
  place: { name: 'place', label: 'Place', clash: 'the place', sizeLimit: 200, tooLong: CHOOSE_A_PLACE },
} as const satisfies Record<string, TextField>;

type Described = typeof EVENT_TEXT_FIELDS;
export type EventTextField = keyof Described;
/** The fields stored in a column of their own: all but the place. */
type StoredField = { [K in EventTextField]: Described[K] extends { column: string } ? K : never }[EventTextField];

/** The text fields' keys, in the form's order. */
export const TEXT_FIELDS = Object.keys(EVENT_TEXT_FIELDS).filter(
  (key): key is EventTextField => key in EVENT_TEXT_FIELDS,
);
const isStored = (key: EventTextField): key is StoredField => 'column' in EVENT_TEXT_FIELDS[key];
export const STORED_FIELDS = TEXT_FIELDS.filter(isStored);

/** `make`'s value for each of `keys`, by key. */
export function byField<K extends EventTextField, V>(keys: readonly K[], make: (key: K) => V): Record<K, V> {
  // Object.fromEntries cannot know the keys: the type says them.
  return Object.fromEntries(keys.map((key) => [key, make(key)])) as Record<K, V>;
}

/** A field's description, as any field's (its own type says which parts it has). */
export const describedField = (key: EventTextField): TextField => EVENT_TEXT_FIELDS[key];

/** A field's value as typed in the form, as the store keeps it (the date, typed day first, as ISO). */
export function storedAs(key: EventTextField, typed: string): string {
  const { read } = describedField(key);
  return read ? read(typed) : typed;
}

/** A stored value as the form shows it (the date day first). */
export function shownAs(key: EventTextField, stored: string): string {
  const { shown } = describedField(key);
  return shown ? shown(stored) : stored;
}

/** Each stored field's rule, each keeping its own type (Object.fromEntries cannot know it: the type says it). */
const RULES = Object.fromEntries(STORED_FIELDS.map((key) => [key, EVENT_TEXT_FIELDS[key].rule])) as {
  [K in StoredField]: Described[K]['rule'];
};

export const eventFieldsSchema = z.object({ ...RULES, published: z.boolean() });
export type EventFields = z.infer<typeof eventFieldsSchema>;

/** The stored text fields' values, an optional one left out as "". */
export const storedTextOf = (fields: EventFields) => byField(STORED_FIELDS, (key) => fields[key] ?? '');

/** The stored fields' columns, in order, for the store's writes and reads. */
export const STORED_COLUMNS = STORED_FIELDS.map((key) => EVENT_TEXT_FIELDS[key].column);

export interface StoredPhoto {
  id: number;
  /** The path the public records name: /Admin/uploads/events/<id>/<name>. */
  path: string;
  description: string;
  /** The name and size in bytes of the file it came from ("" and 0 when not known). */
  originalName?: string;
  originalSize?: number;
}

export interface AdminEvent extends EventFields {
  id: number;
  /** The cover's path (events_image), or "" when the event has no photo. */
  cover: string;
  photos: StoredPhoto[];
  /** Raised by every change to the event or its photos (a save says which version it was based on). */
  version: number;
}

export interface AdminEventSummary extends EventFields {
  id: number;
  photoCount: number;
}

/** An event as the importer saves it: its fields as the old backend has them, and its photos' paths. */
export interface ImportedEvent {
  id: number;
  title: string;
  subTitle: string;
  date: string;
  /** The cover's path (events_image). */
  cover: string;
  photos: readonly { path: string; description: string }[];
}

export class UnknownEventError extends Error {
  override name = 'UnknownEventError';
}

export class TooManyPhotosError extends Error {
  override name = 'TooManyPhotosError';
  constructor() {
    super(`An event can have at most ${MAX_PHOTOS_PER_EVENT} photos. Remove some before adding more.`);
  }
}

/** An event's row as `SELECT *` reads it: its fields' columns (toFields) and the rest. */
export const eventRowSchema = z.looseObject({
  events_id: z.number(),
  events_image: z.string(),
  published: z.number(),
  version: z.number().default(0),
});
export const photoRowSchema = z.object({
  id: z.number(),
  event_image: z.string(),
  img_description: z.string(),
  original_name: z.string().default(''),
  original_size: z.number().default(0),
});
export const countSchema = z.object({ n: z.number() });

export const toFields = (row: z.infer<typeof eventRowSchema>): EventFields & { id: number } => ({
  id: row.events_id,
  ...byField(STORED_FIELDS, (key) => z.string().parse(row[EVENT_TEXT_FIELDS[key].column])),
  published: row.published === 1,
});
