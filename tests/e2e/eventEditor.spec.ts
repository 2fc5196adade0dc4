/**
 * The event editor never loses the office's work, and what it publishes is where visitors look
 * at phone width on a server of its own (tests/e2e/adminServer.ts): Preview and back,
 * a session that ends mid-edit, photos in the order chosen, their progress brought into view (smoothly
 * only when no less motion is asked for), drag and keyboard reordering,
 * Unpublish that asks first, leaving with changes not saved that asks first, the published event on /monthly-activities as it first opens; axe on
 * each state.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { PHONE, choosePhotos, draftWithPhotos, photoFile, signIn, signedInAdmin } from './adminServer.ts';

test.describe.configure({ mode: 'default' });

const admin = signedInAdmin();

const phonePage = (browser: Browser) => admin.page(browser, { viewport: PHONE });

const descriptions = (page: Page) => page.getByLabel('Description');
const itemIds = (page: Page) => page.locator('.photo-item').evaluateAll((items) => items.map((item) => item.id));

test('descriptions typed, then Preview, then back: still there, and Preview showed them', async ({ browser }) => {
  test.setTimeout(60_000);
  const page = await phonePage(browser);
  const id = await draftWithPhotos(page, 'Preview day', ['#a33', '#3a3']);
  await page.getByLabel('Sub-title', { exact: true }).fill('Typed, not saved yet');
  await descriptions(page).nth(0).fill('Red: the opening talk');
  await descriptions(page).nth(1).fill('Green: the airway station');

  await page.getByRole('button', { name: 'Preview' }).click();
  // The page the form posted to, running the preview action (src/actions/events.ts).
  await expect(page).toHaveURL(new RegExp(`/Admin/events/${id}/preview\\?_action=admin\\.events\\.preview$`));
  await expect(page.getByText('Typed, not saved yet')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Red: the opening talk');
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Back to the form' }).click();
  await expect(descriptions(page).nth(0)).toHaveValue('Red: the opening talk');
  await expect(descriptions(page).nth(1)).toHaveValue('Green: the airway station');
  await expect(page.getByLabel('Sub-title', { exact: true })).toHaveValue('Typed, not saved yet');
  await expect(page.getByText('Your unsaved changes are back.')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the session ends mid-edit: it says so, Publish leads to sign-in, and back on the event the edits are there and publish', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const page = await phonePage(browser);
  const id = await draftWithPhotos(page, 'Session day', ['#a33']);
  await page.context().clearCookies();

  await page.getByLabel('Sub-title', { exact: true }).fill('Typed after the session ended');
  await descriptions(page).first().fill('Red: typed after the session ended');
  const alert = page.getByRole('alert').filter({ hasText: 'You are signed out' });
  await expect(alert).toBeVisible();
  await expect(alert).toBeInViewport();
  await expectNoAxeViolations(page);
  // Deleting says why it did not happen, at the photo, and deletes nothing.
  await page.getByRole('button', { name: 'Delete photo 1' }).click();
  await page.getByRole('button', { name: 'Yes, delete' }).click();
  const atPhoto = page.locator('.photo-item').getByRole('alert');
  await expect(atPhoto).toContainText('You are signed out');
  await expect(atPhoto).toBeInViewport();
  await expect(descriptions(page)).toHaveCount(1);

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page).toHaveURL(/\/Admin\/login\?next=/);
  await expect(page.getByRole('status')).toContainText('You are signed out: your session ended.');
  await expectNoAxeViolations(page);
  await signIn(page);

  await expect(page).toHaveURL(new RegExp(`/Admin/events/${id}$`));
  await expect(page.locator('[data-photos-restored]')).toContainText('had not reached the server');
  await page.locator('[data-photos-restored]').scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('photos-restored.png') });
  await expect(page.getByLabel('Sub-title', { exact: true })).toHaveValue('Typed after the session ended');
  await expect(descriptions(page).first()).toHaveValue('Red: typed after the session ended');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Published' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Published');
  await expect(page.getByLabel('Sub-title', { exact: true })).toHaveValue('Typed after the session ended');
  await expect(descriptions(page).first()).toHaveValue('Red: typed after the session ended');
});

test('photos chosen as a, b, c are listed as a, b, c even when a finishes last', async ({ browser }) => {
  const page = await phonePage(browser);
  await draftWithPhotos(page, 'Order day', []);
  const stored = new Map<string, number>();
  await page.route('**/Admin/edit/events/*/photos', async (route) => {
    const body = route.request().postDataBuffer()?.toString('latin1') ?? '';
    const name = /filename="([^"]+)"/.exec(body)?.[1] ?? '';
    // a's upload takes longest: it finishes after b and c.
    if (name === 'a.jpg') await new Promise((resolve) => setTimeout(resolve, 1500));
    const answer = await route.fetch();
    stored.set(name, (await answer.json()).photo.id);
    await route.fulfill({ response: answer });
  });
  await choosePhotos(page, [
    await photoFile('a.jpg', '#a33'),
    await photoFile('b.jpg', '#3a3'),
    await photoFile('c.jpg', '#33a'),
  ]);
  await expect(page.getByText('3 of 3 uploaded.')).toBeVisible();
  await expect(descriptions(page)).toHaveCount(3);
  expect(await itemIds(page)).toEqual(['a.jpg', 'b.jpg', 'c.jpg'].map((name) => `photo-${stored.get(name)}`));
});

test('new uploads bring their progress into view, smoothly unless less motion is asked for', async ({ browser }) => {
  test.setTimeout(60_000);
  for (const reducedMotion of ['no-preference', 'reduce'] as const) {
    const context = await browser.newContext({
      baseURL: admin.server.url,
      storageState: admin.state,
      viewport: PHONE,
      reducedMotion,
    });
    const page = await context.newPage();
    // How each page asks to be scrolled to an element.
    await page.addInitScript(() => {
      const scrolls: (boolean | ScrollIntoViewOptions | undefined)[] = [];
      Object.assign(window, { scrolls });
      const original = Element.prototype.scrollIntoView;
      Element.prototype.scrollIntoView = function (options) {
        scrolls.push(options);
        original.call(this, options);
      };
    });
    await draftWithPhotos(page, `Motion: ${reducedMotion}`, ['#a33']);
    const behaviours = await page.evaluate(() =>
      (window as unknown as { scrolls: (boolean | ScrollIntoViewOptions | undefined)[] }).scrolls.map((options) =>
        typeof options === 'object' ? options.behavior : options,
      ),
    );
    expect(behaviours, reducedMotion).toEqual([reducedMotion === 'reduce' ? 'auto' : 'smooth']);
    await context.close();
  }
});

test('photos reorder by dragging and by keyboard, the new place announced and saved', async ({ browser }) => {
  test.setTimeout(60_000);
  const page = await phonePage(browser);
  await draftWithPhotos(page, 'Drag day', ['#a33', '#3a3', '#33a']);
  const [first, second, third] = await itemIds(page);

  await test.step('drag the second above the first with the pointer', async () => {
    // The first photo at the top of the screen, so that both are in view on a phone: at once, not smoothly (the
    // page scrolls smoothly, and the boxes below would be read half way).
    await page
      .locator(`#${first}`)
      .evaluate((item) => window.scrollBy({ top: item.getBoundingClientRect().top - 4, behavior: 'instant' }));
    const handle = await page.locator(`#${second} .photo-item__drag`).boundingBox();
    const target = await page.locator(`#${first}`).boundingBox();
    if (!handle || !target) throw new Error('The photos are not on the screen.');
    expect(handle.y + handle.height).toBeLessThan(PHONE.height);
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x + handle.width / 2, target.y + 8, { steps: 12 });
    await page.mouse.up();
    expect(await itemIds(page)).toEqual([second, first, third]);
    await expect(page.getByRole('status').filter({ hasText: 'moved to place 1 of 3' })).toHaveCount(1);
  });

  await test.step('move the last up by keyboard; focus stays, the place is announced', async () => {
    const moveUp = page.getByRole('group', { name: 'Photo 3 of 3' }).getByRole('button', { name: 'Move up' });
    await moveUp.focus();
    await page.keyboard.press('Enter');
    expect(await itemIds(page)).toEqual([second, third, first]);
    await expect(page.getByRole('status').filter({ hasText: 'Photo moved to place 2 of 3.' })).toHaveCount(1);
    await expect(
      page.getByRole('group', { name: 'Photo 2 of 3' }).getByRole('button', { name: 'Move up' }),
    ).toBeFocused();
  });

  await test.step('saved without pressing anything', async () => {
    await expect(page.getByText('All changes saved.')).toBeVisible();
    await page.reload();
    expect(await itemIds(page)).toEqual([second, third, first]);
  });
});

test('Unpublish asks first, and the buttons keep their places', async ({ browser }) => {
  const page = await phonePage(browser);
  const id = await draftWithPhotos(page, 'Unpublish day', []);
  const buttons = () => page.locator('.admin-form > .admin-actions button').allTextContents();
  expect(await buttons()).toEqual(['Save draft', 'Publish', 'Preview']);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Draft');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Published');
  expect(await buttons()).toEqual(['Unpublish', 'Publish', 'Preview']);

  await page.getByRole('button', { name: 'Unpublish' }).click();
  const question = page.getByRole('alert').filter({ hasText: 'Unpublish this event?' });
  await expect(question).toContainText('Visitors will no longer see it');
  await expect(question).toBeFocused();
  await expectNoAxeViolations(page);
  await page.goto('/Admin');
  await expect(page.getByRole('row').filter({ hasText: 'Unpublish day' })).toContainText('Published');

  await page.goto(`/Admin/events/${id}`);
  await page.getByRole('button', { name: 'Unpublish' }).click();
  await page.getByRole('button', { name: 'Yes, unpublish' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Unpublished' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Draft');
  expect((await page.request.get(`/Events/${id}`)).status()).toBe(404);
});

test("leaving with changes not saved asks first: the photos' not yet answered, then the form's", async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const page = await phonePage(browser);
  await draftWithPhotos(page, 'Leaving early', ['#a33']);
  const allEvents = page.getByRole('link', { name: '← All events' });
  /** Follows the link to all events; the question the page asks first, dismissed (the page stays). */
  const leaveAndStay = async () => {
    const asked = page.waitForEvent('dialog');
    const following = allEvents.click();
    const dialog = await asked;
    expect(dialog.type()).toBe('beforeunload');
    await dialog.dismiss();
    await following;
  };

  // The photos' autosave held unanswered: the description typed is not saved yet.
  let answer = () => {};
  const held = new Promise<void>((resolve) => (answer = resolve));
  await page.route(
    (url) => url.searchParams.get('_action') === 'admin.events.arrange',
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await descriptions(page).nth(0).fill('Typed, not saved yet');
  await leaveAndStay();
  await expect(descriptions(page).nth(0)).toHaveValue('Typed, not saved yet');

  answer();
  await expect(page.getByText('All changes saved.')).toBeVisible();
  await page.getByLabel('Sub-title', { exact: true }).fill('A field not saved');
  await leaveAndStay();
  await expect(page.getByLabel('Sub-title', { exact: true })).toHaveValue('A field not saved');
});

