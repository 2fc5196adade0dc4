/**
 * The events admin as the office uses it, on a server of its own (tests/e2e/adminServer.ts):
 * sign in, make an event with three photos, publish it, see it on the public pages at once,
 * edit it, delete a photo and the event; refused files; keyboard only; axe on every admin page.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { choosePhotos, photoFile, signedInAdmin } from './adminServer.ts';

test.describe.configure({ mode: 'default' });

const admin = signedInAdmin();

/** Makes a draft through the form and returns its id. */
async function newDraft(page: Page, title: string, place = 'Madurai', date = '2024-06-01'): Promise<number> {
  await page.goto('/Admin');
  await page.getByRole('link', { name: 'New event' }).click();
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Sub-title').fill('Hands-on skills for postgraduates');
  await page.getByLabel('Date').fill(date);
  await page.getByLabel('Place').selectOption(place);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The draft is saved' })).toBeVisible();
  return Number(/\/Admin\/events\/(\d+)/.exec(page.url())?.[1]);
}

/** A page of a visitor who is not signed in. */
async function visitorPage(browser: Browser, viewport?: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ baseURL: admin.server.url, ...(viewport ? { viewport } : {}) });
  return context.newPage();
}

async function publicTitles(page: Page): Promise<string[]> {
  const answer = await page.request.post('/Admin/api/events_list');
  return (await answer.json()).records.map((record: { events_title: string }) => record.events_title);
}

