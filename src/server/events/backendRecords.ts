/**
 * The records of the society's backend checked with the rules of the events admin's form
 * (eventFields.ts: a title of 1 to 200 characters, a sub-title of at most 300, a real date such as
 * 2025-03-14; a photo description of at most 300 characters, photoUpload.ts) and a photo path of
 * a sensible length. A record that breaks a rule is skipped with the reason, and the rest are
 * kept: backend mode shows the events it can check and logs the others (RemoteEventsSource), the
 * importer imports them and reports the others (importEvents.ts). Nothing a backend sends reaches
 * a page or the store unchecked: not a 1 MB title, not a date "not a date", not a control
 * character (removed from every answer's text before these rules: src/lib/events/eventRecords.ts).
 */
import type { EventImageRecord, EventRecord } from '../../lib/events/eventRecords.ts';
import { isListable } from '../../lib/events/filterEvents.ts';
import { MAX_DESCRIPTION_LENGTH } from '../admin/photoUpload.ts';
import { eventFieldsSchema } from './eventFields.ts';

/** The longest photo path taken (the legacy paths are well under 200 characters). */
const MAX_PHOTO_PATH_LENGTH = 1000;

const fieldRules = eventFieldsSchema.pick({ title: true, subTitle: true, date: true });

/** A record the site did not take, and why (shortened: a title may be a megabyte long). */
export interface SkippedRecord {
  eventId: number;
  title: string;
  reason: string;
  /** An event the site would never show anyway: it has no title or no date (filterEvents.ts). */
  neverShown?: true;
}

const SHOWN = 80;
const shortened = (text: string) => (text.length > SHOWN ? `${text.slice(0, SHOWN)}…` : text);

function pathProblem(path: string): string | undefined {
  return path.length > MAX_PHOTO_PATH_LENGTH
    ? `its photo path is longer than ${MAX_PHOTO_PATH_LENGTH} characters`
    : undefined;
}

/** Why `event` breaks the admin's rules, or undefined when it keeps them. */
function eventProblem(event: EventRecord): string | undefined {
  const checked = fieldRules.safeParse({
    title: event.events_title,
    subTitle: event.events_sub_title,
    date: event.events_date,
  });
  if (!checked.success) return checked.error.issues.map((issue) => issue.message).join(' ');
  return pathProblem(event.events_image);
}

/** Why a photo record breaks the admin's rules, or undefined. */
function imageProblem(image: EventImageRecord): string | undefined {
  if (image.img_description.length > MAX_DESCRIPTION_LENGTH) {
    return `its description is longer than ${MAX_DESCRIPTION_LENGTH} characters`;
  }
  return pathProblem(image.event_image);
}

/** The events that keep the rules, and the others with their reasons. */
export function checkEvents(events: readonly EventRecord[]): { events: EventRecord[]; skipped: SkippedRecord[] } {
  const kept: EventRecord[] = [];
  const skipped: SkippedRecord[] = [];
  for (const event of events) {
    const problem = eventProblem(event);
    if (!problem) kept.push(event);
    else {
      const record = { eventId: event.events_id, title: shortened(event.events_title), reason: problem };
      skipped.push(isListable(event) ? record : { ...record, neverShown: true });
    }
  }
  return { events: kept, skipped };
}

/** The photo records of event `eventId` that keep the rules, and the others with their reasons. */
export function checkImages(
  eventId: number,
  images: readonly EventImageRecord[],
): { images: EventImageRecord[]; skipped: SkippedRecord[] } {
  const kept: EventImageRecord[] = [];
  const skipped: SkippedRecord[] = [];
  for (const image of images) {
    const problem = imageProblem(image);
    if (problem) skipped.push({ eventId, title: `photo ${shortened(image.event_image)}`, reason: problem });
    else kept.push(image);
  }
  return { images: kept, skipped };
}
