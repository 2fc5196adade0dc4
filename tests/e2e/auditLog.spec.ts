/**
 * The audit log's page: 310 page loads do not push a deletion out of sight, the filters
 * (who, what, when) find a row, and Older rows / Newer rows reach every row.
 */
import { expect, test } from '@playwright/test';
import { ADMIN_USER, signIn, startAdminServer } from './adminServer.ts';
import type { OwnServer } from './ownServer.ts';

let server: OwnServer;

test.beforeAll(async () => {
  server = await startAdminServer();
});

test.afterAll(() => server?.kill());

test('a deletion stays in sight after 310 page loads, the filters find it, and the pages reach every row', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await page.goto('/Admin/login');
  await signIn(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Events');
  await page.goto('/Admin/events/1/delete');
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The event was deleted.' })).toBeVisible();

  for (let load = 0; load < 310; load += 1) expect((await page.request.get('/Admin/messages')).status()).toBe(200);
  await page.goto('/Admin/audit');
  const rows = page.getByRole('table', { name: 'Changes, newest first' }).getByRole('row');
  await expect(rows.nth(1)).toContainText('event deleted');
  await expect(page.getByRole('status')).toHaveText('Rows 1 to 3 of 3.');

  // The account made with npm run admin, its sign-in, the deletion; then 105 drafts more: the deletion moves to the second page, which Older rows reaches.
  const html = await (await page.request.get('/Admin/events/new')).text();
  const token = /name="csrf_token" value="([^"]+)"/.exec(html)?.[1] ?? '';
  for (let draft = 1; draft <= 105; draft += 1) {
    const made = await page.request.post('/Admin/events/new?_action=admin.events.save', {
      form: {
        title: `Draft ${draft}`,
        sub_title: '',
        date: '2024-01-01',
        place: 'Salem',
        action: 'draft',
        csrf_token: token,
      },
      headers: { Origin: server.url },
      maxRedirects: 0,
    });
    expect(made.status()).toBe(303);
  }
  await page.goto('/Admin/audit');
  await expect(page.getByRole('status')).toHaveText('Rows 1 to 100 of 108.');
  await page.getByRole('link', { name: 'Older rows' }).click();
  await expect(page.getByRole('status')).toHaveText('Rows 101 to 108 of 108.');
  await expect(rows.filter({ hasText: 'event deleted' })).toHaveCount(1);
  await expect(rows.last()).toContainText('user added'); // by npm run admin, before anything else
  await page.getByRole('link', { name: 'Newer rows' }).click();
  await expect(page.getByRole('status')).toHaveText('Rows 1 to 100 of 108.');

  await page.getByLabel('What').selectOption('event-deleted');
  await page.getByLabel('Who').selectOption(ADMIN_USER);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
  await page.getByLabel('From (day)').fill(today);
  await page.getByLabel('To (day)').fill(today);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByRole('status')).toHaveText('Rows 1 to 1 of 1.');
  await expect(rows.nth(1)).toContainText('event deleted');
  await page.getByLabel('From (day)').fill('2000-01-01');
  await page.getByLabel('To (day)').fill('2000-01-31');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByRole('status')).toHaveText('No rows here.');
  await context.close();
});
