/**
 * The content editor's forms in local mode, under `astro dev` in a scratch copy of the project
 * (never the repository's own content/): an office assistant changes a branch president's name and
 * gives a photo straight from a phone (the other photos keep their names, the save says "Saved");
 * a wrong e-mail is named where they look and nothing is saved; a bearer without a photo is added,
 * a sixth refused; a fifth home webinar cannot be saved, and on a phone the message saying so leaves
 * the list within reach; a 2026 webinar for the home page is added. The one build then fits the
 * phone photo (and says so), the check passes, and the home page shows the webinar under a heading
 * of its year.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'yaml';
import sharp from 'sharp';
import { startScratchProject, type ScratchProject } from './scratchProject.ts';
import { phonePhoto } from '../phonePhoto.ts';

// No trace (the 'editor' project of playwright.config.ts): closing the context of a traced Keystatic
// page under `astro dev` once hung for the whole test time limit (two minutes) after the test had passed.
test.use({ actionTimeout: 20_000 });

/**
 * `astro dev` in a scratch copy, on a port free at the time. Its first page waits while Vite
 * prepares Keystatic's packages (about 20 s here, more on a loaded machine); the warm-up in
 * beforeAll takes that wait, with a time limit of its own, so that each test's limit measures the
 * forms alone. A failed test's retry starts a new copy: stop() has killed the old server's group.
 */
