/**
 * Nothing on a page moves while it loads (cumulative layout shift 0), on a phone, even when the
 * scripts, the custom elements and the events API come late: the first paint then shows the page
 * as the server sent it, and whatever the scripts change afterwards must not push visible
 * content around.
 */
import { expect, test, type Route } from '@playwright/test';
import { PAGE_ROUTES } from './routes.ts';
import { settled } from './settled.ts';

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
    // The scripts, the events API and the custom elements (the menu, the scroll-to-top button) are held
    // until the page has painted as the server sent it, then let through all at once.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const late = async (route: Route) => {
      await held;
      await route.continue();
    };
    await page.addInitScript(() => {
      const define = customElements.define.bind(customElements);
      const waiting: Parameters<typeof define>[] = [];
      let holding = true;
      customElements.define = (...definition) => (holding ? void waiting.push(definition) : define(...definition));
      Reflect.set(window, '__defineHeld', () => {
        holding = false;
        for (const definition of waiting.splice(0)) define(...definition);
      });
    });
    await page.route('**/_astro/*.js', late);
    await page.route('**/Admin/api/*', late);

    await page.goto(path, { waitUntil: 'commit' });
    await page.waitForFunction(() =>
      performance.getEntriesByType('paint').some((entry) => entry.name === 'first-contentful-paint'),
    );
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    // Nothing has hydrated yet: the painted page is the server's.
    expect(await page.locator('astro-island:not([ssr])').count()).toBe(0);
    release();
    await page.evaluate(() => {
      const defineHeld: unknown = Reflect.get(window, '__defineHeld');
      if (typeof defineHeld === 'function') defineHeld();
    });
    // Every custom element is defined, and islands have rendered what they load.
    await settled(page);
    if (path === '/monthly-activities') await expect(page.getByRole('status')).not.toHaveText('Loading events…');
    // Shifts are reported once the frame that shows them is painted.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const shifts = await page.evaluate(() => Reflect.get(window, '__layoutShifts'));
    expect(shifts).toEqual([]);
  });
}
