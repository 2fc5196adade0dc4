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
