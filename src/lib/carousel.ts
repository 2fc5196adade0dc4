/** Pure helpers for the carousels: index arithmetic and the constants of docs/SPEC.md point 9. */

/** The banner carousel advances every 3 s (docs/SPEC.md point 9). */
export const BANNER_INTERVAL_MS = 3000;
/** The monthly-activities carousel advances every 2 s and takes 1 s to move (docs/SPEC.md point 9). */
export const ACTIVITIES_INTERVAL_MS = 2000;
export const ACTIVITIES_TRANSITION_MS = 1000;

/** The index `step` slides away from `index`, wrapping at both ends. */
export function wrapIndex(index: number, step: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + step) % count) + count) % count;
}

/** "2 of 3": the label of a slide for screen readers (WAI-ARIA carousel pattern). */
export function slideLabel(index: number, count: number): string {
  return `${index + 1} of ${count}`;
}
