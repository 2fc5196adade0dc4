/**
 * Automatic rotation for the carousels, as the WAI-ARIA carousel pattern asks: it can be
 * paused and resumed with a button, stops while the pointer is over the carousel, stops for
 * good when keyboard focus enters it (until the visitor presses play), and never starts on
 * its own when the visitor prefers reduced motion.
 */
import { useCallback, useEffect, useRef, useState, useSyncExternalStore, type FocusEvent } from 'react';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

export interface AutoRotation {
  /** True while slides advance on their own. */
  rotating: boolean;
  /** Paused by the visitor (the button, or focus entering the carousel) or by reduced motion. */
  paused: boolean;
  togglePaused: () => void;
  /** Spread onto the carousel's root element. */
  handlers: {
    onMouseEnter: () => void;
    onMouseLeave: () => void;
    onFocus: (event: FocusEvent<HTMLElement>) => void;
  };
}

/** The attribute that marks the pause/play button, whose own focus does not pause rotation. */
export const ROTATION_CONTROL = 'data-rotation-control';

export function useAutoRotation(advance: () => void, intervalMs: number): AutoRotation {
  const reducedMotion = usePrefersReducedMotion();
  const [choice, setChoice] = useState<'paused' | 'playing' | null>(null);
  const [hovered, setHovered] = useState(false);
  const advanceRef = useRef(advance);

  useEffect(() => {
    advanceRef.current = advance;
  }, [advance]);

  const paused = choice === null ? reducedMotion : choice === 'paused';
  const rotating = !paused && !hovered;

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setInterval(() => advanceRef.current(), intervalMs);
    return () => window.clearInterval(timer);
  }, [rotating, intervalMs]);

  const togglePaused = useCallback(() => setChoice(paused ? 'playing' : 'paused'), [paused]);

  return {
    rotating,
    paused,
    togglePaused,
    handlers: {
      onMouseEnter: () => setHovered(true),
      onMouseLeave: () => setHovered(false),
      onFocus: (event) => {
        if (event.target instanceof Element && event.target.hasAttribute(ROTATION_CONTROL)) return;
        setChoice('paused');
      },
    },
  };
}
