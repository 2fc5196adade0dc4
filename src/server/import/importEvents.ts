/**
 * `npm run events:import`: copies every event and every photo of the society's old backend into
 * the embedded store, keeping each events_id (so /Events/{id} links keep working) and each
 * photo's corrected path. Safe to run again and while the server serves:
 * - an event is saved, with its whole photo list, in one transaction (EventWriter.saveImported,
 *   the one writer of the events store), and only when it is new or differs from what is stored;
 *   its photos are written before it, and each save leaves a row in the admin's audit log;
 * - a photo is written only when its processed bytes differ from the stored file (importPhoto.ts);
 * - a photo that cannot be copied is reported with its event and the reason, and the rest go on;
 *   it stays in the event's list only if an earlier run stored it;
 * - events stored here but not on the backend (added in the events admin) are left alone;
 * - events made in the admin are never written over: a backend event whose events_id is taken
 *   by one is refused and reported (nothing of it is imported, nothing here changes), and a photo
 *   path in the folder of such an event or named by one is refused (the importer writes only
 *   paths no event made here uses);
 * - a record that breaks the admin's rules (a title longer than 200 characters, a date that is
 *   not a real date: backendRecords.ts) is skipped and reported as a failure; the rest are imported;
 * - a record the site never shows (no title or no date, which the original site left out too) is
 *   skipped and reported as skipped, not as a failure: an import that copied everything the site
 *   shows has succeeded.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import pLimit from 'p-limit';
import type { EventImageRecord, EventRecord } from '../../lib/events/eventRecords.ts';
import { UPLOADS_PATH } from '../../lib/events/fixImagePath.ts';
import { AuditLog } from '../admin/auditLog.ts';
import type { AdminEvent, ImportedEvent } from '../events/eventFields.ts';
import type { SkippedRecord } from '../events/backendRecords.ts';
import { EventWriter, MadeHereError } from '../events/eventWriter.ts';
import type { RemoteEventsSource } from '../events/RemoteEventsSource.ts';
import { importPhoto, PhotoImportError, uploadPathOf, withExtensionOf } from './importPhoto.ts';

/** Photos fetched from the backend at once (processing itself is limited by photoIntake.ts). */
const DOWNLOADS_AT_ONCE = 4;

/** The backend, whose records keep the admin's rules: those that do not it leaves out, and `takeSkipped` names. */
export type ImportSource = Pick<RemoteEventsSource, 'listEvents' | 'eventDetails' | 'openPhoto' | 'takeSkipped'>;

interface ImportFailure {
  eventId: number;
  title: string;
  /** What failed: "photo /Admin/uploads/events/3/2.jpg", "its photo list". */
  what: string;
  reason: string;
}

export type EventOutcome = 'new' | 'updated' | 'unchanged' | 'failed';

export interface ImportReport {
  events: Record<EventOutcome, number>;
  /** Events the site never shows (no title or no date), left out: not failures. */
  neverShown: SkippedRecord[];
  photosCopied: number;
  photosUnchanged: number;
  failures: ImportFailure[];
  /** Events stored here that the backend does not have, left as they are. */
  localOnly: number;
}

/** Who the audit log names for the importer's writes. */
export const IMPORT_AUDIT_NAME = 'npm run events:import';

