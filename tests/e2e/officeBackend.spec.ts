/**
 * The office's console where events come from the society's backend (EVENTS_API_URL): the third
 * server of playwright.config.ts, reading events from the fake backend. Accounts made with
 * `npm run admin` sign in, the visitors' messages are read, staff are managed; event editing is
 * not offered and its addresses answer 404 saying where events are edited. axe on the pages that
 * differ in this mode, at phone and laptop widths.
 */
import { expect, test } from '@playwright/test';
import { MIN_FILL_MS, REMOTE_DATA_DIR, REMOTE_URL } from '../../playwright.config.ts';
import { addUser, signIn } from './adminServer.ts';
import { expectNoAxeViolations } from './axe.ts';
import { sendMessage } from './contactMessages.ts';

const OWNER = 'backend.owner';
const PASSWORD = 'the backend owner password';
/** A visitor slower than the remote server's minimum fill time reaches the inbox. */
const VISITOR_WAIT_MS = MIN_FILL_MS + 500;

test('with events from the backend, the office signs in, reads a visitor’s message and is offered no event editing', async ({
  browser,
  page,
}) => {
  test.setTimeout(60_000);
  addUser(REMOTE_DATA_DIR, OWNER, PASSWORD, 'owner', { EVENTS_API_URL: `${REMOTE_URL}/Admin/api` });
  await sendMessage(page, REMOTE_URL, 'Dr. Backend Visitor', VISITOR_WAIT_MS);

  const office = await (await browser.newContext({ baseURL: REMOTE_URL })).newPage();
  await office.goto('/Admin');
  await expect(office).toHaveURL(/\/Admin\/login$/);
  await expect(office.getByText("Sign in to read the visitors' messages")).toBeVisible();
  await signIn(office, OWNER, PASSWORD);
  await expect(office.getByRole('heading', { level: 1 })).toHaveText('Office');
  await expect(office.getByRole('main')).toContainText(
    'Events and their photos are added and changed there, not here.',
  );
  await expect(office.getByRole('banner')).toContainText("Events are edited on the society's events server");
  const nav = office.getByRole('navigation', { name: 'Admin' });
  await expect(nav.getByRole('link')).toHaveText([
    /^Home$/,
    /^Messages/,
    'Staff',
    'System',
    'Site pages',
    'Your account',
    'Audit log',
  ]);
  await expect(office.locator('a[href^="/Admin/events"]')).toHaveCount(0);
  await expect(office.getByRole('link', { name: 'New event' })).toHaveCount(0);

  await nav.getByRole('link', { name: /Messages/ }).click();
  await office.getByRole('searchbox').fill('Dr. Backend Visitor');
  await office.getByRole('searchbox').press('Enter');
  await office.getByRole('link', { name: 'Please send the CME schedule.' }).click();
  await expect(office.getByRole('heading', { level: 1 })).toHaveText('Message from Dr. Backend Visitor');
  await expect(office.locator('.admin-message-text')).toHaveText('Please send the CME schedule.\n<b>Not bold</b>');

  await nav.getByRole('link', { name: 'Staff' }).click();
  await expect(office.getByRole('cell', { name: OWNER, exact: true })).toBeVisible();

  for (const path of ['/Admin/events/new', '/Admin/events/501']) {
    const answer = await office.goto(path);
    expect(answer?.status()).toBe(404);
    await expect(office.locator('body')).toContainText("Events come from the society's events server");
  }

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await office.setViewportSize(viewport);
    for (const path of ['/Admin', '/Admin/messages']) {
      await office.goto(path);
      await expectNoAxeViolations(office);
    }
    await page.setViewportSize(viewport);
    await page.goto(`${REMOTE_URL}/Admin/login`);
    await expectNoAxeViolations(page);
  }
});
