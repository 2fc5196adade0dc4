/**
 * What the event editor says is saved is stored, at a phone's width, on a server of its own
 * (tests/e2e/adminServer.ts): twelve photos whose uploads finish out of the order chosen, the page closed the
 * moment "All changes saved." shows, keep their order; a page left before its change was saved sends it as it goes
 * (eventEditor.spec.ts: one left signed out says on return what it had not saved). And a report published today is
 * on Monthly Activities as it opens.
 */
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { expect, test, type Page } from '@playwright/test';
import { indiaDay } from '../../src/lib/calendar/happenings.ts';
import { PHONE, choosePhotos, draftWithPhotos, photoFile, signedInAdmin } from './adminServer.ts';

test.describe.configure({ mode: 'default' });

const admin = signedInAdmin();

/** The names of the files event `id`'s photos came from, in their stored order. */
function storedOrder(id: number): string[] {
  const store = new DatabaseSync(path.join(admin.server.dataDir, 'site.sqlite'), { readOnly: true });
  try {
    return store
      .prepare('SELECT original_name FROM event_images WHERE events_id = ? ORDER BY sort_order')
      .all(id)
      .map((row) => String(row['original_name']));
  } finally {
    store.close();
  }
}

const CHOSEN = Array.from({ length: 12 }, (_, index) => `${String(index + 1).padStart(2, '0')}.jpg`);
/** A request of the photos' autosave (the action admin.events.arrange, called on the event's page). */
const isArrange = (url: URL) => url.searchParams.get('_action') === 'admin.events.arrange';

/** A gate a route handler waits at until the test opens it. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/**
 * Chooses the twelve photos with the second one's upload held until the first save of the order has gone (so the
 * server stores them 1, 3, 4, ... 12, 2), and that save's answer held until all twelve are in the list; the most
 * uploads that were on their way at once.
 */
async function chooseTwelveArrivingLate(page: Page) {
  const firstSave = gate();
  const secondUpload = gate();
  let saves = 0;
  await page.route(isArrange, async (route) => {
    saves += 1;
    if (saves > 1) return route.continue();
    secondUpload.open();
    const answer = await route.fetch();
    await firstSave.opened;
    return route.fulfill({ response: answer });
  });
  let onTheWay = 0;
  let mostAtOnce = 0;
  await page.route('**/Admin/edit/events/*/photos', async (route) => {
    onTheWay += 1;
    mostAtOnce = Math.max(mostAtOnce, onTheWay);
    try {
      if (route.request().postDataBuffer()?.includes('filename="02.jpg"')) await secondUpload.opened;
      await route.fulfill({ response: await route.fetch() });
    } finally {
      onTheWay -= 1;
    }
  });
  const files = await Promise.all(CHOSEN.map((name, index) => photoFile(name, `hsl(${index * 30} 60% 50%)`)));
  await choosePhotos(page, files);
  await expect(page.getByText('12 of 12 uploaded.')).toBeVisible({ timeout: 20_000 });
  firstSave.open();
  return { mostAtOnce };
}

test('“All changes saved” is said once stored: the page closed right after it keeps the order chosen', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const page = await admin.page(browser, { viewport: PHONE });
  const id = await draftWithPhotos(page, 'Twelve arriving late', []);
  const { mostAtOnce } = await chooseTwelveArrivingLate(page);
  // Two uploads at a time, never more (PhotoUploader.tsx): the second held, the others went one by one beside it.
  expect(mostAtOnce).toBe(2);
  await expect(page.getByText('All changes saved.')).toBeVisible({ timeout: 15_000 });
  await page.screenshot({ path: test.info().outputPath('all-changes-saved.png') });
  await page.context().close();
  expect(storedOrder(id)).toEqual(CHOSEN);
});

test('a page left before its change was saved sends it as it goes', async ({ browser }) => {
  const page = await admin.page(browser, { viewport: PHONE });
  const id = await draftWithPhotos(page, 'Left at once', ['#a33', '#3a3', '#33a']);
  await expect(page.getByText('All changes saved.')).toBeVisible();
  await page.getByRole('group', { name: 'Photo 3 of 3' }).getByRole('button', { name: 'Move up' }).click();
  await page.goto('about:blank');
  await expect.poll(() => storedOrder(id)).toEqual(['1.jpg', '3.jpg', '2.jpg']);
});

test('today’s report, published with its photo, is on /monthly-activities as it opens, not “coming up”', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const page = await admin.page(browser, { viewport: PHONE });
  await draftWithPhotos(page, 'Report of the day', ['#36a'], indiaDay(new Date()));
  await page.getByLabel('Description of photo 1').fill('The hands-on airway station');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Published' })).toBeVisible();

  const visitor = await (await browser.newContext({ baseURL: admin.server.url, viewport: PHONE })).newPage();
  await visitor.goto('/monthly-activities');
  const card = visitor.locator('.event-card').filter({ hasText: 'Tamil Nadu - Madurai Branch - Report of the day' });
  await expect(card).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await visitor.screenshot({ path: test.info().outputPath('todays-report.png') });
  expect(await (await visitor.request.get('/coming-up')).text()).not.toContain('Report of the day');
});