test('an office assistant publishes an event with three photos, a visitor sees it at once, then it is edited and deleted', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const page = await admin.page(browser);
  const id = await newDraft(page, 'Airway Day');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Tamil Nadu - Madurai Branch - Airway Day');

  await test.step('three photos, each uploaded with its own progress', async () => {
    await choosePhotos(page, [
      await photoFile('IMG_1.jpg', '#a33'),
      await photoFile('IMG_2.jpg', '#3a3'),
      await photoFile('IMG_3.jpg', '#33a'),
    ]);
    await expect(page.getByText('3 of 3 uploaded.')).toBeVisible();
    // Finished uploads' bars go: each photo's card says it arrived.
    await expect(page.locator('progress')).toHaveCount(0);
    await expect(page.getByLabel('Description')).toHaveCount(3);
  });

  await test.step('descriptions, order by keyboard and cover', async () => {
    const descriptions = page.getByLabel('Description');
    await descriptions.nth(0).fill('Red: the opening talk');
    await descriptions.nth(1).fill('Green: the airway station');
    await descriptions.nth(2).fill('Blue: delegates and faculty');
    // The third photo to the top, by keyboard: focus stays on its Move up until it cannot move further.
    const third = page.getByRole('group', { name: 'Photo 3 of 3' }).getByRole('button', { name: 'Move up' });
    await third.focus();
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('group', { name: 'Photo 2 of 3' }).getByRole('button', { name: 'Move up' }),
    ).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('group', { name: 'Photo 1 of 3' }).getByRole('button', { name: 'Move down' }),
    ).toBeFocused();
    await expect(descriptions.nth(0)).toHaveValue('Blue: delegates and faculty');
    await page.getByLabel('Cover (photo 2)').check();
  });

  await test.step('a draft is not public, and has a preview', async () => {
    expect(await publicTitles(page)).not.toContain('Tamil Nadu - Madurai Branch - Airway Day');
    expect((await page.request.get(`/Events/${id}`)).status()).toBe(404);
    const other = await page.context().newPage();
    await other.goto(`/Admin/events/${id}/preview`);
    await expect(other.getByText('Preview of a draft: visitors cannot see it until it is published.')).toBeVisible();
    await expect(other.locator('.photo-gallery img')).toHaveCount(3);
    await other.goto('/Admin');
    await expect(other.getByRole('row').filter({ hasText: 'Tamil Nadu - Madurai Branch - Airway Day' })).toContainText(
      /3 photos\s*Draft/,
    );
    await other.close();
  });

  await test.step('Publish: on the public API and pages at once', async () => {
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Published' })).toBeVisible();
    expect(await publicTitles(page)).toContain('Tamil Nadu - Madurai Branch - Airway Day');
    const list = await page.context().newPage();
    await list.goto('/Admin');
    await expect(list.getByRole('row').filter({ hasText: 'Tamil Nadu - Madurai Branch - Airway Day' })).toContainText(
      'Published',
    );
    await list.close();
    const visitor = await visitorPage(browser);
    await visitor.goto('/monthly-activities');
    await visitor.getByLabel('Place').selectOption('Madurai');
    await visitor.getByLabel('Year').selectOption('2024');
    const card = visitor.locator('.event-card').filter({ hasText: 'Tamil Nadu - Madurai Branch - Airway Day' });
    await expect(card).toBeVisible();
    await expect(card.locator('img')).toHaveAttribute('src', /\/Admin\/uploads\/events\/\d+\/[0-9a-f]{32}\.jpg/);
    await card.getByRole('link', { name: /View More/ }).click();
    await expect(visitor).toHaveURL(new RegExp(`/Events/${id}$`));
    await expect(visitor.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(
      'Blue: delegates and faculty',
    );
    await expect(visitor.getByRole('img', { name: 'Red: the opening talk' })).toBeVisible();
    await expect(visitor.locator('.photo-gallery img')).toHaveCount(3);
    await visitor.close();
  });

  await test.step('edit: a new title shows at once', async () => {
    await page.getByLabel('Title', { exact: true }).fill('Madurai - Airway Day, second edition');
    await expect(page.getByText('Saved as: Tamil Nadu - Madurai Branch - Airway Day, second edition')).toBeVisible();
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Tamil Nadu - Madurai Branch - Airway Day, second edition Published',
    );
    expect(await publicTitles(page)).toContain('Tamil Nadu - Madurai Branch - Airway Day, second edition');
  });

  const photoPaths = await page
    .locator('.photo-item img')
    .evaluateAll((images) => images.map((image) => new URL(image.getAttribute('src') ?? '', location.href).pathname));

  await test.step('delete a photo after confirming in place; its file is gone', async () => {
    await page.getByRole('button', { name: 'Delete photo 1' }).click();
    await expect(page.getByRole('button', { name: 'Yes, delete' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Description')).toHaveCount(2);
    expect((await page.request.get(photoPaths[0] ?? '')).status()).toBe(404);
  });

  await test.step('delete the event after a confirmation page', async () => {
    await page.getByRole('link', { name: 'Delete' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Delete this event?');
    await expect(page.getByRole('main')).toContainText('and its 2 photos will be deleted from the site');
    await page.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'deleted' })).toHaveText('The event was deleted.');
    // Its number is never given again: its address says it was removed.
    expect((await page.request.get(`/Events/${id}`)).status()).toBe(410);
    for (const photo of photoPaths) expect((await page.request.get(photo)).status()).toBe(404);
    expect(await publicTitles(page)).not.toContain('Tamil Nadu - Madurai Branch - Airway Day, second edition');
  });

  await test.step('the audit log tells who did what', async () => {
    await page.getByRole('link', { name: 'Audit log' }).click();
    const rows = page.getByRole('row');
    await expect(rows.filter({ hasText: 'event deleted' })).toContainText('office');
    await expect(rows.filter({ hasText: 'photo added' })).toHaveCount(3);
  });
});

test('a refused file shows why and the rest of the batch goes on', async ({ browser }) => {
  const page = await admin.page(browser);
  await newDraft(page, 'Batch with bad files', 'Salem');
  await choosePhotos(page, [
    await photoFile('good-1.jpg', '#a33'),
    { name: 'drawing.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') },
    {
      name: 'IMG_0002.HEIC',
      mimeType: 'image/heic',
      buffer: Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheicmif1heic'), Buffer.alloc(64)]),
    },
    await photoFile('good-2.jpg', '#3a3'),
  ]);
  await expect(page.getByText('2 of 4 uploaded, 2 refused.')).toBeVisible();
  await expect(page.locator('.photo-upload').filter({ hasText: 'drawing.jpg' })).toContainText(
    'not a JPEG, PNG or WebP',
  );
  await expect(page.locator('.photo-upload').filter({ hasText: 'IMG_0002.HEIC' })).toContainText('send it as JPEG');
  await expect(page.getByLabel('Description')).toHaveCount(2);
});

