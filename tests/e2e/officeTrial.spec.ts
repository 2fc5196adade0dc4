/**
 * The office's second trial, in the browser, on a server of its own (tests/e2e/adminServer.ts):
 * two tabs editing one event keep each other's captions and drop a photo deleted in the other;
 * the file's name on a photo's card; the note naming photo 2 of 3 without a description, linked
 * to its card; a double press and Back on Save draft make one event; a deleted event's page
 * says it was removed (410). At 390 px and 1280 px, with axe on each page shown.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { PHONE, choosePhotos, photoFile, signedInAdmin } from './adminServer.ts';

const DESKTOP = { width: 1280, height: 800 };
const admin = signedInAdmin();

const tab = (browser: Browser, viewport = PHONE) => admin.page(browser, { viewport });

async function newDraft(page: Page, title: string): Promise<void> {
  await page.goto('/Admin/events/new');
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Date').fill('2024-06-01');
  await page.getByLabel('Place').selectOption('Madurai');
}

const saved = (page: Page) => expect(page.locator('[data-save-state="saved"]')).toHaveText('All changes saved.');
const descriptions = (page: Page) => page.getByLabel('Description');
const valuesOf = (page: Page) =>
  descriptions(page).evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));

test('two tabs on one event keep both captions; a photo deleted in one goes from the other; the note names photo 2 of 3', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const tabA = await tab(browser);
  await newDraft(tabA, 'Two tabs day');
  await tabA.getByRole('button', { name: 'Save draft' }).click();
  await expect(tabA.getByRole('status').filter({ hasText: 'The draft is saved' })).toBeVisible();
  const files = await Promise.all(
    ['#a33', '#3a3', '#33a'].map((colour, index) => photoFile(`IMG_00${index + 1}.jpg`, colour)),
  );
  await choosePhotos(tabA, files);
  // Three photos, each decoded and stored in turn: on a busy machine that takes a while.
  await expect(tabA.getByText('3 of 3 uploaded.')).toBeVisible({ timeout: 60_000 });
  await expect(tabA.locator('progress')).toHaveCount(0);

  await test.step('each card names its file until it has a description', async () => {
    await expect(tabA.locator('.photo-item').nth(1).locator('[data-file-name]')).toHaveText(/IMG_002\.jpg · \d+ KB$/);
    await descriptions(tabA).nth(0).fill('Red: the opening talk');
    await descriptions(tabA).nth(2).fill('Blue: the quiz');
    await saved(tabA);
    await expect(tabA.locator('.photo-item').nth(0).locator('[data-file-name]')).toHaveCount(0);
  });

  await test.step('the note names photo 2, linked to its card, at the top and beside Publish', async () => {
    const second = await tabA.locator('.photo-item').nth(1).getAttribute('id');
    for (const place of ['top', 'publish']) {
      const note = tabA.locator(`[data-description-note="${place}"]`);
      await expect(note).toContainText('Photo 2 has no description.');
      await expect(note.getByRole('link', { name: 'Photo 2' })).toHaveAttribute('href', `#${second}`);
    }
    await tabA.reload();
    await expect(tabA.locator('[data-description-note="top"]')).toContainText('Photo 2 has no description.');
    await expectNoAxeViolations(tabA);
  });

  await test.step('a batch cut short by a closed page says once, on return, which files arrived', async () => {
    const eventId = /\/Admin\/events\/(\d+)/.exec(tabA.url())?.[1];
    const cutShort = [
      { name: 'IMG_002.jpg', size: files[1]?.buffer.length },
      { name: 'IMG_009.jpg', size: 4321 },
    ];
    await tabA.evaluate(([id, batch]) => localStorage.setItem(`isa-admin-upload:${id}`, JSON.stringify(batch)), [
      eventId,
      cutShort,
    ] as const);
    await tabA.reload();
    const note = tabA.locator('[data-interrupted-upload]');
    await expect(note).toContainText('Arrived: IMG_002.jpg.');
    await expect(note).toContainText('Not arrived, choose these again: IMG_009.jpg.');
    await tabA.reload();
    await expect(descriptions(tabA)).toHaveCount(3);
    await expect(note).toHaveCount(0);
  });

  const tabB = await tab(browser);
  await tabB.goto(tabA.url());
  await expect(descriptions(tabB)).toHaveCount(3);

  await test.step('tab A changes photo 1, then tab B (opened earlier) photo 2: both kept', async () => {
    await descriptions(tabA).nth(0).fill('From tab A');
    await saved(tabA);
    await descriptions(tabB).nth(1).fill('From tab B');
    await saved(tabB);
    await expect(descriptions(tabB).nth(0)).toHaveValue('From tab A');
    await tabA.reload();
    await expect.poll(() => valuesOf(tabA)).toEqual(['From tab A', 'From tab B', 'Blue: the quiz']);
  });

  await test.step('tab A deletes photo 3: it goes from tab B at its next save', async () => {
    await tabA.getByRole('button', { name: 'Delete photo 3' }).click();
    await tabA.getByRole('button', { name: 'Yes, delete' }).click();
    await expect(descriptions(tabA)).toHaveCount(2);
    await descriptions(tabB).nth(1).fill('From tab B, again');
    await saved(tabB);
    await expect.poll(() => valuesOf(tabB)).toEqual(['From tab A', 'From tab B, again']);
    await expectNoAxeViolations(tabB);
  });

  await test.step('back in tab A (from another tab or app), it shows what tab B changed without a save of its own', async () => {
    await expect(descriptions(tabA).nth(1)).toHaveValue('From tab B');
    await tabA.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect(descriptions(tabA).nth(1)).toHaveValue('From tab B, again');
  });
  await tabA.context().close();
  await tabB.context().close();
});

test('a double press and Back on Save draft make one event; a deleted event’s page says it was removed', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const page = await tab(browser, DESKTOP);
  const title = 'Once only day';
  await newDraft(page, title);
  await page.getByRole('button', { name: 'Save draft' }).dblclick();
  await expect(page.getByRole('status').filter({ hasText: 'The draft is saved' })).toBeVisible();
  const id = Number(/\/Admin\/events\/(\d+)/.exec(page.url())?.[1]);

  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This event is saved already');
  await expect(page.getByRole('button', { name: 'Save draft' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: `Tamil Nadu - Madurai Branch - ${title}` })).toHaveAttribute(
    'href',
    `/Admin/events/${id}`,
  );
  await expectNoAxeViolations(page);
  const list = await (await page.request.get('/Admin')).text();
  expect(list.split(title).length - 1).toBe(1);

  await page.goto(`/Admin/events/${id}/delete`);
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The event was deleted.' })).toBeVisible();
  const gone = await page.goto(`/Events/${id}`);
  expect(gone?.status()).toBe(410);
  await expect(page.getByRole('heading', { name: 'This event was removed' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.context().close();
});
