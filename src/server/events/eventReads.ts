/** What the events admin reads back from the store (eventWriter.ts writes it): drafts included. */
import type { DatabaseSync } from 'node:sqlite';
import {
  countSchema,
  eventRowSchema,
  photoRowSchema,
  toFields,
  type AdminEvent,
  type AdminEventSummary,
  type StoredPhoto,
} from './eventFields.ts';

/** Every event, drafts included, newest first. */
export function listStoredEvents(db: DatabaseSync): AdminEventSummary[] {
  return db
    .prepare(
      `SELECT e.*, (SELECT count(*) FROM event_images i WHERE i.events_id = e.events_id) AS n
       FROM events e ORDER BY e.events_date DESC, e.events_id DESC`,
    )
    .all()
    .map((row) => ({ ...toFields(eventRowSchema.parse(row)), photoCount: countSchema.parse(row).n }));
}

/** One event with its photos and version; undefined when there is none. */
export function readStoredEvent(db: DatabaseSync, id: number): AdminEvent | undefined {
  const row = db.prepare('SELECT * FROM events WHERE events_id = ?').get(id);
  if (!row) return undefined;
  const event = eventRowSchema.parse(row);
  return { ...toFields(event), cover: event.events_image, photos: photosOf(db, id), version: event.version };
}

/** An event's photos, in order. */
export function photosOf(db: DatabaseSync, id: number): StoredPhoto[] {
  return db
    .prepare(
      `SELECT id, event_image, img_description, original_name, original_size FROM event_images
       WHERE events_id = ? ORDER BY sort_order, id`,
    )
    .all(id)
    .map((row) => {
      const photo = photoRowSchema.parse(row);
      return {
        id: photo.id,
        path: photo.event_image,
        description: photo.img_description,
        originalName: photo.original_name,
        originalSize: photo.original_size,
      };
    });
}

/** Every photo path (covers included) that an event made in the admin names. */
export function madeHerePhotoPaths(db: DatabaseSync): Set<string> {
  const rows = db
    .prepare(
      `SELECT i.event_image AS path FROM event_images i JOIN events e USING (events_id) WHERE e.made_here = 1
       UNION SELECT events_image FROM events WHERE made_here = 1`,
    )
    .all();
  return new Set(rows.map((row) => String(row['path'])));
}
