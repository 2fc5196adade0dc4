import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { galleryContent } from './content.ts';

const GALLERY = galleryContent('sports-meet');
const IMAGES = GALLERY.items.flatMap((item) => (item.type === 'image' ? [item] : []));
const VIDEOS = GALLERY.items.flatMap((item) => (item.type === 'video' ? [item] : []));

async function itemButton(page: Page, name: string): Promise<Locator> {
  const button = page.getByRole('button', { name });
  await button.scrollIntoViewIfNeeded();
  // The island hydrates when the gallery scrolls into view.
  await expect(page.locator('.gallery astro-island')).not.toHaveAttribute('ssr');
  return button;
}

const photoButtonName = (alt: string) => `View photo: ${alt}`;

test('shows the banner, the gallery title and one button per photo and video', async ({ page }) => {
  expect(IMAGES).toHaveLength(3);
  expect(VIDEOS).toHaveLength(1);
  await page.goto('/Gallery');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Gallery');
  await expect(page.getByRole('heading', { level: 2, name: GALLERY.title })).toBeVisible();
  const buttons = page.locator('.gallery-grid button');
  await expect(buttons).toHaveCount(4);
  await expect(buttons.first()).toHaveAccessibleName(/^(View photo|Play video): /);
  for (const image of IMAGES) {
    const thumbnail = page.getByRole('button', { name: photoButtonName(image.alt) }).locator('img');
    await expect(thumbnail).toHaveAttribute('width', /\d+/);
    await expect(thumbnail).toHaveAttribute('height', /\d+/);
    await expect(thumbnail).toHaveAttribute('srcset', /\d+w/);
  }
  for (const video of VIDEOS) {
    await expect(page.getByRole('button', { name: `Play video: ${video.alt}` })).toHaveCount(1);
  }
});

test('the first picture, the largest paint on a phone, loads at once with high priority; the others lazily', async ({
  page,
}) => {
  await page.goto('/Gallery');
  const thumbnails = page.locator('.gallery-grid button img');
  await expect(thumbnails.first()).toHaveAttribute('loading', 'eager');
  await expect(thumbnails.first()).toHaveAttribute('fetchpriority', 'high');
  const rest = await thumbnails.evaluateAll((images) => images.slice(1).map((image) => image.getAttribute('loading')));
  expect(rest).toEqual(['lazy', 'lazy', 'lazy']);
});

test.describe('the overlay', () => {
  for (const image of IMAGES) {
    test(`opens the large photo "${image.alt}" and closes with the close button, returning focus`, async ({ page }) => {
      await page.goto('/Gallery');
      const button = await itemButton(page, photoButtonName(image.alt));
      await button.click();
      const dialog = page.getByRole('dialog', { name: image.alt });
      await expect(dialog).toBeVisible();
      const large = dialog.getByRole('img', { name: image.alt });
      await expect(large).toHaveAttribute('srcset', /\d+w/);
      await expect(large).toHaveAttribute('width', /\d+/);
      // The large version, not the thumbnail.
      const thumbnailWidth = Number(await button.locator('img').getAttribute('width'));
      expect(Number(await large.getAttribute('width'))).toBeGreaterThan(thumbnailWidth);
      await expect.poll(() => large.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();
      await expect(button).toBeFocused();
    });
  }

  test('Escape closes it and focus returns to the item', async ({ page }) => {
    const [image] = IMAGES;
    if (!image) throw new Error('no image');
    await page.goto('/Gallery');
    const button = await itemButton(page, photoButtonName(image.alt));
    await button.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: image.alt });
    await expect(dialog).toBeVisible();
    // Focus moves into the dialog, and Tab never reaches the page behind it (the modal dialog
    // makes the page inert; from its last control, focus may only pass to the browser itself).
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    for (let press = 0; press < 3; press++) {
      await page.keyboard.press('Tab');
      const behind = await dialog.evaluate(
        (element) => document.activeElement !== document.body && !element.contains(document.activeElement),
      );
      expect(behind).toBe(false);
    }
    await dialog.getByRole('button', { name: 'Close' }).focus();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
  });

  test('a click on the backdrop closes it and focus returns to the item', async ({ page }) => {
    const image = IMAGES[1];
    if (!image) throw new Error('no second image');
    await page.goto('/Gallery');
    const button = await itemButton(page, photoButtonName(image.alt));
    await button.click();
    const dialog = page.getByRole('dialog', { name: image.alt });
    await expect(dialog).toBeVisible();
    // A click inside the photo keeps it open.
    await dialog.getByRole('img').click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(3, 3);
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
  });

  test('the video opens with controls, a poster and inline playback', async ({ page }) => {
    const [video] = VIDEOS;
    if (!video) throw new Error('no video');
    await page.goto('/Gallery');
    const button = await itemButton(page, `Play video: ${video.alt}`);
    await button.click();
    const dialog = page.getByRole('dialog', { name: video.alt });
    await expect(dialog).toBeVisible();
    const player = dialog.locator('video');
    await expect(player).toHaveAttribute('src', video.video);
    await expect(player).toHaveAttribute('controls', '');
    await expect(player).toHaveAttribute('playsinline', '');
    await expect(player).toHaveAttribute('poster', /\.(webp|jpe?g|png|avif)$/);
    await expect(player).toHaveAccessibleName(video.alt);
    const response = await page.request.get(video.video);
    expect(response.status()).toBe(200);
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
    // Closing removes the player, so nothing keeps playing.
    await expect(page.locator('video')).toHaveCount(0);
  });
});

test.describe('on a touch phone', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

  test('a tap opens an item, the close button is big enough to tap, and the page does not scroll sideways', async ({
    page,
  }) => {
    const [image] = IMAGES;
    if (!image) throw new Error('no image');
    await page.goto('/Gallery');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const button = await itemButton(page, photoButtonName(image.alt));
    await button.tap();
    const dialog = page.getByRole('dialog', { name: image.alt });
    await expect(dialog).toBeVisible();
    const close = dialog.getByRole('button', { name: 'Close' });
    const box = await close.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(24);
    expect(box?.height).toBeGreaterThanOrEqual(24);
    await close.tap();
    await expect(dialog).toBeHidden();
  });
});
