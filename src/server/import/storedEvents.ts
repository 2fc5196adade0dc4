/**
 * The importer's reads and writes of one event in the embedded store (src/server/database.ts):
 * what is stored for an id, and saving an event with its photo list in one transaction, so the
 * server (another connection, in WAL mode) never sees an event without its photos.
 */
import type { DatabaseSync } from 'node:sqlite';
import {
  eventImageRecordSchema,
  eventRecordSchema,
  type EventImageRecord,
  type EventRecord,
} from '../../lib/events/eventRecords.ts';

export interface StoredEvent {
  event: EventRecord;
  images: EventImageRecord[];
}

export function readStoredEvent(db: DatabaseSync, eventId: number): StoredEvent | undefined {
  const row = db
    .prepare(
      'SELECT events_id, events_title, events_sub_title, events_image, events_date FROM events WHERE events_id = ?',
    )
    .get(eventId);
  if (!row) return undefined;
  const images = db
    .prepare('SELECT event_image, img_description FROM event_images WHERE events_id = ? ORDER BY sort_order, id')
    .all(eventId)
    .map((image) => eventImageRecordSchema.parse(image));
  return { event: eventRecordSchema.parse(row), images };
}

/** The ids of every stored event. */
export function storedEventIds(db: DatabaseSync): number[] {
  return db
    .prepare('SELECT events_id FROM events')
    .all()
    .map((row) => Number(row['events_id']));
}

export function sameEvent(a: StoredEvent, b: StoredEvent): boolean {
  const fields = ['events_id', 'events_title', 'events_sub_title', 'events_image', 'events_date'] as const;
  return (
    fields.every((field) => a.event[field] === b.event[field]) &&
    a.images.length === b.images.length &&
    a.images.every(
      (image, index) =>
        image.event_image === b.images[index]?.event_image &&
        image.img_description === b.images[index]?.img_description,
    )
  );
}

/** Adds or replaces the event and its whole photo list, in one write transaction. */
export function saveEvent(db: DatabaseSync, { event, images }: StoredEvent): void {
  db.exec('BEGIN IMMEDIATE');
  try {
    db.prepare(
      `INSERT INTO events (events_id, events_title, events_sub_title, events_image, events_date) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT(events_id) DO UPDATE SET events_title = excluded.events_title, events_sub_title = excluded.events_sub_title,
         events_image = excluded.events_image, events_date = excluded.events_date`,
    ).run(event.events_id, event.events_title, event.events_sub_title, event.events_image, event.events_date);
    db.prepare('DELETE FROM event_images WHERE events_id = ?').run(event.events_id);
    const insert = db.prepare(
      'INSERT INTO event_images (events_id, sort_order, event_image, img_description) VALUES (?, ?, ?, ?)',
    );
    images.forEach((image, index) => insert.run(event.events_id, index, image.event_image, image.img_description));
    db.exec('COMMIT');
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}
