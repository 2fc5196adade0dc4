/**
 * The home banner's rotation rule, for its custom element's script (BannerCarousel.astro): the
 * rule of src/lib/carousel.ts, which the activities carousel's React island follows, written again
 * here. The banner's script must import nothing an island also imports: a script that shares a
 * module becomes a file of its own, which a phone fetches, and waits for, before the page's first
 * paint; one that shares nothing is put in the page (Astro inlines it). tests/unit/carousel.test.ts
 * checks that the two rules agree on every case.
 */

/** The banner advances every 3 s (docs/SPEC.md point 9). */
export const BANNER_INTERVAL_MS = 3000;

export const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

export const ROTATION_CONTROL = 'data-rotation-control';

export type RotationChoice = 'paused' | 'playing' | undefined;

export function wrapIndex(index: number, step: number, count: number): number {
  return count <= 0 ? 0 : (((index + step) % count) + count) % count;
}

export function rotationState(
  choice: RotationChoice,
  prefersReducedMotion: boolean,
  hovered: boolean,
): { paused: boolean; rotating: boolean } {
  const paused = choice === undefined ? prefersReducedMotion : choice === 'paused';
  return { paused, rotating: !paused && !hovered };
}

export function focusPauses(target: EventTarget | null): boolean {
  return !(target instanceof Element && target.hasAttribute(ROTATION_CONTROL));
}
