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
 * - events stored here but not on the backend (added in the events admin) are left alone.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import pLimit from 'p-limit';
import type { EventImageRecord, EventRecord } from '../../lib/events/eventRecords.ts';
import { AuditLog } from '../admin/auditLog.ts';
import type { EventsSource } from '../events/EventsSource.ts';
import type { AdminEvent, ImportedEvent } from '../events/eventFields.ts';
import { EventWriter } from '../events/eventWriter.ts';
import { importPhoto, PhotoImportError, uploadPathOf, withExtensionOf } from './importPhoto.ts';

/** Photos fetched from the backend at once (processing itself is limited by photoIntake.ts). */
const DOWNLOADS_AT_ONCE = 4;

export type ImportSource = Pick<EventsSource, 'listEvents' | 'eventDetails' | 'openPhoto'>;

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

/** The site path an earlier run stored this photo under, if its file is there; else undefined. */
function storedEarlier(uploadsDir: string, sitePath: string): string | undefined {
  let relative: string;
  try {
    relative = uploadPathOf(sitePath);
  } catch {
    return undefined;
  }
  const extension = ['.jpg', '.webp'].find((candidate) =>
    existsSync(path.join(uploadsDir, ...withExtensionOf(relative, candidate).split('/'))),
  );
  return extension ? withExtensionOf(sitePath, extension) : undefined;
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
    localOnly: 0,
  };
  const limit = pLimit(DOWNLOADS_AT_ONCE);
  const events = await source.listEvents();

  for (const event of events) {
    const fail = (what: string, error: unknown) =>
      report.failures.push({ eventId: event.events_id, title: event.events_title, what, reason: reasonOf(error) });

    let images: EventImageRecord[];
    try {
      images = await source.eventDetails(event.events_id);
    } catch (error) {
      fail('its photo list', error);
      report.events.failed += 1;
      onEvent?.(event, 'failed');
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
          const photo = await importPhoto(source, uploadsDir, sitePath);
          if (photo.copied) copied += 1;
          else report.photosUnchanged += 1;
          return photo.sitePath;
        } catch (error) {
          if (!(error instanceof PhotoImportError)) throw error;
          fail(`photo ${sitePath}`, error);
          return storedEarlier(uploadsDir, sitePath);
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
      await writer.saveImported(next);
      audit.record({ username: IMPORT_AUDIT_NAME, action: 'event-imported', eventId: next.id, detail: next.title });
    }
    report.events[outcome] += 1;
    onEvent?.(event, outcome);
  }

  const onBackend = new Set(events.map((event) => event.events_id));
  report.localOnly = writer.list().filter((stored) => !onBackend.has(stored.id)).length;
  return report;
}
