/**
 * The places an event can belong to, offered by the event form's Place choice. The public Monthly
 * Activities filter finds an event by the place named in its title (spec point 5), so the title an
 * event is saved with always names its place.
 */
import { EVENT_PLACES, placeOfEvent } from '../../lib/events/filterEvents.ts';

/**
 * The places, in the order of the public filter. One function, so that it can read them from the
 * site content (content/site.yaml) once they live there.
 */
export function eventPlaces(): readonly string[] {
  return EVENT_PLACES;
}

/** `title` if it names `place` (any letter case), else "<place> - <title>", as the sample events are named. */
export function titleNamingPlace(title: string, place: string): string {
  const trimmed = title.trim();
  return trimmed.toLowerCase().includes(place.toLowerCase()) ? trimmed : `${place} - ${trimmed}`;
}

/** The place an existing event's title names, for the form's Place choice. */
export function placeOfTitle(title: string): string {
  return placeOfEvent(title);
}
