import { expect, test, type Locator, type Page } from '@playwright/test';
import { BACKEND_DOWN_URL, REMOTE_URL } from '../../playwright.config.ts';
import { settled } from './settled.ts';

/** The browser tests run against a fresh data folder, so the store holds the sample events. */

const cards = (page: Page) => page.locator('.events-grid > li');

/** Whether an image has loaded (scrolled into view first, as lazy images wait for that). */
async function loaded(image: Locator): Promise<boolean> {
  await image.scrollIntoViewIfNeeded();
  return image.evaluate(
    (element) => element instanceof HTMLImageElement && element.complete && element.naturalWidth > 0,
  );
}

test.describe('the photo viewer', () => {
  test('opens full screen, wraps both ways, and closes by Escape, button and backdrop', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/Events/3');
    await settled(page); // The gallery hydrates when the browser is idle; a tap before opens the photo itself.
    const thumbnails = page.locator('.photo-gallery a');
    const count = await thumbnails.count();
    expect(count).toBeGreaterThanOrEqual(3);
    const descriptions = await thumbnails
      .locator('img')
      .evaluateAll((images) => images.map((image) => image.getAttribute('alt') ?? ''));
    const viewer = page.locator('.pswp');
    const caption = page.locator('.pswp__caption');

    await thumbnails.first().click();
    await expect(viewer).toHaveClass(/pswp--ui-visible/);
    await expect(caption).toHaveText(descriptions[0] ?? '');
    await page.keyboard.press('ArrowLeft');
    await expect(caption).toHaveText(descriptions[count - 1] ?? '');
    await page.keyboard.press('ArrowRight');
    await expect(caption).toHaveText(descriptions[0] ?? '');
    await page.keyboard.press('Escape');
    await expect(viewer).toHaveCount(0);
    await expect(thumbnails.first()).toBeFocused();

    await thumbnails.last().click();
    await expect(caption).toHaveText(descriptions[count - 1] ?? '');
    await page.locator('.pswp__button--arrow--next').click();
    await expect(caption).toHaveText(descriptions[0] ?? '');
    await page.locator('.pswp__button--close').click();
    await expect(viewer).toHaveCount(0);

    await page.setViewportSize({ width: 800, height: 1000 });
    await thumbnails.nth(1).click();
    await expect(viewer).toHaveClass(/pswp--ui-visible/);
    // A 3:2 photo fills the width of this tall screen; above it, below the top bar, is backdrop.
    await page.mouse.click(400, 160);
    await expect(viewer).toHaveCount(0);
  });
});

test.describe('event thumbnails', () => {
  test('come resized in two widths, with their size, and load lazily after the first two', async ({
    page,
    request,
  }) => {
    await page.goto('/Events/9');
    const images = page.locator('.photo-gallery img');
    await expect(images).toHaveCount(6);
    const first = images.first();
    await expect(first).toHaveAttribute(
      'srcset',
      '/Admin/uploads/events/9/1.jpg?w=480 480w, /Admin/uploads/events/9/1.jpg?w=720 720w, /Admin/uploads/events/9/1.jpg?w=960 960w',
    );
    await expect(first).toHaveAttribute('src', '/Admin/uploads/events/9/1.jpg?w=480');
    await expect(first).toHaveAttribute('sizes', /276px/);
    await expect(first).toHaveAttribute('width', '480');
    await expect(first).toHaveAttribute('height', '320');
    expect(await images.evaluateAll((all) => all.map((image) => image.getAttribute('loading')))).toEqual([
      'eager',
      'lazy',
      'lazy',
      'lazy',
      'lazy',
      'lazy',
    ]);
    await expect(first).toHaveAttribute('fetchpriority', 'high');
    // The grid loads a resized photo; the link still opens the full one.
    await expect.poll(() => loaded(first)).toBe(true);
    expect(await first.evaluate((image) => (image instanceof HTMLImageElement ? image.currentSrc : ''))).toMatch(
      /\/Admin\/uploads\/events\/9\/1\.jpg\?w=(480|960)$/,
    );
    await expect(page.locator('.photo-gallery a').first()).toHaveAttribute('href', '/Admin/uploads/events/9/1.jpg');

    const full = await request.get('/Admin/uploads/events/9/1.jpg');
    const small = await request.get('/Admin/uploads/events/9/1.jpg?w=480');
    expect(small.status()).toBe(200);
    expect(small.headers()['content-type']).toBe('image/webp');
    expect(small.headers()['cache-control']).toBe('public, no-cache');
    expect((await small.body()).length).toBeLessThan((await full.body()).length);
    expect((await request.get('/Admin/uploads/events/9/1.jpg?w=500')).status()).toBe(400);
  });
});

