/** The carousels' rotation rule (src/lib/carousel.ts) as a React hook, for the activities carousel. */
import { useCallback, useEffect, useRef, useState, useSyncExternalStore, type FocusEvent } from 'react';
import { focusPauses, REDUCED_MOTION, rotationState, type RotationChoice } from '../lib/carousel.ts';

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

export function useAutoRotation(advance: () => void, intervalMs: number): AutoRotation {
  const reducedMotion = usePrefersReducedMotion();
  const [choice, setChoice] = useState<RotationChoice>();
  const [hovered, setHovered] = useState(false);
  const advanceRef = useRef(advance);

  useEffect(() => {
    advanceRef.current = advance;
  }, [advance]);

  const { paused, rotating } = rotationState(choice, reducedMotion, hovered);

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
        if (focusPauses(event.target)) setChoice('paused');
      },
    },
  };
}
