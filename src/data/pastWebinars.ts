/** Queries for the Past Webinars page: every webinar (newest first) and the 2020 conclave. */
import { getCollection, getEntry } from 'astro:content';
import { newestFirst, webinarIsoDate } from '../lib/contentDates.ts';

/** Every webinar, newest first, with its date also as yyyy-mm-dd (`isoDate`). */
export async function getWebinars() {
  const entries = await getCollection('webinars');
  return newestFirst(entries.map((entry) => entry.data)).map((webinar) => {
    const isoDate = webinarIsoDate(webinar.date);
    // The schema has already checked every date, so this only guards against a schema change.
    if (!isoDate) {
      throw new Error(`Webinar “${webinar.title}”: the date "${webinar.date}" is not like "14 - March - 2025"`);
    }
    return { ...webinar, isoDate };
  });
}

export async function getConclave() {
  const entry = await getEntry('conclave', 'conclave');
  if (!entry) throw new Error('content/conclave.yaml is missing: the Past Webinars page needs the conclave links');
  return entry.data;
}
