/**
 * Monthly Activities, HTML first: the server renders the cards of the selection in the address,
 * the filter is a GET form that works without JavaScript, and the island enhances it (no reload,
 * the address follows, Back works). The browser tests run against a fresh data folder, so the
 * store holds the sample events.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { BACKEND_DOWN_URL } from '../../playwright.config.ts';
import { siteContent } from './content.ts';
import { holdIslandScripts } from './holdScripts.ts';
import { settled } from './settled.ts';

const cards = (page: Page) => page.locator('.events-grid > li');
const titles = (page: Page) => cards(page).locator('h2');
const status = (page: Page) => page.getByRole('status');
const FAILED = /Sorry, the events could not be loaded just now/;
const isEventsList = (url: string) => new URL(url).pathname === '/Admin/api/events_list';

/** Waits until the island has hydrated (Astro drops the `ssr` attribute then): when idle, late on a busy machine. */
async function hydrated(page: Page) {
  await expect(page.locator('astro-island:has(.events-browser)')).not.toHaveAttribute('ssr', { timeout: 20_000 });
}

async function withoutJavaScript<T>(browser: Browser, use: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    return await use(await context.newPage());
  } finally {
    await context.close();
  }
}

test.describe('Monthly Activities without JavaScript', () => {
  test('shows the cards of Tamil Nadu and 2025, the cricket card last, the first photo at once', async ({
    browser,
  }) => {
    await withoutJavaScript(browser, async (page) => {
      await page.goto('/monthly-activities');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Monthly Activities');
      await expect(page.getByLabel('Place')).toHaveValue('Tamil Nadu');
      await expect(page.getByLabel('Place').locator('option')).toHaveText(siteContent().activityPlaces);
      await expect(page.getByLabel('Year')).toHaveValue('2025');
      await expect(status(page)).toHaveText('2 events for Tamil Nadu in 2025, and the cricket tournament: 3 cards.');
      await expect(titles(page)).toHaveText([
        'Tamil Nadu - World Anaesthesia Day 2025',
        'Tamil Nadu - State Quiz for Postgraduates',
        'Tamil Nadu',
      ]);
      const last = cards(page).last();
      await expect(last).toHaveAttribute('data-event-id', 'static-001');
      await expect(last.getByRole('link', { name: /View More/ })).toHaveAttribute('href', '/event-22');
      await expect(last.locator('.event-card__subtitle')).toContainText('Cricket Tournament');
      const first = cards(page).first().locator('img');
      await expect(first).toHaveAttribute(
        'srcset',
        /^\/Admin\/uploads\/events\/\d+\/1\.jpg\?w=480 480w, \/Admin\/uploads\/events\/\d+\/1\.jpg\?w=720 720w, \/Admin\/uploads\/events\/\d+\/1\.jpg\?w=960 960w$/,
      );
      await expect(first).toHaveAttribute('loading', 'eager');
      await expect(first).toHaveAttribute('fetchpriority', 'high');
      await expect(cards(page).nth(1).locator('img')).toHaveAttribute('loading', 'lazy');
      await expect(page.getByText('Loading events…')).toHaveCount(0);
    });
  });

  test('the filter is a form: it sends the place and year and the page shows them', async ({ browser }) => {
    await withoutJavaScript(browser, async (page) => {
      await page.goto('/monthly-activities');
      await page.getByLabel('Place').selectOption('Salem');
      await page.getByLabel('Year').selectOption('2024');
      await page.getByRole('button', { name: 'Show events' }).click();
      await expect(page).toHaveURL(/\/monthly-activities\?place=Salem&year=2024$/);
      await expect(titles(page)).toHaveText(['Salem - Regional Anaesthesia CME', 'Tamil Nadu']);
      await expect(status(page)).toHaveText('1 event for Salem in 2024, and the cricket tournament: 2 cards.');

      await page.getByLabel('Place').selectOption('Chennai');
      await page.getByLabel('Year').selectOption('2023');
      await page.getByRole('button', { name: 'Show events' }).click();
      await expect(status(page)).toHaveText(/^No events for Chennai in 2023; only the card of the cricket/);
      await expect(cards(page)).toHaveCount(1);
      await expect(cards(page).first()).toHaveAttribute('data-event-id', 'static-001');
    });
  });

  test('an unknown place or year gets the defaults and a polite note, never markup', async ({ browser }) => {
    await withoutJavaScript(browser, async (page) => {
      const response = await page.goto(
        `/monthly-activities?place=${encodeURIComponent('<img src=x onerror=alert(1)>')}&year=1999`,
      );
      expect(response?.status()).toBe(200);
      await expect(page.getByLabel('Place')).toHaveValue('Tamil Nadu');
      await expect(page.getByLabel('Year')).toHaveValue('2025');
      await expect(page.locator('.events-notice')).toHaveText([
        'There is no list of events for “<img src=x onerror=alert(1)>”, so the events of Tamil Nadu are shown.',
        /Events are listed for the years 2021 to \d{4}, not “1999”, so 2025 is shown\./,
      ]);
      await expect(page.locator('img[src="x"]')).toHaveCount(0);
      await expect(status(page)).toHaveText('2 events for Tamil Nadu in 2025, and the cricket tournament: 3 cards.');
    });
  });

  test('when the events backend is down: a 503 with the polite message and a way to try again', async ({ browser }) => {
    await withoutJavaScript(browser, async (page) => {
      const response = await page.goto(`${BACKEND_DOWN_URL}/monthly-activities?place=Salem`);
      expect(response?.status()).toBe(503);
      expect(response?.headers()['cache-control']).toBe('no-store');
      await expect(status(page)).toHaveText(FAILED);
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expect(cards(page)).toHaveCount(1);
      await expect(cards(page).first()).toHaveAttribute('data-event-id', 'static-001');
      // Trying again sends the same selection again.
      await page.getByRole('button', { name: 'Try again' }).click();
      await expect(page).toHaveURL(/\?place=Salem&year=\d{4}$/);
      await expect(status(page)).toHaveText(FAILED);
      expect(await page.content()).not.toMatch(/Error:|at .*\.(js|ts|mjs):\d+/);
    });
  });
});

