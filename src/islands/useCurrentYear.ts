/**
 * The current year for the year filters (src/lib/yearOptions.ts), right after New Year without
 * a rebuild.
 *
 * The Past Webinars page is prerendered: its HTML, including the island's server render, is
 * made once at build time, so a year read there is frozen at the build's year. The page
 * therefore hands its island the year it was rendered in (`renderedYear`), which the island uses until it has hydrated (so hydration matches the HTML);
 * from the first render after hydration it uses the visitor's clock. A site built in December
 * offers the new year in January, with the "nothing for this year" message until entries come.
 * (Monthly Activities is rendered on demand, with the server's clock and the events of the
 * moment.) Webinars are content and come with a rebuild.
 */
import { useHydrated } from './useHydrated.ts';

export function useCurrentYear(renderedYear: number): number {
  const hydrated = useHydrated();
  return hydrated ? new Date().getFullYear() : renderedYear;
}