test.describe('/event-22', () => {
  test('shows the events banner and the eleven cricket photos', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/event-22');
    await settled(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('EVENTS');
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(
      'Pan-India Anaesthesiologists Cricket Tournament',
    );
    await expect(page.locator('.photo-gallery a')).toHaveCount(11);
    await page.locator('.photo-gallery a').nth(10).click();
    await expect(page.locator('.pswp')).toHaveClass(/pswp--ui-visible/);
    await page.keyboard.press('ArrowRight');
    await expect(page.locator('.pswp__caption')).toHaveText(/photo 1 of 11/);
  });

  test('without JavaScript each thumbnail links to its photo', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/event-22');
    const href = await page.locator('.photo-gallery a').first().getAttribute('href');
    expect(href).toMatch(/\.webp$/);
    await context.close();
  });
});

test.describe('event pages that do not exist', () => {
  for (const path of ['/Events/99999', '/Events/abc', '/Events/0']) {
    test(`${path} gets the 404 page`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    });
  }
});

test.describe('the events API over HTTP', () => {
  test('answers the contract of spec point 7', async ({ request }) => {
    const list = await request.post('/Admin/api/events_list', { headers: { 'Content-Type': 'application/json' } });
    expect(list.status()).toBe(200);
    const { records } = await list.json();
    expect(records.length).toBeGreaterThanOrEqual(15);
    const details = await request.post('/Admin/api/event_details_list', { data: { eventId: records[0].events_id } });
    expect(details.status()).toBe(200);
    const photo = (await details.json()).records[0];
    const image = await request.get(photo.event_image);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/jpeg');
    expect((await request.post('/Admin/api/event_details_list', { data: { eventId: 99999 } })).status()).toBe(200);
  });

  test('refuses bad requests politely', async ({ request }) => {
    const get = await request.get('/Admin/api/events_list');
    expect(get.status()).toBe(405);
    expect(get.headers()['allow']).toBe('POST');
    const bad = await request.post('/Admin/api/event_details_list', {
      headers: { 'Content-Type': 'application/json' },
      data: '{"eventId": "x"}',
    });
    expect(bad.status()).toBe(400);
    expect(await bad.json()).toEqual({ error: 'eventId must be a positive whole number' });
    // A cross-site form post is refused before it reaches the API (Astro's origin check).
    const crossSite = await request.post('/Admin/api/events_list', {
      headers: { Origin: 'https://evil.example', 'Content-Type': 'application/x-www-form-urlencoded' },
      data: 'eventId=1',
    });
    expect(crossSite.status()).toBe(403);
    expect((await request.get('/Admin/uploads/..%2f..%2fpackage.json')).status()).toBe(404);
    expect((await request.get('/Admin/uploads/%2e%2e/site.sqlite')).status()).toBe(404);
  });
});

test.describe('when the events backend is down', () => {
  test('an event page answers politely with 503, never a blank page or a stack trace', async ({ page }) => {
    const response = await page.goto(`${BACKEND_DOWN_URL}/Events/1`);
    expect(response?.status()).toBe(503);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('EVENTS');
    await expect(page.getByRole('main').getByText('the photos of this event cannot be shown just now')).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(await page.content()).not.toMatch(/Error:|at .*\.(js|ts|mjs):\d+/);
  });

  test('the events API answers 503 in JSON', async ({ request }) => {
    const api = await request.post(`${BACKEND_DOWN_URL}/Admin/api/events_list`, {
      headers: { 'Content-Type': 'application/json' },
    });
    expect(api.status()).toBe(503);
    expect(await api.json()).toEqual({ error: 'Events are unavailable right now; please try again later' });
  });
});