test.describe('Monthly Activities with JavaScript', () => {
  test('a plain visit asks the events API for nothing', async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      if (isEventsList(request.url())) asked.push(request.method());
    });
    await page.goto('/monthly-activities');
    await hydrated(page);
    await settled(page);
    expect(asked).toEqual([]);
  });

  test('filters without a new page, keeps the address in step, and Back and Forward work', async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (request) => {
      if (isEventsList(request.url())) asked.push(request.method());
    });
    await page.goto('/monthly-activities');
    await hydrated(page);
    await page.evaluate(() => Reflect.set(window, '__samePage', true));

    await page.getByLabel('Place').selectOption('Salem');
    await expect(status(page)).toHaveText('1 event for Salem in 2025, and the cricket tournament: 2 cards.');
    await expect(page).toHaveURL(/\/monthly-activities\?place=Salem&year=2025$/);
    await page.getByLabel('Year').selectOption('2024');
    await expect(titles(page)).toHaveText(['Salem - Regional Anaesthesia CME', 'Tamil Nadu']);
    await expect(page).toHaveURL(/\?place=Salem&year=2024$/);

    await page.goBack();
    await expect(page).toHaveURL(/\?place=Salem&year=2025$/);
    await expect(page.getByLabel('Year')).toHaveValue('2025');
    await expect(titles(page)).toHaveText(['Salem - Airway Workshop', 'Tamil Nadu']);
    await page.goBack();
    await expect(page).toHaveURL(/\/monthly-activities$/);
    await expect(page.getByLabel('Place')).toHaveValue('Tamil Nadu');
    await expect(status(page)).toHaveText('2 events for Tamil Nadu in 2025, and the cricket tournament: 3 cards.');
    await page.goForward();
    await expect(page.getByLabel('Place')).toHaveValue('Salem');
    await expect(status(page)).toHaveText('1 event for Salem in 2025, and the cricket tournament: 2 cards.');

    expect(await page.evaluate(() => Reflect.get(window, '__samePage'))).toBe(true);
    expect(asked).toEqual(['POST']);
  });

  test('a place chosen before the island has loaded (a slow phone) stays chosen', async ({ page }) => {
    const release = await holdIslandScripts(page);
    await page.goto('/monthly-activities', { waitUntil: 'domcontentloaded' });
    await page.getByLabel('Place').selectOption('Salem');
    release();
    await hydrated(page);
    await expect(status(page)).toHaveText('1 event for Salem in 2025, and the cricket tournament: 2 cards.');
    await expect(page).toHaveURL(/\?place=Salem&year=2025$/);
    // A later change keeps the earlier choice of place.
    await page.getByLabel('Year').selectOption('2024');
    await expect(titles(page)).toHaveText(['Salem - Regional Anaesthesia CME', 'Tamil Nadu']);
  });

  test('a year chosen as the early place is applied, before React renders again, keeps both', async ({ page }) => {
    // The island applies the place chosen early, then updates the address (replaceState); the
    // visitor's next choice arrives right then, before React has rendered that place. On a busy
    // phone this happens by chance; here it is made to happen every time.
    await page.addInitScript(() => {
      const replaceState = history.replaceState.bind(history);
      let first = true;
      history.replaceState = (data, unused, url) => {
        replaceState(data, unused, url);
        const year = document.querySelector('select[name="year"]');
        if (!first || !(year instanceof HTMLSelectElement)) return;
        first = false;
        year.value = '2024';
        year.dispatchEvent(new Event('change', { bubbles: true }));
      };
    });
    const release = await holdIslandScripts(page);
    await page.goto('/monthly-activities', { waitUntil: 'domcontentloaded' });
    await page.getByLabel('Place').selectOption('Salem');
    release();
    await hydrated(page);
    await expect(page).toHaveURL(/\?place=Salem&year=2024$/);
    await expect(page.getByLabel('Place')).toHaveValue('Salem');
    await expect(page.getByLabel('Year')).toHaveValue('2024');
    await expect(titles(page)).toHaveText(['Salem - Regional Anaesthesia CME', 'Tamil Nadu']);
  });

  test('a shared filtered address opens that selection', async ({ page }) => {
    await page.goto('/monthly-activities?place=madurai&year=2024');
    await expect(page.getByLabel('Place')).toHaveValue('Madurai');
    await expect(page.getByLabel('Year')).toHaveValue('2024');
    await expect(status(page)).toHaveText(/for Madurai in 2024[;,]/);
    await expect(cards(page).last()).toHaveAttribute('data-event-id', 'static-001');
  });

  test('says it is loading, and the list is busy, until the events arrive', async ({ page }) => {
    const answer = Promise.withResolvers<void>();
    await page.route('**/Admin/api/events_list', async (route) => {
      await answer.promise;
      await route.continue();
    });
    await page.goto('/monthly-activities');
    await hydrated(page);
    await page.getByLabel('Place').selectOption('Chennai');
    await expect(status(page)).toHaveText('Loading events…');
    await expect(page.locator('.events-grid')).toHaveAttribute('aria-busy', 'true');
    await expect(cards(page).last()).toHaveAttribute('data-event-id', 'static-001');
    answer.resolve();
    await expect(status(page)).toHaveText(/for Chennai in 2025[;,]/);
    await expect(page.locator('.events-grid')).toHaveAttribute('aria-busy', 'false');
  });

  test('a failed load is logged, explained politely, and can be retried', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.route('**/Admin/api/events_list', (route) => route.abort());
    await page.goto('/monthly-activities');
    await hydrated(page);
    await page.getByLabel('Place').selectOption('Salem');
    await expect(status(page)).toHaveText(FAILED);
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(errors.some((text) => text.includes('Could not load the events'))).toBe(true);
    await expect(cards(page)).toHaveCount(1);
    await page.unroute('**/Admin/api/events_list');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(status(page)).toHaveText('1 event for Salem in 2025, and the cricket tournament: 2 cards.');
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await expect(page).toHaveURL(/\?place=Salem&year=2025$/);
  });

  test('an event added after the page was made shows under its year once the list loads', async ({ page }) => {
    const year = new Date().getFullYear() + 1;
    await page.route('**/Admin/api/events_list', async (route) => {
      const answer: unknown = await (await route.fetch()).json();
      const records = typeof answer === 'object' && answer !== null ? Reflect.get(answer, 'records') : undefined;
      if (!Array.isArray(records)) throw new Error('events_list answered without records');
      const added = {
        events_id: 9001,
        events_title: 'Tamil Nadu - New Year CME',
        events_sub_title: 'The first CME of the year',
        events_image: '',
        events_date: `${year}-01-10`,
      };
      await route.fulfill({ json: { records: [added, ...records] } });
    });
    await page.goto('/monthly-activities');
    await hydrated(page);
    await page.getByLabel('Place').selectOption('Salem');
    await expect(page.getByLabel('Year').locator('option').first()).toHaveText(String(year));
    await page.getByLabel('Place').selectOption('Tamil Nadu');
    await page.getByLabel('Year').selectOption(String(year));
    await expect(titles(page)).toHaveText(['Tamil Nadu - New Year CME', 'Tamil Nadu']);
  });

  test('offers only the years with events, the spec’s 2025 down to 2021, not this year without any', async ({
    page,
  }) => {
    await page.goto('/monthly-activities');
    await expect(page.getByLabel('Year').locator('option')).toHaveText(['2025', '2024', '2023', '2022', '2021']);
    await expect(page.getByLabel('Year')).toHaveValue('2025');
  });

  test('View More leads to the event page with its heading, breadcrumb and photos', async ({ page }) => {
    await page.goto('/monthly-activities?place=Salem&year=2025');
    await cards(page)
      .first()
      .getByRole('link', { name: /View More/ })
      .click();
    await expect(page).toHaveURL(/\/Events\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('EVENTS');
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(
      'Airway Workshop, Salem, March 2025',
    );
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb.locator('li')).toHaveText(['Home', 'Monthly Activities', 'Salem']);
    await expect(page.locator('.photo-gallery a')).toHaveCount(4);
  });

  test('when the events backend is down, says so politely and tries again on request', async ({ page }) => {
    await page.goto(`${BACKEND_DOWN_URL}/monthly-activities`);
    await expect(status(page)).toHaveText(FAILED);
    await page.locator('astro-island:not([ssr]) .events-browser').waitFor();
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(status(page)).toHaveText(FAILED);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});

test.describe('Monthly Activities over HTTP', () => {
  test('each selection has its own ETag, revalidated with a 304', async ({ request }) => {
    const salem = await request.get('/monthly-activities?place=Salem&year=2024');
    const madurai = await request.get('/monthly-activities?place=Madurai&year=2024');
    const etag = salem.headers()['etag'] ?? '';
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(madurai.headers()['etag']).toMatch(/^W\/"[\w-]+"$/);
    expect(madurai.headers()['etag']).not.toBe(etag);
    expect(salem.headers()['cache-control']).toBe('no-cache');
    expect((await request.get('/monthly-activities?place=Salem&year=2024')).headers()['etag']).toBe(etag);

    const same = await request.get('/monthly-activities?place=Salem&year=2024', { headers: { 'If-None-Match': etag } });
    expect(same.status()).toBe(304);
    expect((await same.body()).byteLength).toBe(0);
    const other = await request.get('/monthly-activities?place=Madurai&year=2024', {
      headers: { 'If-None-Match': etag },
    });
    expect(other.status()).toBe(200);
  });
});
