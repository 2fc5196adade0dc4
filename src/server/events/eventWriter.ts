/**
 * Every write to the events store, in one place (its shapes are in eventFields.ts): the events admin uses it, and so can an importer.
 *
 *   upsert(fields)                    -> the event's id (a given `id` is kept: insert or update)
 *   saveImported(event)               -> an event of the old backend with its photos' kept paths
 *   addPhoto(id, bytes, description)  -> one photo added (checked and stripped by photoIntake.ts)
 *   arrangePhotos(id, photos, cover)  -> order, descriptions and cover of the photos it has
 *   removePhoto(id, photoId), remove(id) -> rows deleted, then their files and resized copies
 *   list(), get(id)                   -> what the admin shows, drafts included (eventReads.ts)
 *
 * Text is stored without control characters (src/lib/plainText.ts).
 * A photo's file is DATA_DIR/uploads/events/<id>/<random name><extension of its type> (the name a browser sent is
 * never used), checked and stripped by photoIntake.ts; numbers are given by eventNumbers.ts. The cover (`events_image`)
 * is a photo of the event, the first one unless chosen. Triggers raise the store's events revision on each change (database.ts), so
 * the public list and pages follow at once.
 */
import { randomBytes } from 'node:crypto';
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { UPLOADS_PATH } from '../../lib/events/fixImagePath.ts';
import { withoutControlCharacters } from '../../lib/plainText.ts';
import { DiskCache } from '../diskCache.ts';
import { transaction } from '../database.ts';
import { isRasterPhoto } from '../../lib/imageTypes.ts';
import { makeResizedCopies, photoCacheDir, removeResizedCopies } from '../photoCache.ts';
import { processPhoto } from '../photos/photoIntake.ts';
import { photoVersion, readStoredPhoto, resolveUpload } from '../uploads.ts';
import { writeWhole } from '../wholeFile.ts';
import { listStoredEvents, madeHerePhotoPaths, photosOf, readStoredEvent } from './eventReads.ts';
import { madeByForm, nextId, rememberFormKey } from './eventNumbers.ts';
import {
  countSchema,
  eventFieldsSchema,
  MAX_PHOTOS_PER_EVENT,
  STORED_COLUMNS,
  STORED_FIELDS,
  storedTextOf,
  TooManyPhotosError,
  UnknownEventError,
  type AdminEvent,
  type AdminEventSummary,
  type EventFields,
  type ImportedEvent,
  type StoredPhoto,
} from './eventFields.ts';

const MAX_ORIGINAL_NAME = 200;

/** Text as the store keeps it: without control characters (src/lib/plainText.ts), trimmed. */
const stored = (text: string) => withoutControlCharacters(text).trim();

/** An event's fields saved (eventFields.ts lists their columns): inserted, or written over the stored ones. */
const UPSERT = `INSERT INTO events (events_id, ${STORED_COLUMNS.join(', ')}, events_image, published)
  VALUES (?, ${STORED_COLUMNS.map(() => '?').join(', ')}, '', ?)
  ON CONFLICT (events_id) DO UPDATE SET ${STORED_COLUMNS.map((column) => `${column} = excluded.${column}`).join(', ')},
    published = excluded.published`;

/** The importer was about to write over an event the office made in the admin. */
export class MadeHereError extends Error {
  override name = 'MadeHereError';
}

export class EventWriter {
  readonly #db: DatabaseSync;
  readonly #uploadsDir: string;
  readonly #photoCache: DiskCache;
  #copies: Promise<void> = Promise.resolve();

  /**
   * `photoCache` is the serving process's cache of resized photos (services.ts); a process of its
   * own (the importer, a test) may leave it out and gets one over DATA_DIR/cache/photos.
   */
  constructor(db: DatabaseSync, { dataDir, photoCache }: { dataDir: string; photoCache?: DiskCache | undefined }) {
    this.#db = db;
    this.#uploadsDir = path.join(dataDir, 'uploads');
    this.#photoCache = photoCache ?? new DiskCache({ dir: photoCacheDir(dataDir) });
  }