export interface ImportOptions {
  /** A connection to the store in `dataDir`. */
  db: DatabaseSync;
  /** DATA_DIR: the store's folder, with the photos under uploads/. */
  dataDir: string;
  /** Told of each event when it is done, for progress lines. */
  onEvent?: (event: EventRecord, outcome: EventOutcome) => void;
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The site path an earlier run stored this photo under, if its file is there (and is not one the
 * importer may not name: `refusal`); else undefined.
 */
function storedEarlier(
  uploadsDir: string,
  sitePath: string,
  refusal: (relative: string) => string | undefined,
): string | undefined {
  let relative: string;
  try {
    relative = uploadPathOf(sitePath);
  } catch {
    return undefined;
  }
  const extension = ['.jpg', '.webp'].find((candidate) => {
    const stored = withExtensionOf(relative, candidate);
    return !refusal(stored) && existsSync(path.join(uploadsDir, ...stored.split('/')));
  });
  return extension ? withExtensionOf(sitePath, extension) : undefined;
}

/** Why the importer may not write `relative` (below uploads): it belongs to an event made in the admin. */
function adminPhotoRefusal(writer: EventWriter): (relative: string) => string | undefined {
  const named = writer.madeHerePhotoPaths();
  return (relative) => {
    const [folder, id] = relative.split('/');
    if (folder === 'events' && id && /^\d+$/.test(id) && writer.madeHere(Number(id))) {
      return `its path is in the folder of event ${id}, which was made in the admin; it was not copied`;
    }
    if (named.has(`${UPLOADS_PATH}${relative}`)) {
      return 'its path names a photo of an event made in the admin; it was not copied';
    }
    return undefined;
  };
}

function sameEvent(stored: AdminEvent, next: ImportedEvent): boolean {
  return (
    stored.title === next.title &&
    stored.subTitle === next.subTitle &&
    stored.date === next.date &&
    stored.cover === next.cover &&
    stored.photos.length === next.photos.length &&
    stored.photos.every(
      (photo, index) =>
        photo.path === next.photos[index]?.path && photo.description === next.photos[index]?.description,
    )
  );
}

export async function importEvents(source: ImportSource, options: ImportOptions): Promise<ImportReport> {
  const { db, dataDir, onEvent } = options;
  const uploadsDir = path.join(dataDir, 'uploads');
  const writer = new EventWriter(db, { dataDir });
  const audit = new AuditLog(db);
  const report: ImportReport = {
    events: { new: 0, updated: 0, unchanged: 0, failed: 0 },
    photosCopied: 0,
    photosUnchanged: 0,
    failures: [],
    neverShown: [],
    localOnly: 0,
  };
  const limit = pLimit(DOWNLOADS_AT_ONCE);
  const refusal = adminPhotoRefusal(writer);
  /** Reports skipped records: an event's own (`title` undefined), or its photos' (under the event's title). */
  const skip = (records: readonly SkippedRecord[], what: (record: SkippedRecord) => string, title?: string) => {
    for (const record of records) {
      const { eventId, reason } = record;
      report.failures.push({ eventId, title: title ?? record.title, what: what(record), reason });
    }
  };
  const events = await source.listEvents();
  const skippedEvents = source.takeSkipped();
  report.neverShown = skippedEvents.filter((record) => record.neverShown);
  const broken = skippedEvents.filter((record) => !record.neverShown);
  skip(broken, () => 'its record (skipped)');
  report.events.failed += broken.length;

  for (const event of events) {
    const fail = (what: string, error: unknown) =>
      report.failures.push({ eventId: event.events_id, title: event.events_title, what, reason: reasonOf(error) });
    const failed = () => {
      report.events.failed += 1;
      onEvent?.(event, 'failed');
    };

    if (writer.madeHere(event.events_id)) {
      fail(
        'the event (refused)',
        `its id ${event.events_id} is taken by an event made in the admin, which is left as it is; nothing of this event was imported`,
      );
      failed();
      continue;
    }

    let images: EventImageRecord[];
    try {
      images = await source.eventDetails(event.events_id);
      skip(source.takeSkipped(), (record) => `${record.title} (skipped)`, event.events_title);
    } catch (error) {
      fail('its photo list', error);
      failed();
      continue;
    }

    let copied = 0;
    /** Each source path once: the cover is usually one of the photos. */
    const imported = new Map<string, Promise<string | undefined>>();
    const copy = (sitePath: string) => {
      const known = imported.get(sitePath);
      if (known) return known;
      const done = limit(async () => {
        try {
          const photo = await importPhoto(source, uploadsDir, sitePath, refusal);
          if (photo.copied) copied += 1;
          else report.photosUnchanged += 1;
          return photo.sitePath;
        } catch (error) {
          if (!(error instanceof PhotoImportError)) throw error;
          fail(`photo ${sitePath}`, error);
          return storedEarlier(uploadsDir, sitePath, refusal);
        }
      });
      imported.set(sitePath, done);
      return done;
    };

    const photos = await Promise.all(
      images.map(async (image) => ({ ...image, event_image: (await copy(image.event_image)) ?? '' })),
    );
    const kept = photos.filter((image) => image.event_image !== '');
    const cover = event.events_image ? await copy(event.events_image) : undefined;
    report.photosCopied += copied;

    const next: ImportedEvent = {
      id: event.events_id,
      title: event.events_title,
      subTitle: event.events_sub_title,
      date: event.events_date,
      cover: cover ?? kept[0]?.event_image ?? '',
      photos: kept.map((image) => ({ path: image.event_image, description: image.img_description })),
    };
    const stored = writer.get(event.events_id);
    const outcome: EventOutcome = !stored ? 'new' : copied > 0 || !sameEvent(stored, next) ? 'updated' : 'unchanged';
    if (outcome !== 'unchanged') {
      try {
        await writer.saveImported(next);
      } catch (error) {
        // Made in the admin while this run copied its photos: left alone, as any event made here.
        if (!(error instanceof MadeHereError)) throw error;
        fail('the event (refused)', error);
        failed();
        continue;
      }
      audit.record({ username: IMPORT_AUDIT_NAME, action: 'event-imported', eventId: next.id, detail: next.title });
    }
    report.events[outcome] += 1;
    onEvent?.(event, outcome);
  }

  const onBackend = new Set(events.map((event) => event.events_id));
  report.localOnly = writer.list().filter((stored) => !onBackend.has(stored.id)).length;
  return report;
}
