/**
 * The places an event can belong to are the public Monthly Activities filter's
 * (`activityPlaces` in content/site.yaml, which the admin pages read and pass in). The filter finds
 * an event by the place named in its title (spec point 5), so the title an event is saved with
 * always names its place.
 */
/**
 * `title` if it names `place` (any letter case), else "<place> - <title>", as the sample events are
 * named. A "<another place> - " the title starts with (the place chosen before) is replaced, so that
 * an event moved to another place is not found under both.
 */
export function titleNamingPlace(title: string, place: string, places: readonly string[] = []): string {
  let trimmed = title.trim();
  const earlier = places.find(
    (other) => other !== place && trimmed.toLowerCase().startsWith(`${other.toLowerCase()} - `),
  );
  if (earlier) trimmed = trimmed.slice(earlier.length + 3).trim();
  return trimmed.toLowerCase().includes(place.toLowerCase()) ? trimmed : `${place} - ${trimmed}`;
}
