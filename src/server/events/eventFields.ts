/**
 * The shapes of the events store's writes and of what the events admin reads back (eventWriter.ts):
 * the event form's fields, stored photos, the importer's events, the refusals, the table rows.
 */
import { z } from 'zod';
import { withoutControlCharacters } from '../../lib/plainText.ts';

/** OWASP File Upload Cheat Sheet: a limit on how many files; one event's gallery needs no more. */
export const MAX_PHOTOS_PER_EVENT = 60;

/** Typed or pasted text as the store keeps it: without control characters, trimmed. */
const storedText = () => z.string().overwrite(withoutControlCharacters).trim();

export const eventFieldsSchema = z.object({
  title: storedText().min(1, 'Give the event a title.').max(200, 'The title must have at most 200 characters.'),
  subTitle: storedText().max(300, 'The sub-title must have at most 300 characters.'),
  date: z.iso.date('Choose a real date for the event in the Date field.'),
  published: z.boolean(),
});
export type EventFields = z.infer<typeof eventFieldsSchema>;

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

export const eventRowSchema = z.object({
  events_id: z.number(),
  events_title: z.string(),
  events_sub_title: z.string(),
  events_image: z.string(),
  events_date: z.string(),
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
  title: row.events_title,
  subTitle: row.events_sub_title,
  date: row.events_date,
  published: row.published === 1,
});
