/** The embedded events store: SQLite in DATA_DIR, photos under DATA_DIR/uploads. */
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { wasRemoved } from './eventNumbers.ts';
import {
  eventImageRecordSchema,
  eventRecordSchema,
  type EventImageRecord,
  type EventRecord,
} from '../../lib/events/eventRecords.ts';
import { UPLOADS_PATH } from '../../lib/events/fixImagePath.ts';
import { readStoredPhoto } from '../uploads.ts';
import { transaction } from '../database.ts';
import type { EventPhoto, EventsSource } from './EventsSource.ts';

/** An event as the sample events (sampleEvents.ts) are loaded: its public record and its photos. */
export type NewEvent = EventRecord & { images: EventImageRecord[] };

/** The columns of the public records (each a column of the table events): what visitors may see. */
const RECORD_COLUMNS = eventRecordSchema.keyof().options;

export interface SqliteOptions {
  /** The folder the photos' paths under /Admin/uploads/ name: DATA_DIR/uploads. */
  uploadsDir: string;
}

export class SqliteEventsSource implements EventsSource {
  readonly #db: DatabaseSync;
  readonly #uploadsDir: string;
  // Prepared once: every page view and API call runs one of these.
  readonly #listEvents: StatementSync;
  readonly #eventDetails: StatementSync;
  readonly #publicPhoto: StatementSync;
  readonly #alive: StatementSync;

  constructor(db: DatabaseSync, { uploadsDir }: SqliteOptions) {
    this.#db = db;
    this.#uploadsDir = uploadsDir;
    this.#listEvents = db.prepare(
      `SELECT ${RECORD_COLUMNS.join(', ')} FROM events WHERE published = 1 ORDER BY events_date DESC, events_id DESC`,
    );
    // Drafts (published = 0) are seen only in the admin (src/server/events/eventWriter.ts).
    this.#eventDetails = db.prepare(
      `SELECT event_image, img_description FROM event_images
       WHERE events_id = ? AND EXISTS (SELECT 1 FROM events WHERE events.events_id = event_images.events_id AND published = 1)
       ORDER BY sort_order, id`,
    );
    this.#publicPhoto = db.prepare(
      `SELECT 1 AS found FROM event_images i JOIN events e USING (events_id) WHERE i.event_image = ? AND e.published = 1
       UNION ALL SELECT 1 FROM events WHERE events_image = ? AND published = 1 LIMIT 1`,
    );
    this.#alive = db.prepare('SELECT 1 AS ok');
  }

  /**
   * Whether the photo at /Admin/uploads/<relativePath> belongs to a published event (as one of
   * its photos or its cover): only those are shown to the public (src/server/photoAudience.ts).
   */
  isPublicPhoto(relativePath: string): boolean {
    const sitePath = `${UPLOADS_PATH}${relativePath}`;
    return this.#publicPhoto.get(sitePath, sitePath) !== undefined;
  }

  async listEvents(): Promise<EventRecord[]> {
    return this.#listEvents.all().map((row) => eventRecordSchema.parse(row));
  }

  async eventDetails(eventId: number): Promise<EventImageRecord[]> {
    return this.#eventDetails.all(eventId).map((row) => eventImageRecordSchema.parse(row));
  }

  openPhoto(relativePath: string): Promise<EventPhoto | undefined> {
    return readStoredPhoto(this.#uploadsDir, relativePath);
  }

  /** Whether event `id` was deleted (its page says it was removed: eventNumbers.ts). */
  wasRemoved(id: number): boolean {
    return wasRemoved(this.#db, id);
  }

  async isHealthy(): Promise<boolean> {
    try {
      return this.#alive.get()?.['ok'] === 1; // Throws once the connection is closed.
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    if (this.#db.isOpen) this.#db.close();
  }

  /** Replaces every event and photo record with `events`, in one transaction. */
  replaceAll(events: readonly NewEvent[]) {
    const insertEvent = this.#db.prepare(
      `INSERT INTO events (${RECORD_COLUMNS.join(', ')}) VALUES (${RECORD_COLUMNS.map(() => '?').join(', ')})`,
    );
    const insertImage = this.#db.prepare(
      'INSERT INTO event_images (events_id, sort_order, event_image, img_description) VALUES (?, ?, ?, ?)',
    );
    transaction(this.#db, () => {
      this.#db.exec('DELETE FROM event_images; DELETE FROM events;');
      for (const event of events) {
        insertEvent.run(...RECORD_COLUMNS.map((column) => event[column] ?? ''));
        event.images.forEach((image, index) =>
          insertImage.run(event.events_id, index, image.event_image, image.img_description),
        );
      }
    });
  }
}
