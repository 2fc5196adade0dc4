/**
 * The places an event can belong to are the public Monthly Activities filter's
 * (`activityPlaces` in content/site.yaml, which the admin pages read and pass in). The filter finds
 * an event by the place named in its title (docs/SPEC.md point 5), and the list opens on the first place
 * (the whole state, "Tamil Nadu"): so the title an event is saved with always names the whole
 * state and, for a branch, the branch too, as "Tamil Nadu - Madurai Branch - Airway workshop".
 * Then the event is found both under its branch and on the list as it first opens.
 */

const lower = (text: string) => text.toLowerCase();

/** The prefix this module puts before a title for `place`: "Tamil Nadu - " or "Tamil Nadu - Madurai Branch - ". */
function prefixOf(place: string, broadest: string): string {
  return place === broadest ? `${broadest} - ` : `${broadest} - ${place} Branch - `;
}

/** `title` without the place prefix an earlier choice of place gave it (this module's or "<place> - "). */
function withoutPlacePrefix(title: string, places: readonly string[]): string {
  const [broadest = '', ...branches] = places;
  const prefixes = [
    ...branches.map((branch) => prefixOf(branch, broadest)),
    ...branches.map((branch) => `${branch} - `),
    `${broadest} - `,
  ];
  const earlier = prefixes.find((prefix) => lower(title).startsWith(lower(prefix)));
  return earlier ? title.slice(earlier.length).trim() : title;
}

/**
 * The title to save for an event of `place` among `places` (the first is the whole state):
 * `title` when it already names what the filter needs (the state and the branch, any letter
 * case), else with "Tamil Nadu - " or "Tamil Nadu - Madurai Branch - " put before it. A prefix
 * of a place chosen before is replaced, so that an event moved to another place is not found
 * under both.
 */
export function titleNamingPlace(title: string, place: string, places: readonly string[] = []): string {
  const [broadest = place] = places;
  const trimmed = title.trim();
  const names = (text: string, name: string) => lower(text).includes(lower(name));
  const namesEarlierBranch = places.some(
    (other) => other !== place && other !== broadest && lower(trimmed).startsWith(lower(prefixOf(other, broadest))),
  );
  if (!namesEarlierBranch && names(trimmed, broadest) && names(trimmed, place)) return trimmed;
  const rest = withoutPlacePrefix(trimmed, places);
  if (names(rest, broadest) && names(rest, place)) return rest;
  if (place !== broadest && names(rest, place)) return `${broadest} - ${rest}`;
  return `${prefixOf(place, broadest)}${rest}`;
}
