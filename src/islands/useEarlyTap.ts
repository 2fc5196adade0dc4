/**
 * Replays a tap that came before the island hydrated (kept by src/components/layout/EarlyTaps.astro
 * on a control marked `data-early-tap`): once the island runs, the tapped control is clicked again,
 * so it does what the visitor asked for. Call it after the effects that set up the controls.
 */
import { useEffect, type RefObject } from 'react';

export function useEarlyTap(root: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const tapped = root.current?.querySelector('[data-early-tapped]');
    if (!(tapped instanceof HTMLElement)) return;
    tapped.removeAttribute('data-early-tapped');
    tapped.click();
  }, [root]);
}