test.describe("with the society's backend (remote mode)", () => {
  test('Monthly Activities and the event page show its photos, served through the site', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    await page.goto(`${REMOTE_URL}/monthly-activities`);
    await expect(page.getByRole('status')).toHaveText(
      '1 event for Tamil Nadu in 2025, and the cricket tournament: 2 cards.',
    );
    const card = cards(page).first();
    await expect(card.locator('h2')).toHaveText('Tamil Nadu - Remote Backend Workshop');
    // The doubled slash corrected, and the path kept on the site (not the backend's origin).
    await expect(card.locator('img')).toHaveAttribute('src', '/Admin/uploads/remote/501/1.jpg?w=480');
    await expect.poll(() => loaded(card.locator('img'))).toBe(true);

    await card.getByRole('link', { name: /View More/ }).click();
    await expect(page).toHaveURL(`${REMOTE_URL}/Events/501`);
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText('Remote workshop, first photo');
    // The backend names them in three forms: absolute, full URL, relative in another letter case.
    const thumbnails = page.locator('.photo-gallery img');
    await expect(thumbnails).toHaveCount(3);
    for (const thumbnail of await thumbnails.all()) {
      await expect.poll(() => loaded(thumbnail)).toBe(true);
      const source = await thumbnail.evaluate((image) => (image instanceof HTMLImageElement ? image.currentSrc : ''));
      expect(source.startsWith(`${REMOTE_URL}/Admin/uploads/remote/501/`)).toBe(true);
      expect(source).toMatch(/\/\d\.jpg\?w=(480|960)$/);
    }

    // The viewer opens the full photo, and shows it at its own size (600 by 400) once loaded.
    await page.locator('.photo-gallery a').first().click();
    const photo = page.locator('.pswp__item[aria-hidden="false"] img.pswp__img:not(.pswp__img--placeholder)');
    await expect(photo).toHaveAttribute('src', `${REMOTE_URL}/Admin/uploads/remote/501/1.jpg`);
    await expect.poll(async () => (await photo.boundingBox())?.width).toBe(600);
    expect(await photo.evaluate((image) => (image instanceof HTMLImageElement ? image.naturalHeight : 0))).toBe(400);

    expect(refused).toEqual([]);
  });

  test('an event whose photo list is not an array has no photos, politely', async ({ page }) => {
    const response = await page.goto(`${REMOTE_URL}/Events/502`);
    expect(response?.status()).toBe(200);
    await expect(page.getByText('No photos have been added to this event yet.')).toBeVisible();
  });

  test('a photo the backend does not have is a 404, and so is a path out of the uploads folder', async ({
    request,
  }) => {
    expect((await request.get(`${REMOTE_URL}/Admin/uploads/remote/501/9.jpg`)).status()).toBe(404);
    expect((await request.get(`${REMOTE_URL}/Admin/uploads/..%2fapi%2fevents_list.jpg`)).status()).toBe(404);
    const photo = await request.get(`${REMOTE_URL}/Admin/uploads/remote/501/2.jpg`);
    expect(photo.status()).toBe(200);
    expect(photo.headers()['content-type']).toBe('image/jpeg');
    expect(photo.headers()['cache-control']).toBe('public, no-cache');
    const small = await request.get(`${REMOTE_URL}/Admin/uploads/remote/501/2.jpg?w=480`);
    expect(small.status()).toBe(200);
    expect(small.headers()['content-type']).toBe('image/webp');
  });
});

test('an event page describes the event for search engines (JSON-LD Event)', async ({ page }) => {
  await page.goto('/Events/3');
  const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
  expect(data).toMatchObject({
    '@type': 'Event',
    name: 'Salem - Airway Workshop',
    startDate: '2025-03-14',
    location: { '@type': 'Place', name: 'Salem' },
    image: expect.stringMatching(/\/Admin\/uploads\/events\/3\/1\.jpg$/),
  });
});