test.describe('the forms, in local mode', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  let project: ScratchProject;

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(300_000);
    project = await startScratchProject();
    const page = await browser.newPage();
    await open(page, '/keystatic/singleton/webinars', 240_000);
    await page.close();
  });
  test.afterAll(async () => {
    await project?.stop();
  });

  /**
   * A photo as a phone takes it: 4000 × 3000 pixels of detail (over 2 MB), stored sideways with the
   * EXIF tag that turns it upright, and camera metadata.
   */
  const takenByPhone = () => phonePhoto({ orientation: 6, exif: { IFD0: { Make: 'Phone' } } });
  /** A small picture, for entries whose photo is not the point of the test. */
  const smallPhoto = async (): Promise<Buffer> =>
    sharp({ create: { width: 1600, height: 900, channels: 3, background: '#3a6ea5' } })
      .jpeg()
      .toBuffer();

  async function choosePhoto(page: Page, dialog: ReturnType<Page['getByRole']>, label: string, phone = false) {
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('group', { name: label }).getByRole('button', { name: 'Choose file' }).click();
    const buffer = phone ? await takenByPhone() : await smallPhoto();
    await (await chooser).setFiles({ name: 'IMG_20260114.jpg', mimeType: 'image/jpeg', buffer });
  }

  /** The photo paths a YAML file names, in order. */
  const photosOf = (file: string) =>
    [...project.read(file).matchAll(/^\s*-?\s*image: (.+)$/gm)].map((match) => match[1]);

  /** Opens a form (after the warm-up, in seconds). */
  async function open(page: Page, path: string, timeout = 30_000) {
    await page.goto(`${project.url}${path}`, { timeout });
    await expect(page.getByRole('button', { name: 'Save' })).toBeVisible({ timeout });
  }

  /** Saves the form, waits until the file holds `expected`, and sees the save say so. */
  async function save(page: Page, file: string, expected: string) {
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => project.read(file), { timeout: 30_000 }).toContain(expected);
    await expect(page.locator('[data-save-result="saved"]')).toHaveText('Saved');
  }

  /** Saves a form the checks stop: the message names `fix`, and the file is unchanged. */
  async function refusedSave(page: Page, file: string, fix: string | RegExp) {
    const before = project.read(file);
    await page.getByRole('button', { name: 'Save' }).click();
    const message = page.locator('[data-save-result="invalid"]');
    await expect(message).toContainText('Not saved. Fix this first:');
    await expect(message).toContainText(fix);
    await expect(page.getByText('Unsaved')).toBeVisible();
    expect(project.read(file)).toBe(before);
  }

  test("changes a branch president's name and gives a phone photo; the other photos keep their names", async ({
    page,
  }) => {
    const photosBefore = photosOf('content/branches/salem.yaml');
    const textBefore = project.read('content/branches/salem.yaml');
    // The list names the branches by their cities, not by their file names.
    await page.goto(`${project.url}/keystatic/collection/branches`, { timeout: 30_000 });
    const list = page.getByRole('grid');
    await expect(list.getByRole('rowheader', { name: 'Krishnagiri/Hosur' })).toBeVisible({ timeout: 30_000 });
    await expect(list.getByText('krishnagiri-hosur')).toHaveCount(0);
    await list.getByRole('rowheader', { name: 'Salem', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Save' })).toBeVisible({ timeout: 30_000 });
    // The form asks for the city, never for a file name, and its breadcrumb names the city too.
    await expect(page.getByLabel('City')).toHaveValue('Salem');
    await expect(page.getByRole('textbox', { name: /slug|file name/i })).toHaveCount(0);
    await expect(page.getByRole('navigation').getByText('Salem', { exact: true })).toBeVisible();
    await expect(page.getByText('salem', { exact: true })).toHaveCount(0);
    await page.getByText('President: Dr. Dummy Ganesh').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Dr. Example Anitha');
    await choosePhoto(page, dialog, 'Photo', true);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await save(page, 'content/branches/salem.yaml', 'Dr. Example Anitha');

    const salem = parse(project.read('content/branches/salem.yaml')) as {
      city: string;
      bearers: { name: string; image: string }[];
    };
    expect(salem.city).toBe('Salem');
    expect(salem.bearers[0]?.name).toBe('Dr. Example Anitha');
    expect(salem.bearers[0]?.image).toMatch(/^\.\.\/photos\/bearers\/branches\/salem\/img-20260114-[a-z0-9]+\.jpg$/);
    expect(photosOf('content/branches/salem.yaml').slice(1)).toEqual(photosBefore.slice(1));
    // Only the president's two lines changed (the file is kept as the forms write it).
    const after = project.read('content/branches/salem.yaml').split('\n');
    const changed = textBefore.split('\n').flatMap((line, index) => (after[index] === line ? [] : [after[index]]));
    expect(changed).toEqual([`  - name: ${salem.bearers[0]?.name}`, `    image: ${salem.bearers[0]?.image}`]);
  });

  test('names a wrong e-mail where the person looks, and saves nothing', async ({ page }) => {
    await open(page, '/keystatic/collection/branches/item/salem');
    await page.getByText(/^Secretary: /).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('E-mail', { exact: true }).fill('kavitha@gmail');
    await dialog.getByRole('button', { name: 'Done' }).click();
    // Done keeps the dialog open over the mistake, with the field's message shown.
    await expect(dialog.getByText('Write an e-mail address, for example secretary@example.org')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await refusedSave(
      page,
      'content/branches/salem.yaml',
      'Bearers (3 to 5) › item 3 › E-mail: Write an e-mail address, for example secretary@example.org',
    );
  });

  test('adds a bearer without a photo, and refuses a sixth', async ({ page }) => {
    await open(page, '/keystatic/collection/branches/item/salem');
    const add = async (name: string) => {
      await page.getByRole('button', { name: 'Add' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Name').fill(name);
      await dialog.getByLabel('Position').fill('Member');
      await dialog.getByLabel('Phone').fill('+91 00000 10299');
      await dialog.getByRole('button', { name: 'Add' }).click();
      await expect(dialog).toBeHidden();
    };
    await add('Dr. Fifth Bearer');
    await save(page, 'content/branches/salem.yaml', 'Dr. Fifth Bearer');
    const salem = parse(project.read('content/branches/salem.yaml')) as { bearers: Record<string, unknown>[] };
    expect(salem.bearers.at(-1)).toEqual({ name: 'Dr. Fifth Bearer', position: 'Member', phone: '+91 00000 10299' });

    await add('Dr. Sixth Bearer');
    const before = project.read('content/branches/salem.yaml');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Must have at most 5 items.')).toBeVisible();
    await expect(page.getByText('Unsaved')).toBeVisible();
    expect(project.read('content/branches/salem.yaml')).toBe(before);
  });

  test('cannot save a fifth webinar on the home page, and the list marks the four', async ({ page }) => {
    await open(page, '/keystatic/singleton/webinars');
    await expect(page.getByText(/^On the home page · /)).toHaveCount(4);
    await page.getByText('The paediatric airway: simple steps and safe hands').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(/^On the home page · /)).toHaveCount(5);
    await refusedSave(page, 'content/webinars.yaml', /The home page shows exactly 4 webinars, and 5 are ticked/);
  });

  test('on a phone, the "Not saved" message leaves every item of the list, Add and Save within reach', async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await open(page, '/keystatic/singleton/webinars');
    await page.getByText('The paediatric airway: simple steps and safe hands').tap();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: 'Done' }).tap();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Save' }).tap();
    const message = page.locator('[data-save-result="invalid"]');
    await expect(message).toContainText('Not saved. Fix this first:');
    // Each of them can be brought clear of the message and tapped (a trial tap: the checks alone).
    const rows = page.getByRole('grid').getByRole('row');
    expect(await rows.count()).toBeGreaterThan(12);
    for (const row of await rows.all()) await row.getByRole('gridcell').tap({ trial: true });
    await rows.last().getByRole('button').last().tap({ trial: true });
    for (const name of ['Add', 'Save']) await page.getByRole('button', { name, exact: true }).tap({ trial: true });
    await page.screenshot({ path: test.info().outputPath('not-saved-on-a-phone.png') });
    // And a real tap on the last item opens it, the message still there.
    await rows.last().getByRole('gridcell').tap();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(message).toBeVisible();
    await context.close();
  });

  test('adds a 2026 webinar for the home page; the build fits the phone photo and the heading follows', async ({
    page,
  }) => {
    const picturesBefore = photosOf('content/webinars.yaml');
    const textBefore = project.read('content/webinars.yaml');
    await open(page, '/keystatic/singleton/webinars');
    // The home page shows four: the first webinar makes way for the new one.
    await page.getByText('Exam cases for the final practical examination').click();
    let dialog = page.getByRole('dialog');
    await dialog.getByRole('checkbox').uncheck();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Add' }).click();
    dialog = page.getByRole('dialog');
    await choosePhoto(page, dialog, 'Picture');
    await dialog.getByLabel('Date').fill('2026-01-16');
    await dialog.getByLabel('Host').fill('Hosted by Theni branch');
    await dialog.getByLabel('Short title for the home page card').fill('Spinal anaesthesia 2026');
    await dialog.getByRole('textbox', { name: /^Title/ }).fill('Spinal anaesthesia: a refresher for 2026');
    await dialog.getByLabel('Video address').fill('https://www.youtube.com/watch?v=SampleWeb23');
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: 'Add' }).click();
    await save(page, 'content/webinars.yaml', 'SampleWeb23');

    const { webinars } = parse(project.read('content/webinars.yaml')) as {
      webinars: Record<string, unknown>[];
    };
    const added = webinars.find((webinar) => webinar['videoUrl'] === 'https://www.youtube.com/watch?v=SampleWeb23');
    // Nothing to invent: the form asks for no number, and the file holds none.
    expect(Object.keys(added ?? {}).sort()).toEqual(
      ['date', 'host', 'image', 'shortTitle', 'showOnHome', 'title', 'videoUrl'].sort(),
    );
    expect(added).toMatchObject({ date: '2026-01-16', showOnHome: true });
    expect(added?.['image']).toMatch(/^\.\/photos\/webinars\/.+\.jpg$/);
    expect(webinars.filter((webinar) => webinar['showOnHome'] === true)).toHaveLength(4);
    // One webinar more, and not one picture renamed.
    expect(photosOf('content/webinars.yaml').filter((picture) => picture !== added?.['image'])).toEqual(picturesBefore);
    // The reviewer sees only what changed (the file is kept as the forms write it): the box of the
    // webinar that made way, and the new webinar's lines at the end of the list.
    const linesBefore = textBefore.split('\n');
    const linesAfter = project.read('content/webinars.yaml').split('\n');
    const kept = linesAfter.slice(0, linesBefore.length - 1);
    const changed = kept.flatMap((line, index) => (line === linesBefore[index] ? [] : [[linesBefore[index], line]]));
    expect(changed).toEqual([['    showOnHome: true', '    showOnHome: false']]);
    expect(linesAfter.slice(linesBefore.length - 1)).toEqual([
      `  - image: ${String(added?.['image'])}`,
      '    date: 2026-01-16',
      '    host: Hosted by Theni branch',
      '    shortTitle: Spinal anaesthesia 2026',
      "    title: 'Spinal anaesthesia: a refresher for 2026'",
      '    videoUrl: https://www.youtube.com/watch?v=SampleWeb23',
      '    showOnHome: true',
      '',
    ]);

    // The build fits the phone photo of the first test, and says so, rather than failing.
    const build = project.build();
    expect(build.status, build.output.slice(-2000)).toBe(0);
    expect(build.output).toMatch(
      /Fitted content\/photos\/bearers\/branches\/salem\/img-20260114-[a-z0-9]+\.jpg: 4000 × 3000/,
    );
    const image = (parse(project.read('content/branches/salem.yaml')) as { bearers: { image: string }[] }).bearers[0]
      ?.image;
    const fitted = await sharp(readFileSync(path.join(project.dir, 'content/branches', image ?? ''))).metadata();
    expect([fitted.width, fitted.height, fitted.orientation, fitted.exif]).toEqual([1200, 1600, undefined, undefined]);
    const check = project.run('check-content.ts');
    expect(check.output).toContain('Content is correct');
    expect(check.status).toBe(0);

    const home = project.read('dist/client/index.html');
    expect(home).toContain('Spinal anaesthesia 2026');
    expect(home).toContain('16 - January - 2026');
    expect(home).toMatch(/<h2[^>]*>ISA TN Monthly Webinar 2026<\/h2>/);
  });
});
