import { expect, test } from '@playwright/test';
// The six offices in the spec's order: content/state-bearers.yaml must list them so (contentFiles.ts), and the
// page must keep that order.
import { STATE_OFFICES } from '../../src/lib/content/schemas.ts';

test('shows the banner, the Home breadcrumb and the six bearers in order', async ({ page }) => {
  await page.goto('/Office-Brearers');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('OFFICE BEARERS');
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  const cards = page.locator('.bearer-grid > li');
  await expect(cards).toHaveCount(6);
  await expect(cards.locator('.role')).toHaveText([...STATE_OFFICES]);
  for (const card of await cards.all()) {
    const photo = card.getByRole('img');
    await expect(photo).toHaveAttribute('alt', /^Photo of /);
    await expect(photo).toHaveAttribute('width', /\d+/);
    await expect(photo).toHaveAttribute('height', /\d+/);
    expect(await card.locator('a[href^="tel:"]').count()).toBeGreaterThanOrEqual(1);
    expect(await card.locator('a[href^="mailto:"]').count()).toBeGreaterThanOrEqual(1);
  }
});

test("only the first bearer's photo, the largest paint on a phone, loads at once, with high priority", async ({
  page,
}) => {
  await page.goto('/Office-Brearers');
  const photos = page.locator('.bearer-grid > li img');
  expect(
    await photos.evaluateAll((all) =>
      all.map((image) => [image.getAttribute('loading'), image.getAttribute('fetchpriority')]),
    ),
  ).toEqual([['eager', 'high'], ...Array.from({ length: 5 }, () => ['lazy', null])]);
});

test('contacts appear on hover and on keyboard focus', async ({ page }) => {
  await page.goto('/Office-Brearers');
  const card = page.locator('.bearer-grid > li').first();
  const contacts = card.locator('.contacts');
  await expect(contacts).toHaveCSS('opacity', '0');
  await card.hover();
  await expect(contacts).toHaveCSS('opacity', '1');
  await page.mouse.move(0, 0);
  await expect(contacts).toHaveCSS('opacity', '0');
  await card.locator('a[href^="tel:"]').first().focus();
  await expect(contacts).toHaveCSS('opacity', '1');
});

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

  test('contacts are always shown, since there is no hover', async ({ page }) => {
    await page.goto('/Office-Brearers');
    for (const contacts of await page.locator('.bearer-grid .contacts').all()) {
      await expect(contacts).toHaveCSS('opacity', '1');
    }
    await expect(page.locator('.bearer-grid a[href^="tel:"]').first()).toBeInViewport({ ratio: 0.5 });
  });
});