  /** Every event, drafts included, newest first. */
  list(): AdminEventSummary[] {
    return listStoredEvents(this.#db);
  }
  get(id: number): AdminEvent | undefined {
    return readStoredEvent(this.#db, id);
  }

  #requireEvent(id: number) {
    if (!this.#db.prepare('SELECT 1 FROM events WHERE events_id = ?').get(id)) {
      throw new UnknownEventError(`There is no event ${id}.`);
    }
  }

  /** Whether event `id` was made in the admin (not brought by the importer); false when there is none. */
  madeHere(id: number): boolean {
    return this.#db.prepare('SELECT made_here FROM events WHERE events_id = ?').get(id)?.['made_here'] === 1;
  }

  /** Every photo path (covers included) that an event made in the admin names. */
  madeHerePhotoPaths(): Set<string> {
    return madeHerePhotoPaths(this.#db);
  }

  /** Makes the cover a photo of the event: kept if it still is one, else the first photo, else "". */
  #settleCover(id: number, wanted?: string) {
    const paths = photosOf(this.#db, id).map((photo) => photo.path);
    const current = wanted ?? this.get(id)?.cover ?? '';
    const cover = paths.includes(current) ? current : (paths[0] ?? '');
    this.#db
      .prepare('UPDATE events SET events_image = ? WHERE events_id = ? AND events_image <> ?')
      .run(cover, id, cover);
  }

  /** The event a new event's form (its key, made when the form was shown) made, if it made one. */
  madeByForm(formKey: string): number | undefined {
    return madeByForm(this.#db, formKey);
  }

  /** Saves a new event made by the form with `formKey` (once: that key then names it); its id. */
  createFromForm(fields: EventFields, formKey: string): { id: number; created: boolean } {
    return transaction(this.#db, () => {
      const made = madeByForm(this.#db, formKey);
      if (made !== undefined) return { id: made, created: false };
      const id = this.upsert(fields);
      rememberFormKey(this.#db, formKey, id);
      return { id, created: true };
    });
  }

  /** Saves an event's fields: a new event (new id) without `id`, else the event with that id, made if missing. */
  upsert(input: EventFields & { id?: number | undefined }): number {
    const fields = eventFieldsSchema.parse(input);
    const id = input.id ?? nextId(this.#db, 'events');
    const text = storedTextOf(fields);
    this.#db.prepare(UPSERT).run(id, ...STORED_FIELDS.map((key) => text[key]), fields.published ? 1 : 0);
    return id;
  }

  #photoCount(id: number): number {
    return countSchema.parse(this.#db.prepare('SELECT count(*) AS n FROM event_images WHERE events_id = ?').get(id)).n;
  }

  /** Inserts `photos` as event `id`'s, in order (its photos deleted first). */
  #insertPhotos(id: number, photos: readonly { path: string; description: string }[]) {
    const insert = this.#db.prepare(
      'INSERT INTO event_images (id, events_id, sort_order, event_image, img_description) VALUES (?, ?, ?, ?, ?)',
    );
    photos.forEach((photo, index) =>
      insert.run(nextId(this.#db, 'event_images'), id, index, photo.path, photo.description),
    );
  }

  /** Adds one photo at the end of the event's photos; `original` is the file it came from, for the office. */
  async addPhoto(
    id: number,
    bytes: Uint8Array,
    description = '',
    original: { name: string; size: number } = { name: '', size: 0 },
  ): Promise<StoredPhoto> {
    this.#requireEvent(id);
    if (this.#photoCount(id) >= MAX_PHOTOS_PER_EVENT) throw new TooManyPhotosError();
    const photo = await processPhoto(bytes);
    const name = `${randomBytes(16).toString('hex')}${photo.extension}`;
    await writeWhole(path.join(this.#uploadsDir, 'events', String(id), name), photo.bytes);
    const photoPath = `${UPLOADS_PATH}events/${id}/${name}`;
    let added: StoredPhoto;
    try {
      added = transaction(this.#db, () => {
        this.#requireEvent(id);
        // Checked again: other uploads to this event may have finished meanwhile.
        if (this.#photoCount(id) >= MAX_PHOTOS_PER_EVENT) throw new TooManyPhotosError();
        const photoId = nextId(this.#db, 'event_images');
        const originalName = original.name.slice(0, MAX_ORIGINAL_NAME);
        this.#db
          .prepare(
            `INSERT INTO event_images (id, events_id, sort_order, event_image, img_description, original_name, original_size)
             VALUES (?, ?, (SELECT coalesce(max(sort_order), -1) + 1 FROM event_images WHERE events_id = ?), ?, ?, ?, ?)`,
          )
          .run(photoId, id, id, photoPath, stored(description), originalName, original.size);
        this.#settleCover(id);
        return {
          id: photoId,
          path: photoPath,
          description: stored(description),
          originalName,
          originalSize: original.size,
        };
      });
    } catch (error) {
      await this.#removeFiles([photoPath]);
      throw error;
    }
    void this.makeResizedCopies([photoPath]);
    return added;
  }

  /**
   * Makes the resized copies visitors' pages name of the photos at `photoPaths` (by default every stored
   * photo: at start, for the sample events, a restored backup or copies the bounded cache let go), after
   * the copies asked for before, so that no visitor waits for a resize. A photo that cannot be resized is
   * said and left to be sent whole.
   */
  makeResizedCopies(photoPaths?: readonly string[]): Promise<void> {
    this.#copies = this.#copies.then(async () => {
      let paths: readonly string[];
      try {
        paths = photoPaths ?? this.#storedPhotoPaths();
      } catch {
        return; // The store closed (the server stopping): nothing more to make.
      }
      for (const photoPath of paths) {
        const relative = photoPath.slice(UPLOADS_PATH.length);
        try {
          const photo = await readStoredPhoto(this.#uploadsDir, relative);
          if (photo && isRasterPhoto(photo.contentType)) await makeResizedCopies(this.#photoCache, relative, photo);
        } catch (error) {
          console.warn(`Photo ${relative}: no resized copies (${error instanceof Error ? error.message : error}).`);
        }
      }
    });
    return this.#copies;
  }

  #storedPhotoPaths(): string[] {
    const rows = this.#db.prepare('SELECT DISTINCT event_image AS path FROM event_images').all();
    return rows.map((row) => String(row['path'])).filter((photoPath) => photoPath.startsWith(UPLOADS_PATH));
  }

  /**
   * Adds or replaces event `event.id` as `npm run events:import` copies it from the old backend:
   * its photo files are already in place under uploads at the paths the backend gave them (kept,
   * so that links to them keep working), and the event is saved with its whole photo list in one
   * transaction. The date is kept as the backend wrote it. A new event is published; an existing
   * one keeps its state (an office may have unpublished it). Files no record names any more go.
   * An event made in the admin is never written over: MadeHereError, nothing changed.
   */
  async saveImported(event: ImportedEvent): Promise<void> {
    const old = photosOf(this.#db, event.id).map((photo) => photo.path);
    transaction(this.#db, () => {
      if (this.madeHere(event.id)) {
        throw new MadeHereError(`Event ${event.id} was made in the admin; the importer leaves it alone.`);
      }
      this.#db
        .prepare(
          `INSERT INTO events (events_id, events_title, events_sub_title, events_image, events_date, made_here) VALUES (?, ?, ?, ?, ?, 0)
           ON CONFLICT (events_id) DO UPDATE SET events_title = excluded.events_title,
             events_sub_title = excluded.events_sub_title, events_image = excluded.events_image,
             events_date = excluded.events_date`,
        )
        .run(event.id, stored(event.title), stored(event.subTitle), event.cover, event.date);
      this.#db.prepare('DELETE FROM event_images WHERE events_id = ?').run(event.id);
      this.#insertPhotos(
        event.id,
        event.photos.map((photo) => ({ ...photo, description: stored(photo.description) })),
      );
    });
    await this.#removeFiles(old);
  }

  /**
   * Puts the event's photos in the order of `photos` with their descriptions, and makes `cover`
   * (a photo id) the cover. Photos of the event not listed keep their place after those listed.
   */
  arrangePhotos(id: number, photos: readonly { id: number; description: string }[], cover?: number): void {
    transaction(this.#db, () => {
      this.#requireEvent(id);
      const current = photosOf(this.#db, id);
      const listed = photos.filter((photo) => current.some((known) => known.id === photo.id));
      const rest = current.filter((known) => !listed.some((photo) => photo.id === known.id));
      const update = this.#db.prepare(
        'UPDATE event_images SET sort_order = ?, img_description = ? WHERE id = ? AND events_id = ?',
      );
      listed.forEach((photo, index) => update.run(index, stored(photo.description).slice(0, 300), photo.id, id));
      rest.forEach((photo, index) => update.run(listed.length + index, photo.description, photo.id, id));
      this.#settleCover(id, current.find((photo) => photo.id === cover)?.path);
    });
  }

  /** Removes one photo and its files; undefined when the event has no such photo. */
  async removePhoto(id: number, photoId: number): Promise<StoredPhoto | undefined> {
    const photo = photosOf(this.#db, id).find((candidate) => candidate.id === photoId);
    if (!photo) return undefined;
    transaction(this.#db, () => {
      this.#db.prepare('DELETE FROM event_images WHERE id = ? AND events_id = ?').run(photoId, id);
      this.#settleCover(id);
    });
    await this.#removeFiles([photo.path]);
    return photo;
  }

  /** Deletes an event, its photos and their files; false when there is no such event. */
  async remove(id: number): Promise<boolean> {
    const event = this.get(id);
    if (!event) return false;
    this.#db.prepare('DELETE FROM events WHERE events_id = ?').run(id);
    await this.#removeFiles([...event.photos.map((photo) => photo.path), event.cover]);
    await rm(path.join(this.#uploadsDir, 'events', String(id)), { recursive: true, force: true });
    return true;
  }

  /** Deletes the files of photos no record names any more, with their resized copies. */
  async #removeFiles(photoPaths: readonly string[]) {
    for (const photoPath of new Set(photoPaths)) {
      if (!photoPath.startsWith(UPLOADS_PATH)) continue;
      const relative = photoPath.slice(UPLOADS_PATH.length);
      if (this.#db.prepare('SELECT 1 FROM event_images WHERE event_image = ?').get(photoPath)) continue;
      const file = resolveUpload(this.#uploadsDir, relative);
      if (!file) continue;
      await removeResizedCopies(this.#photoCache, relative, photoVersion(await stat(file)));
      await rm(file, { force: true });
    }
  }
}
