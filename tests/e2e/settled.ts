/**
 * A page that has settled, said as explicit conditions instead of Playwright's `networkidle` (which
 * waits for half a second without requests after every page, and says nothing of what was awaited):
 * the page has loaded; every custom element is defined; every island that hydrates at once
 * (client:load, client:idle), or on sight and is in view (client:visible), has hydrated; nothing is
 * marked aria-busy (a list still loading); every image in view has arrived; and the browser has had
 * an idle moment since, so that whatever the islands start when they mount has started.
 */
import type { Page } from '@playwright/test';

export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.waitForFunction(() => {
    const inView = (element: Element) => {
      const box = element.getBoundingClientRect();
      return (
        (box.width > 0 || box.height > 0) &&
        box.bottom > 0 &&
        box.right > 0 &&
        box.top < window.innerHeight &&
        box.left < window.innerWidth
      );
    };
    // astro-slot is only a wrapper, never defined.
    if (document.querySelector(':not(:defined):not(astro-slot)')) return false;
    for (const island of document.querySelectorAll('astro-island[ssr]')) {
      // An island is laid out as its children (display: contents); Astro watches them for client:visible.
      if (island.getAttribute('client') !== 'visible' || [...island.children].some(inView)) return false;
    }
    if (document.querySelector('[aria-busy="true"]')) return false;
    return [...document.images].every((image) => image.complete || !inView(image));
  });
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(undefined), { timeout: 2000 })));
}

/**
 * Scrolls down by `pixels` with the mouse wheel, as a visitor would, and waits until the page has
 * moved that far, or to its end (which may come nearer as islands hydrate): the wheel returns before
 * the page scrolls.
 */
export async function wheelDown(page: Page, pixels: number): Promise<void> {
  const target = await page.evaluate((by) => window.scrollY + by, pixels);
  await page.mouse.wheel(0, pixels);
  await page.waitForFunction(
    (least) => window.scrollY >= Math.min(least, document.documentElement.scrollHeight - window.innerHeight) - 1,
    target,
  );
}
