/**
 * The home page's two carousels' rule (the banner's and the monthly activities', one custom
 * element: src/components/ui/AutoCarousel.astro): their index arithmetic and one rotation rule, as
 * the WAI-ARIA carousel pattern asks. Slides advance on their own unless the visitor paused them
 * (the pause button, or keyboard focus entering the carousel, which pauses until they press play)
 * or, before any choice, prefers reduced motion; the pointer resting over the carousel holds them
 * while it stays. The timings are docs/SPEC.md point 9.
 */

/** The banner advances every 3 s (docs/SPEC.md point 9). */
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

/** The visitor's choice: none yet, or the pause button's last state (focus inside counts as pause). */
export type RotationChoice = 'paused' | 'playing' | undefined;

/** The media query under which nothing moves on its own until the visitor presses play. */
export const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** The attribute that marks the pause/play button, whose own focus does not pause the rotation. */
export const ROTATION_CONTROL = 'data-rotation-control';

/** Whether the carousel is paused (the button then offers Play) and whether its slides advance now. */
export function rotationState(
  choice: RotationChoice,
  prefersReducedMotion: boolean,
  hovered: boolean,
): { paused: boolean; rotating: boolean } {
  const paused = choice === undefined ? prefersReducedMotion : choice === 'paused';
  return { paused, rotating: !paused && !hovered };
}

/** Whether focus arriving on `target` pauses the rotation (anything in the carousel but its button). */
export function focusPauses(target: EventTarget | null): boolean {
  return !(target instanceof Element && target.hasAttribute(ROTATION_CONTROL));
}

/** Which slides are in view: at least half of each inside the frame (keen-slider's `portion`). */
export function slidesInView(slides: readonly { portion: number }[]): boolean[] {
  return slides.map((slide) => slide.portion >= 0.5);
}
