/**
 * The script of src/components/layout/EarlyTaps.astro, as text with its hash: the page carries it
 * inline (it must run before anything else), and astro.config.mjs allows it in every page's
 * Content-Security-Policy by this hash (Astro hashes only the scripts it bundles itself).
 */
import { createHash } from 'node:crypto';

export const EARLY_TAPS_SCRIPT = `  (() => {
    const FOLLOW_AFTER_MS = 4000;

    document.addEventListener(
      'click',
      (event) => {
        // The island's own replay (a click from script) passes through.
        if (!event.isTrusted || !(event.target instanceof Element)) return;
        // Within an island not hydrated yet, or a custom element not defined yet (Astro's slots never are).
        const control = event.target.closest('[data-early-tap]');
        if (!control?.closest('astro-island[ssr], :not(:defined):not(astro-slot, astro-static-slot)')) return;
        event.preventDefault();
        control.setAttribute('data-early-tapped', '');
        const href = control instanceof HTMLAnchorElement ? control.href : undefined;
        if (!href) return;
        // Only when the page has loaded and its island still has not run (its script failed): on a
        // slow link the script is still coming, and the kept tap waits for it.
        const followLater = () =>
          window.setTimeout(() => {
            if (control.hasAttribute('data-early-tapped')) window.location.assign(href);
          }, FOLLOW_AFTER_MS);
        if (document.readyState === 'complete') followLater();
        else window.addEventListener('load', followLater, { once: true });
      },
      { capture: true },
    );
  })();
`;

export const EARLY_TAPS_HASH: `sha256-${string}` = `sha256-${createHash('sha256').update(EARLY_TAPS_SCRIPT).digest('base64')}`;
