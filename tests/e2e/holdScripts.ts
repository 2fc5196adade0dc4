/**
 * A slow phone, made certain: the islands' scripts (every .js under /_astro/) are held until the test
 * releases them, so the page is the server's HTML while the visitor types or chooses.
 */
import type { Page } from '@playwright/test';

/** Holds the page's island scripts; the function returned lets them through. */
export async function holdIslandScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_astro/**/*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Holds the definition of the custom element `name` (its script is in the page, so it cannot be
 * held as a file): the element stays as the server sent it until the function returned defines it.
 */
export async function holdCustomElement(page: Page, name: string): Promise<() => Promise<void>> {
  await page.addInitScript((held) => {
    const define = customElements.define.bind(customElements);
    customElements.define = (...definition) => {
      if (definition[0] !== held) return define(...definition);
      Reflect.set(window, '__defineHeldElement', () => define(...definition));
    };
  }, name);
  return async () => {
    await page.waitForFunction(() => typeof Reflect.get(window, '__defineHeldElement') === 'function');
    await page.evaluate(() => {
      const defineHeld: unknown = Reflect.get(window, '__defineHeldElement');
      if (typeof defineHeld === 'function') defineHeld();
    });
  };
}
