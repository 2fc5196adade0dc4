/**
 * Nothing on a page moves while it loads (cumulative layout shift 0), on a phone, even when the
 * scripts, the custom elements and the events API come late: the first paint then shows the page
 * as the server sent it, and whatever the scripts change afterwards must not push visible
 * content around.
 */
import { expect, test, type Route } from '@playwright/test';
import { PAGE_ROUTES } from './routes.ts';

/** How late the scripts and the events API answer: long enough for the page to paint first. */
const LATE_MS = 700;

test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });

for (const path of [...PAGE_ROUTES.map((route) => route.path), '/event-22', '/Events/1']) {
  test(`${path} does not shift while it loads, even when its scripts come late`, async ({ page }) => {
    await page.addInitScript(() => {
      const shifts: { value: number; sources: string[] }[] = [];
      Reflect.set(window, '__layoutShifts', shifts);
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          const value: unknown = Reflect.get(entry, 'value');
          const input: unknown = Reflect.get(entry, 'hadRecentInput');
          const sources: unknown = Reflect.get(entry, 'sources');
          if (typeof value !== 'number' || input === true) continue;
          const nodes = Array.isArray(sources)
            ? sources.map((source: unknown) => Reflect.get(Object(source), 'node'))
            : [];
          shifts.push({
            value,
            sources: nodes.map((node: unknown) =>
              node instanceof Element ? `${node.tagName.toLowerCase()}.${[...node.classList].join('.')}` : String(node),
            ),
          });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const late = async (route: Route) => {
      await new Promise((resolve) => setTimeout(resolve, LATE_MS));
      await route.continue();
    };
    // Custom elements (the menu, the scroll-to-top button) are defined late too.
    await page.addInitScript((lateMs) => {
      const define = customElements.define.bind(customElements);
      customElements.define = (name, constructor, options) => {
        setTimeout(() => define(name, constructor, options), lateMs);
      };
    }, LATE_MS);
    await page.route('**/_astro/*.js', late);
    await page.route('**/Admin/api/*', late);

    await page.goto(path);
    await page.waitForLoadState('networkidle');
    // Every custom element is defined (astro-slot is only a wrapper), and islands have rendered what they load.
    await page.waitForFunction(() => document.querySelectorAll(':not(:defined):not(astro-slot)').length === 0);
    if (path === '/monthly-activities') await expect(page.getByRole('status')).not.toHaveText('Loading events…');
    // Shifts are reported once the frame that shows them is painted.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const shifts = await page.evaluate(() => Reflect.get(window, '__layoutShifts'));
    expect(shifts).toEqual([]);
  });
}