test('an event published from the admin is on /monthly-activities as it first opens, and See it on the site finds it', async ({
  browser,
}) => {
  const page = await phonePage(browser);
  const year = new Date().getFullYear();
  await draftWithPhotos(page, 'Airway workshop', [], `${year}-02-14`);
  await expect(page.getByText('Saved as: Tamil Nadu - Madurai Branch - Airway workshop')).toBeVisible();
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Published' })).toBeVisible();
  await expectNoAxeViolations(page);

  const visitor = await (await browser.newContext({ baseURL: admin.server.url, viewport: PHONE })).newPage();
  await visitor.goto('/monthly-activities');
  await expect(
    visitor.locator('.event-card').filter({ hasText: 'Tamil Nadu - Madurai Branch - Airway workshop' }),
  ).toBeVisible();

  await page.getByRole('link', { name: 'See it on the site' }).click();
  await expect(page).toHaveURL(new RegExp(`/monthly-activities\\?place=Madurai&year=${year}$`));
  await expect(page.locator('.event-card').filter({ hasText: 'Airway workshop' })).toBeVisible();
});

test('the smaller things: focus on the first error, a warning before publishing photos without descriptions, Retry', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const page = await phonePage(browser);

  await test.step('a failed save puts focus on the first field to correct', async () => {
    await page.goto('/Admin/events/new');
    await page.getByLabel('Sub-title', { exact: true }).fill('No title yet');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByLabel('Title', { exact: true })).toBeFocused();
    await expect(page.getByText('Choose a real date for the event in the Date field.')).toBeVisible();
    await expectNoAxeViolations(page);
  });

  const id = await draftWithPhotos(page, 'Small things day', []);

  await test.step('an upload whose connection failed can be sent again with Retry', async () => {
    let calls = 0;
    await page.route('**/Admin/edit/events/*/photos', async (route) => {
      calls += 1;
      if (calls === 1) await route.abort('connectionreset');
      else await route.continue();
    });
    await choosePhotos(page, [await photoFile('dropped.jpg', '#a33')]);
    await expect(page.locator('.photo-upload')).toContainText('The connection failed.');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Retry dropped.jpg' }).click();
    await expect(page.getByText('1 of 1 uploaded.')).toBeVisible();
    await expect(descriptions(page)).toHaveCount(1);
  });

  await test.step('Publish with a photo without a description warns once, then publishes', async () => {
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const warning = page.getByRole('alert').filter({ hasText: 'no description' });
    await expect(warning).toBeFocused();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Draft');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Published' })).toBeVisible();
    expect((await page.request.get(`/Events/${id}`)).status()).toBe(200);
  });

  await test.step('the public page shows the title, sub-title and date, as Preview does', async () => {
    await page.goto(`/Events/${id}`);
    const summary = page.locator('.event-summary');
    await expect(summary).toContainText('Tamil Nadu - Madurai Branch - Small things day');
    await expect(summary.locator('time[datetime="2024-06-01"]')).toHaveText('1 June 2024');
  });
});
