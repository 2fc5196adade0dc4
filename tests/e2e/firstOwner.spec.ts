/**
 * The first owner from the browser: a site started on an empty store prints a setup link; /Admin only
 * says where to find it; the link's page makes the owner (name, e-mail, password), who then signs in.
 * The link works once. Checked with axe at a phone's width.
 */
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { printed, startOwnServer } from './ownServer.ts';

test('an empty store: the setup link from the server log makes the first owner, who signs in', async ({ browser }) => {
  test.setTimeout(90_000);
  const server = await startOwnServer({ EVENTS_SAMPLE_DATA: 'off' });
  try {
    await printed(server.process, server.output, /setup link[^\n]*: http\S+/);
    const link = /setup link[^\n]*: (http\S+)/.exec(server.output.join(''))?.[1] ?? '';
    expect(link).toContain('/Admin/setup?token=');

    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto('/Admin');
    await expect(page.getByRole('status')).toContainText('docker compose logs site');
    await expect(page.getByLabel('Password')).toHaveCount(0);
    await expect(page.locator('main')).not.toContainText('/Admin/setup');

    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Make the first owner');
    await expectNoAxeViolations(page);
    await page.getByLabel('User name').fill('asha');
    await page.getByLabel('E-mail address').fill('asha@example.org');
    await page.getByLabel('Password', { exact: true }).fill('a long first owner password');
    await page.getByLabel('The same password again').fill('another long password');
    await page.getByRole('button', { name: 'Make the owner' }).click();
    await expect(page.getByRole('alert')).toContainText('The two passwords differ');
    await page.getByLabel('Password', { exact: true }).fill('a long first owner password');
    await page.getByLabel('The same password again').fill('a long first owner password');
    await page.getByRole('button', { name: 'Make the owner' }).click();
    await expect(page.getByRole('status')).toContainText("asha is the site's first owner");

    await page.goto(link);
    await expect(page.getByRole('alert')).toContainText('already been used');

    await page.goto('/Admin/login');
    await page.getByLabel('Username').fill('asha');
    await page.getByLabel('Password').fill('a long first owner password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Events');
    await context.close();
  } finally {
    server.kill();
  }
});
