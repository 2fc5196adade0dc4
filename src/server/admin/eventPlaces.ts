/**
 * The places an event can belong to are the public Monthly Activities filter's
 * (`activityPlaces` in content/site.yaml, which the admin pages read and pass in). The filter finds
 * an event by the place named in its title (spec point 5), so the title an event is saved with
 * always names its place.
 */
/** `title` if it names `place` (any letter case), else "<place> - <title>", as the sample events are named. */
export function titleNamingPlace(title: string, place: string): string {
  const trimmed = title.trim();
  return trimmed.toLowerCase().includes(place.toLowerCase()) ? trimmed : `${place} - ${trimmed}`;
}
