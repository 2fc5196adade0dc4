/**
 * The records of the events API (docs/SPEC.md points 3 and 7), as both the embedded store and the
 * society's backend send them, and the normalisation applied to every answer: a details
 * answer whose records are not an array counts as empty, items that are not records are
 * dropped, missing text becomes "", control characters are removed (src/lib/plainText.ts) and
 * numeric-string ids become numbers. Never throws.
 */
import { withoutControlCharacters } from '../plainText.ts';
import { z } from '../zodWithoutEval.ts';
import { fixImagePath } from './fixImagePath.ts';

const text = z
  .union([z.string(), z.number(), z.null()])
  .optional()
  .transform((value) => (value === null || value === undefined ? '' : withoutControlCharacters(String(value)).trim()));

export const eventRecordSchema = z.object({
  events_id: z.coerce.number().int().positive(),
  events_title: text,
  events_sub_title: text,
  events_image: text,
  events_date: text,
});

export const eventImageRecordSchema = z.object({
  event_image: text,
  img_description: text,
});

export type EventRecord = z.infer<typeof eventRecordSchema>;
export type EventImageRecord = z.infer<typeof eventImageRecordSchema>;

function recordsOf(answer: unknown): unknown[] {
  if (typeof answer !== 'object' || answer === null) return [];
  const records: unknown = Reflect.get(answer, 'records');
  return Array.isArray(records) ? records : [];
}

/** The events of an `events_list` answer (`{"records": [...]}`). */
export function normalizeEvents(answer: unknown): EventRecord[] {
  return recordsOf(answer).flatMap((item) => {
    const parsed = eventRecordSchema.safeParse(item);
    return parsed.success ? [{ ...parsed.data, events_image: fixImagePath(parsed.data.events_image) }] : [];
  });
}

/** The photos of an `event_details_list` answer; records that are not an array count as empty. */
export function normalizeEventImages(answer: unknown): EventImageRecord[] {
  return recordsOf(answer).flatMap((item) => {
    const parsed = eventImageRecordSchema.safeParse(item);
    if (!parsed.success || !parsed.data.event_image) return [];
    return [{ ...parsed.data, event_image: fixImagePath(parsed.data.event_image) }];
  });
}
