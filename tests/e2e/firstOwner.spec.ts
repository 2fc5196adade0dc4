/**
 * A new office's first day, at a phone's width, on one server: the site started on an empty store prints
 * a setup link; /Admin only says where to find it; the link's page makes the owner (name, e-mail,
 * password), who signs in; its form posted to another page makes nobody. Then years of events (2,000) in the admin's list: search, filters and pages,
 * all in the address (a GET form); and the System page, whose lines say in words what needs action.
 * Checked with axe on each page.
 */
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { expect, test } from '@playwright/test';
import { seedEvents } from '../unit/events/manyEvents.ts';
import { expectNoAxeViolations } from './axe.ts';
import { printed, startOwnServer } from './ownServer.ts';

test('an empty store: the setup link makes the first owner; 2,000 events found in three taps; the System page says what to do', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const server = await startOwnServer({ EVENTS_SAMPLE_DATA: 'off' });
  try {
    await printed(server.process, server.output, /setup link[^\n]*: http\S+/);
    const link = /setup link[^\n]*: (http\S+)/.exec(server.output.join(''))?.[1] ?? '';
    expect(link).toContain('/Admin/setup?token=');

    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto('/Admin');
    // In plain words; where the maintainer finds the link is folded away for them.
    await expect(page.getByRole('status')).toContainText('ask the person who looks after the server for it');
    await page.getByText('Details for the maintainer').click();
    await expect(page.getByRole('status')).toContainText('docker compose logs site');
    await expect(page.getByLabel('Password')).toHaveCount(0);
    await expect(page.locator('main')).not.toContainText('/Admin/setup');

    // The setup's form posted to another signed-out page does nothing there (src/actions/entry.ts): no owner is
    // made, and the link still works on its own page.
    for (const other of ['/Admin/login', '/Admin/forgot']) {
      await page.goto(link);
      await page.getByLabel('User name').fill('intruder');
      await page.getByLabel('E-mail address').fill('intruder@example.org');
      await page.getByLabel('Password', { exact: true }).fill('a long intruder password');
      await page.getByLabel('The same password again').fill('a long intruder password');
      await page
        .locator('form.admin-form')
        .evaluate((form, to) => form.setAttribute('action', to), `${other}?_action=adminEntry.setup`);
      const answer = page.waitForResponse((response) => response.request().method() === 'POST');
      await page.getByRole('button', { name: 'Make the owner' }).click();
      expect((await answer).status(), other).toBe(404);
    }
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

    // Twenty years of events: found in three taps (a search, or a year and a place).
    const store = new DatabaseSync(path.join(server.dataDir, 'site.sqlite'));
    seedEvents(store);
    store.close();
    await page.goto('/Admin');
    const summary = page.locator('main p[role="status"]');
    await expect(summary).toHaveText('Events 1 to 50 of 2000, newest first (page 1 of 40).');
    await expect(page.locator('main tbody tr')).toHaveCount(50);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Older events' }).click();
    await expect(page).toHaveURL(/\/Admin\?page=2$/);
    await expect(summary).toHaveText('Events 51 to 100 of 2000, newest first (page 2 of 40).');
    await page.getByLabel('Year', { exact: true }).selectOption('2016');
    await page.getByLabel('Place', { exact: true }).selectOption('Madurai');
    await page.getByLabel('State', { exact: true }).selectOption('draft');
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page).toHaveURL(/\/Admin\?q=&year=2016&place=Madurai&state=draft$/);
    await expect(summary).toHaveText(/^Events 1 to \d+ of \d+, newest first\.$/);
    for (const row of await page.locator('main tbody tr').all()) {
      await expect(row).toContainText('Madurai');
      await expect(row).toContainText(/\d{2}\/\d{2}\/2016/); // dd/mm/yyyy, as dates are written in India
      await expect(row).toContainText('Draft');
    }
    await page.getByRole('link', { name: 'Show every event' }).click();
    await page.getByLabel('Search title or place').fill('Meeting 1999');
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(summary).toHaveText('Events 1 to 1 of 1, newest first.');
    await expect(page.getByRole('link', { name: 'Tamil Nadu - Chennai Branch - Meeting 1999' })).toBeVisible();

    // What needs action is at the top of /Admin (no BACKUP_DIR here); the System page says it line by line.
    const needs = page.getByRole('region', { name: 'Needs action' });
    await expect(needs).toContainText('Backups (since');
    await needs.getByRole('link', { name: 'See the System page' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('System');
    await expect(page.getByRole('heading', { name: 'Backups: Needs action' })).toBeVisible();
    const backups = page.locator('.system-line').filter({ has: page.getByRole('heading', { name: /^Backups:/ }) });
    await expect(backups).toContainText('No backups are made: the events, photos, messages and accounts are nowhere');
    await expect(backups).toContainText('What to do: Ask the person who looks after the server to switch backups on.');
    await expect(backups.getByText('BACKUP_DIR is not set')).toBeHidden();
    await backups.getByText('Details for the maintainer').click();
    await expect(backups.getByText(/^BACKUP_DIR is not set: set it to a folder outside DATA_DIR/)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('system-page.png'), fullPage: true });
    await expect(page.getByRole('heading', { name: 'Mail: Worth a look' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Store: Fine' })).toBeVisible();
    await expect(page.getByText(/2000 events, 0 photos, 0 contact messages/)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Send a test mail' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Mail is not set up here, so no test mail can be sent: ask the person who looks after the server to set it up.',
    );
    await context.close();
  } finally {
    server.kill();
  }
});