test('a nearly full event takes its last photos, chosen or dropped, then says it is full', async ({ browser }) => {
  test.setTimeout(60_000);
  const page = await admin.page(browser);
  const id = await newDraft(page, 'Nearly full day', 'Salem');
  const csrfToken = await page.locator('input[name="csrf_token"]').first().inputValue();
  const photo = await photoFile('filler.jpg', '#777');
  for (let count = 0; count < 58; count += 1) {
    const answer = await page.request.post(`/Admin/edit/events/${id}/photos`, {
      multipart: { photo },
      headers: { 'X-CSRF-Token': csrfToken, Origin: admin.server.url },
    });
    expect(answer.status()).toBe(201);
  }
  await page.reload();
  await expect(page.getByText('58 of at most 60 photos.')).toBeVisible();

  await choosePhotos(page, [await photoFile('59.jpg', '#a33')]);
  await expect(page.getByText('1 of 1 uploaded.')).toBeVisible();

  // Dropped, not chosen: the 60th still fits (a stored photo counts once, not as pending too).
  const dropped = await photoFile('60.jpg', '#3a3');
  const dataTransfer = await page.evaluateHandle((base64) => {
    const transfer = new DataTransfer();
    const bytes = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
    transfer.items.add(new File([bytes], '60.jpg', { type: 'image/jpeg' }));
    return transfer;
  }, dropped.buffer.toString('base64'));
  await page.locator('.photo-drop').dispatchEvent('drop', { dataTransfer });
  await expect(page.getByText('2 of 2 uploaded.')).toBeVisible();
  await expect(page.getByText('60 of at most 60 photos.')).toBeVisible();

  await choosePhotos(page, [await photoFile('61.jpg', '#33a')]);
  await expect(page.locator('.photo-upload').filter({ hasText: '61.jpg' })).toContainText(
    'The event is full (at most 60 photos).',
  );
  await expect(page.getByLabel('Description')).toHaveCount(60);
});

test('without JavaScript the form saves, and deleting a photo asks on a page of its own', async ({ browser }) => {
  const scripted = await admin.page(browser);
  const id = await newDraft(scripted, 'No script day', 'Coimbatore');
  await choosePhotos(scripted, [await photoFile('a.jpg', '#a33')]);
  await expect(scripted.getByText('1 of 1 uploaded.')).toBeVisible();

  const page = await admin.page(browser, { javaScriptEnabled: false });
  await page.goto(`/Admin/events/${id}`);
  await expect(page.getByRole('button', { name: 'Move up' })).toBeDisabled();
  await page.getByLabel('Description').fill('Saved without scripts');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByLabel('Description')).toHaveValue('Saved without scripts');
  await page.getByRole('link', { name: 'Delete photo 1' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Delete this photo?');
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'removed' })).toHaveText('The photo was removed.');
  await expect(page.getByLabel('Description')).toHaveCount(0);
});

test('every admin page passes axe, on a desktop and on a phone', async ({ browser }) => {
  // 14 pages scanned by axe: about 40 s alone, more on a busy machine.
  test.setTimeout(120_000);
  const page = await admin.page(browser);
  const id = await newDraft(page, 'Axe day', 'Chennai');
  await choosePhotos(page, [await photoFile('a.jpg', '#a33')]);
  await expect(page.getByText('1 of 1 uploaded.')).toBeVisible();
  const photoId = await page.locator('.photo-item').first().getAttribute('id');
  const paths = [
    '/Admin',
    '/Admin/events/new',
    `/Admin/events/${id}`,
    `/Admin/events/${id}/preview`,
    `/Admin/events/${id}/delete`,
    `/Admin/events/${id}/photos/${photoId?.replace('photo-', '')}/delete`,
    '/Admin/audit',
  ];
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    for (const path of paths) {
      await page.goto(path);
      await expectNoAxeViolations(page);
    }
    const signedOut = await visitorPage(browser, viewport);
    await signedOut.goto('/Admin/login');
    await expectNoAxeViolations(signedOut);
    await signedOut.close();
  }
});
