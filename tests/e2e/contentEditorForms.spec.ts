/**
 * The content editor's forms in local mode, under `astro dev` in a scratch copy of the project
 * (never the repository's own content/): an office assistant changes a branch president's name and
 * photo and adds a 2026 webinar for the home page through the forms; the files stay what the site
 * reads (the check passes, the build shows the webinar on the home page); the form refuses a sixth
 * bearer.
 */
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'yaml';
import sharp from 'sharp';
import { startScratchProject, type ScratchProject } from './scratchProject.ts';

// No trace: closing the context of a traced Keystatic page under `astro dev` once hung for the
// whole test time limit (two minutes) after the test had passed; a screenshot shows a failure.
test.use({ actionTimeout: 20_000, trace: 'off', screenshot: 'only-on-failure' });

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

  /** A photo as a phone takes it: large, landscape. */
  const phonePhoto = async (): Promise<Buffer> =>
    sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#3a6ea5' } })
      .jpeg()
      .toBuffer();

  async function choosePhoto(page: Page, dialog: ReturnType<Page['getByRole']>, label: string) {
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('group', { name: label }).getByRole('button', { name: 'Choose file' }).click();
    await (await chooser).setFiles({ name: 'IMG_20260114.jpg', mimeType: 'image/jpeg', buffer: await phonePhoto() });
  }

  /** Opens a form (after the warm-up, in seconds). */
  async function open(page: Page, path: string, timeout = 30_000) {
    await page.goto(`${project.url}${path}`, { timeout });
    await expect(page.getByRole('button', { name: 'Save' })).toBeVisible({ timeout });
  }

  /** Saves the form, and waits until the file holds `expected`. */
  async function save(page: Page, file: string, expected: string) {
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => project.read(file), { timeout: 30_000 }).toContain(expected);
  }

  test("changes a branch president's name and photo", async ({ page }) => {
    await open(page, '/keystatic/collection/branches/item/salem');
    await page.getByText('President: Dr. Dummy Ganesh').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Dr. Example Anitha');
    await choosePhoto(page, dialog, 'Photo');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await save(page, 'content/branches/salem.yaml', 'Dr. Example Anitha');

    const salem = parse(project.read('content/branches/salem.yaml')) as {
      city: string;
      bearers: { name: string; image: string }[];
    };
    expect(salem.city).toBe('Salem');
    expect(salem.bearers[0]?.name).toBe('Dr. Example Anitha');
    expect(salem.bearers[0]?.image).toMatch(/^\.\.\/photos\/bearers\/branches\/salem\/.+\.jpg$/);
    expect(salem.bearers[1]?.image).toMatch(/^\.\.\/photos\/bearers\/branches\/salem\//);
    const check = project.run('check-content.ts');
    expect(check.output).toContain('Content is correct');
    expect(check.status).toBe(0);
  });

  test('refuses a sixth bearer', async ({ page }) => {
    await open(page, '/keystatic/collection/branches/item/salem');
    for (const name of ['Dr. Fifth Bearer', 'Dr. Sixth Bearer']) {
      await page.getByRole('button', { name: 'Add' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Name').fill(name);
      await dialog.getByLabel('Position').fill('Member');
      await choosePhoto(page, dialog, 'Photo');
      await dialog.getByLabel('Phone').fill('+91 00000 10299');
      await dialog.getByRole('button', { name: 'Add' }).click();
      await expect(dialog).toBeHidden();
    }
    const before = project.read('content/branches/salem.yaml');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Must have at most 5 items.')).toBeVisible();
    await expect(page.getByText('Unsaved')).toBeVisible();
    expect(project.read('content/branches/salem.yaml')).toBe(before);
  });

  test('adds a 2026 webinar for the home page with a date from the picker', async ({ page }) => {
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
    const check = project.run('check-content.ts');
    expect(check.output).toContain('Content is correct');
    expect(check.status).toBe(0);

    const build = project.build();
    expect(build.status, build.output.slice(-2000)).toBe(0);
    const home = project.read('dist/client/index.html');
    expect(home).toContain('Spinal anaesthesia 2026');
    expect(home).toContain('16 - January - 2026');
  });
});
