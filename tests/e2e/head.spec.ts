import { expect, test } from '@playwright/test';
import { PAGE_ROUTES } from './routes.ts';

for (const { path } of PAGE_ROUTES) {
  test(`${path} has a title, description, canonical link and sharing tags`, async ({ page, request }) => {
    await page.goto(path);
    await expect(page).toHaveTitle(/\| Indian Society of Anaesthesiologists, Tamilnadu Chapter$/);
    const meta = (selector: string) => page.locator(selector).getAttribute('content');
    expect((await meta('meta[name="description"]'))?.length).toBeGreaterThan(20);
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(new URL(canonical ?? '').pathname).toBe(path);
    expect(await meta('meta[property="og:title"]')).toBeTruthy();
    expect(await meta('meta[name="twitter:card"]')).toBe('summary_large_image');
    const image = new URL((await meta('meta[property="og:image"]')) ?? '');
    const imageResponse = await request.get(image.pathname);
    expect(imageResponse.status()).toBe(200);
    expect(imageResponse.headers()['content-type']).toBe('image/jpeg');
  });
}
