/**
 * Every webinar (content/webinars.yaml) and, when asked, every event of the events source, as
 * happenings (src/lib/calendar/happenings.ts), read when a request asks: what is upcoming is
 * decided by the time of the request, not of the build.
 */
import { getCollection } from 'astro:content';
import { eventHappening, webinarHappening, type Happening } from '../lib/calendar/happenings.ts';
import { placeOfEvent } from '../lib/events/filterEvents.ts';
import { getServices } from '../server/services.ts';
import { getSite } from './site.ts';

export async function webinarHappenings(now: Date): Promise<Happening[]> {
  const entries = await getCollection('webinars');
  return entries.flatMap((entry) => webinarHappening(entry.data, now) ?? []);
}

async function eventHappenings(): Promise<Happening[]> {
  const [{ activityPlaces }, services] = await Promise.all([getSite(), getServices()]);
  const events = await services.events.listEvents();
  return events.flatMap(
    (event) => eventHappening(event, placeOfEvent(event.events_title, activityPlaces) || undefined) ?? [],
  );
}

/**
 * The webinars and the events; `eventsFailed` when the events source could not answer (the
 * webinars are then all there is, and the caller says so or answers 503).
 */
export async function allHappenings(now: Date): Promise<{ happenings: Happening[]; eventsFailed: boolean }> {
  const webinars = await webinarHappenings(now);
  try {
    return { happenings: [...webinars, ...(await eventHappenings())], eventsFailed: false };
  } catch (error) {
    console.error('Happenings: the events source failed:', error instanceof Error ? error.message : error);
    return { happenings: webinars, eventsFailed: true };
  }
}
