/** Queries for the Past Webinars page: every webinar (newest first); the 2020 conclave is getSingle('conclave'). */
import { getCollection } from 'astro:content';
import { isUpcoming } from '../lib/calendar/happenings.ts';
import { newestFirst, webinarIsoDate } from '../lib/contentDates.ts';

/**
 * Every webinar held by `now` (over: an hour after its time, else its day in India has passed), newest first, with its date also as
 * yyyy-mm-dd (`isoDate`); those to come are on the home page.
 */
export async function getWebinars(now: Date) {
  const entries = await getCollection('webinars');
  const held = entries
    .map((entry) => entry.data)
    .filter((webinar) => !isUpcoming({ day: webinarIsoDate(webinar.date) ?? '', time: webinar.time }, now));
  return newestFirst(held).map((webinar) => {
    const isoDate = webinarIsoDate(webinar.date);
    // The schema has already checked every date, so this only guards against a schema change.
    if (!isoDate) {
      throw new Error(`Webinar “${webinar.title}”: the date "${webinar.date}" is not like "14 - March - 2025"`);
    }
    return { ...webinar, isoDate };
  });
}
