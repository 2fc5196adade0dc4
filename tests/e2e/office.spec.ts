/**
 * The office's console in /Admin: messages read, handled and exported by an editor; a
 * message sent a second after the page opened is findable; an owner invites a colleague; an
 * editor cannot reach Staff; Sign out everywhere; axe on every new page at phone and laptop widths.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Browser } from '@playwright/test';
import { CONTACT_FIELDS } from '../../src/lib/contactForm.ts';
import { labelOf } from '../../src/server/contact/messageFields.ts';
import { ADMIN_PASSWORD, ADMIN_USER, addUser, signIn, startAdminServer } from './adminServer.ts';
import { expectNoAxeViolations } from './axe.ts';
import { sendMessage } from './contactMessages.ts';
import type { OwnServer } from './ownServer.ts';

const EDITOR = 'editor.one';
const EDITOR_PASSWORD = 'the editor password';

async function signedInPage(browser: Browser, server: OwnServer, user = ADMIN_USER, password = ADMIN_PASSWORD) {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await page.goto('/Admin/login');
  await signIn(page, user, password);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Events');
  return page;
}

test('an editor reads a visitor’s message, marks it handled and exports it', async ({ browser, page }) => {
  test.setTimeout(90_000);
  const server = await startAdminServer({ CONTACT_MIN_FILL_SECONDS: '0' });
  try {
    addUser(server.dataDir, EDITOR, EDITOR_PASSWORD, 'editor');
    await sendMessage(page, server.url, 'Dr. Visitor Read', 0);
    const office = await signedInPage(browser, server, EDITOR, EDITOR_PASSWORD);
    const nav = office.getByRole('navigation', { name: 'Admin' });
    await expect(nav.getByRole('link', { name: 'Messages 1 unread' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Staff' })).toHaveCount(0);
    await nav.getByRole('link', { name: /Messages/ }).click();
    await expect(office.locator('tr.admin-unread')).toHaveCount(1);
    await office.getByRole('link', { name: 'Please send the CME schedule.' }).click();
    await expect(office.getByRole('heading', { level: 1 })).toHaveText('Message from Dr. Visitor Read');
    await expect(office.locator('.admin-message-text')).toHaveText('Please send the CME schedule.\n<b>Not bold</b>');
    await expect(office.locator('.admin-message-text b')).toHaveCount(0);
    await expect(office.getByRole('link', { name: 'Reply by e-mail' })).toHaveAttribute(
      'href',
      /^mailto:visitor@example\.org\?subject=Re%3A.*&body=Dear%20Dr\.%20Visitor%20Read%2C.*%3E%20Please%20send%20the%20CME%20schedule\./,
    );
    await expect(office.getByRole('link', { name: '+91 98765 43210' })).toHaveAttribute('href', 'tel:+919876543210');
    // Every field the visitor filled in is on the page: the name and the text above, the others by their labels
    // (a field added to CONTACT_FIELDS and not to this page fails here).
    const terms = await office.locator('dl.admin-details dt').allTextContents();
    expect(terms).toEqual(
      expect.arrayContaining(CONTACT_FIELDS.filter((field) => field !== 'name' && field !== 'message').map(labelOf)),
    );
    await office.getByRole('button', { name: 'Mark as answered' }).click();
    await expect(office.getByRole('status')).toHaveText('Marked as answered.');
    await expect(nav.getByRole('link', { name: 'Messages', exact: true })).toBeVisible();
    await office.goto('/Admin/messages?filter=handled');
    await expect(office.getByRole('link', { name: 'Please send the CME schedule.' })).toBeVisible();
    const download = office.waitForEvent('download');
    await office.getByRole('link', { name: 'Export these as CSV' }).click();
    const csv = readFileSync(await (await download).path(), 'utf8');
    expect(csv.startsWith('\uFEFFNumber,Received (IST),Name')).toBe(true);
    expect(csv).toContain('Dr. Visitor Read');
    expect(csv).toMatch(/\r\n\d+,\d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d IST,Dr\. Visitor Read,/);

    await office.getByRole('link', { name: 'Please send the CME schedule.' }).click();
    await office.getByRole('button', { name: 'Mark as not answered' }).click();
    await expect(office.getByRole('status')).toHaveText('Marked as not answered.');
    await office.getByRole('link', { name: 'Delete' }).click();
    await expect(office.getByRole('heading', { level: 1 })).toHaveText('Delete this message?');
    await office.getByRole('button', { name: 'Delete' }).click();
    await expect(office.getByRole('status').first()).toHaveText('The message was deleted.');
    await expect(office.getByRole('link', { name: 'Please send the CME schedule.' })).toHaveCount(0);
    await office.goto('/Admin/audit');
    await expect(office.getByRole('cell', { name: 'message read' }).first()).toBeVisible();
    for (const change of ['message handled', 'message not handled', 'message deleted']) {
      await expect(office.getByRole('cell', { name: change, exact: true }).first()).toBeVisible();
    }
    await expect(office.locator('main')).not.toContainText('Please send the CME schedule');
  } finally {
    server.kill();
  }
});

test('a message sent one second after the page opened is findable by the office, and moves to the inbox', async ({
  browser,
  page,
}) => {
  test.setTimeout(90_000);
  // A minimum fill time no busy machine reaches between opening the page and sending (one second).
  const server = await startAdminServer({ CONTACT_MIN_FILL_SECONDS: '30' });
  try {
    await sendMessage(page, server.url, 'Dr. Quick Autofill', 1000);
    const office = await signedInPage(browser, server);
    await office.goto('/Admin/messages');
    // Counted under its own filter, and listed under All too, marked held.
    await expect(office.getByRole('link', { name: 'Held as possible spam (1)' })).toBeVisible();
    await expect(office.getByRole('row').filter({ hasText: 'Please send the CME schedule.' })).toContainText(
      'Held as possible spam',
    );
    await office.getByRole('link', { name: 'Held as possible spam (1)' }).click();
    await office.getByRole('link', { name: 'Please send the CME schedule.' }).click();
    await expect(office.getByText(/Held as possible spam: Sent [0-9.]+ seconds after the page opened/)).toBeVisible();
    await office.getByRole('button', { name: 'Move to the inbox' }).click();
    await expect(office.getByRole('status')).toHaveText('Moved to the inbox.');
    await office.goto('/Admin/messages?q=quick%20autofill');
    await expect(office.getByRole('link', { name: 'Please send the CME schedule.' })).toBeVisible();
  } finally {
    server.kill();
  }
});

test('an owner invites a colleague who signs in; an editor cannot reach Staff', async ({ browser }) => {
  test.setTimeout(90_000);
  const server = await startAdminServer();
  try {
    const owner = await signedInPage(browser, server);
    await owner.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Staff' }).click();
    await owner.getByLabel('User name').fill('bala');
    await owner.getByRole('button', { name: 'Invite' }).click();
    const link = await owner.getByLabel('One-time link').inputValue();
    expect(link).toMatch(/\/Admin\/link\?token=[a-z2-9]{32}$/);

    const colleague = await (await browser.newContext({ baseURL: server.url })).newPage();
    await colleague.goto(link);
    await colleague.getByLabel('Password', { exact: true }).fill('bala chooses a password');
    await colleague.getByLabel('The same password again').fill('bala chooses a password');
    await colleague.getByRole('button', { name: 'Set my password' }).click();
    await colleague.getByRole('link', { name: 'Sign in' }).click();
    await signIn(colleague, 'bala', 'bala chooses a password');
    await expect(colleague.getByRole('heading', { level: 1 })).toHaveText('Events');
    await expect(colleague.getByRole('link', { name: 'Staff' })).toHaveCount(0);
    const staff = await colleague.goto('/Admin/staff');
    expect(staff?.status()).toBe(403);
    await expect(colleague.getByRole('alert')).toContainText('Only an owner');

    const again = await colleague.goto(link);
    expect(again?.status()).toBe(410);
    await expect(colleague.getByRole('alert')).toContainText('already been used');

    await test.step('on a phone, the owner changes her role, resets her password, then removes her account', async () => {
      await owner.setViewportSize({ width: 390, height: 844 });
      await owner.goto('/Admin/staff');
      const bala = owner.getByRole('table', { name: 'Staff accounts' }).getByRole('row').filter({ hasText: 'bala' });
      await bala.getByLabel('Role of bala').selectOption('owner');
      await bala.getByRole('button', { name: 'Change role of bala' }).click();
      await expect(owner.getByRole('status')).toHaveText('bala is now an owner.');
      await expect(bala.getByRole('cell').nth(1)).toHaveText('Owner');
      await bala.getByRole('button', { name: 'Reset password of bala' }).click();
      await expect(owner.getByLabel('One-time link')).toHaveValue(/\/Admin\/link\?token=[a-z2-9]{32}$/);
      await colleague.goto('/Admin');
      await expect(colleague).toHaveURL(/\/Admin\/login/); // Her session ended with the reset.
      await bala.getByRole('link', { name: 'Remove bala' }).click();
      await expect(owner.getByRole('heading', { level: 1 })).toHaveText('Remove this account?');
      await owner.getByRole('button', { name: 'Delete' }).click();
      await expect(owner.getByRole('status')).toHaveText('The account was removed; its sessions have ended.');
      await expect(bala).toHaveCount(0);
      // The last owner is not removed: the page says why, and the account stays.
      await owner.goto(`/Admin/staff/remove?user=${ADMIN_USER}`);
      await owner.getByRole('button', { name: 'Delete' }).click();
      await expect(owner.getByRole('alert')).toContainText('last owner');
      await expectNoAxeViolations(owner);
    });
  } finally {
    server.kill();
  }
});

test('an owner sees the links not yet used and withdraws one, after being asked; the link then works no more', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const server = await startAdminServer();
  try {
    const owner = await signedInPage(browser, server);
    await owner.goto('/Admin/staff');
    await expect(owner.getByText('No invitation or reset link is waiting to be used.')).toBeVisible();
    await owner.getByLabel('User name').fill('ghost');
    await owner.getByLabel('Role', { exact: true }).selectOption('owner');
    // A phone's share sheet, as the Web Share API offers it (a desktop Chromium has none): it records what it is given.
    await owner.addInitScript(() => {
      Object.defineProperty(navigator, 'share', {
        value: (data: ShareData) => {
          Reflect.set(window, 'sharedForTest', data);
          return Promise.resolve();
        },
      });
    });
    await owner.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await owner.getByRole('button', { name: 'Invite' }).click();
    const first = await owner.getByLabel('One-time link').inputValue();
    await expect(owner.locator('[data-link-box]')).toContainText(
      /Invitation for ghost \(owner\) — works once, until .* IST\./,
    );
    await owner.getByRole('button', { name: 'Copy link' }).click();
    await expect(owner.locator('[data-link-said]')).toHaveText(/^The link is copied/);
    expect(await owner.evaluate(() => navigator.clipboard.readText())).toBe(first);
    await owner.getByRole('button', { name: 'Share…' }).click();
    await expect
      .poll(() => owner.evaluate(() => (Reflect.get(window, 'sharedForTest') as ShareData | undefined)?.url))
      .toBe(first);
    const pending = owner.getByRole('table', { name: 'Links not yet used, newest first' });
    const row = pending.getByRole('row').filter({ hasText: 'ghost' });
    await expect(row.getByRole('cell')).toHaveText([/^ghost\s*Invitation$/, 'Owner', ADMIN_USER, /IST$/, /Withdraw/]);
    // Leaving the page loses no way in: the invitation is made again from its row, the first link stops working.
    await owner.goto('/Admin/staff');
    await row.getByRole('button', { name: 'New link for the invitation for ghost (owner)' }).click();
    const link = await owner.getByLabel('One-time link').inputValue();
    expect(link).not.toBe(first);
    const stranger = await browser.newContext();
    const replaced = await stranger.request.get(first);
    expect(replaced.status()).toBe(404);
    expect(await replaced.text()).toContain('replaced by a newer one');
    await stranger.close();

    await row.getByRole('link', { name: 'Withdraw the invitation for ghost (owner)' }).click();
    await expect(owner.getByRole('heading', { level: 1 })).toHaveText('Withdraw this link?');
    await owner.getByRole('link', { name: 'Cancel' }).click();
    await expect(row).toBeVisible();
    await row.getByRole('link', { name: /Withdraw/ }).click();
    await owner.getByRole('button', { name: 'Withdraw' }).click();
    await expect(owner.getByRole('status')).toHaveText('The link was withdrawn: it no longer works.');
    await expect(owner.getByText('No invitation or reset link is waiting to be used.')).toBeVisible();

    const ghost = await (await browser.newContext()).newPage();
    const opened = await ghost.goto(link);
    expect(opened?.status()).toBe(404);
    await expect(ghost.getByRole('alert')).toContainText('withdrawn');
    await owner.goto('/Admin/audit');
    await expect(owner.getByRole('row').filter({ hasText: 'link withdrawn' })).toContainText(
      'invitation for ghost (owner), made by office',
    );
  } finally {
    server.kill();
  }
});

test('Sign out everywhere ends the sessions of the account on every device', async ({ browser }) => {
  test.setTimeout(60_000);
  const server = await startAdminServer();
  try {
    const laptop = await signedInPage(browser, server);
    const phone = await signedInPage(browser, server);
    await phone.goto('/Admin/account');
    await phone.getByRole('button', { name: 'Sign out everywhere' }).click();
    // The sign-in page says why it is shown, and leads the laptop back where it was.
    await expect(phone).toHaveURL(/\/Admin\/login\?reason=signed-out$/);
    await expect(phone.getByRole('status')).toContainText('You are signed out.');
    await laptop.goto('/Admin/messages');
    await expect(laptop).toHaveURL(/\/Admin\/login\?next=%2FAdmin%2Fmessages&reason=expired$/);
  } finally {
    server.kill();
  }
});

test('every new page passes axe at phone and laptop widths', async ({ browser }) => {
  test.setTimeout(120_000);
  const server = await startAdminServer({ CONTACT_MIN_FILL_SECONDS: '0' });
  try {
    const visitor = await (await browser.newContext()).newPage();
    await sendMessage(visitor, server.url, 'Dr. Axe Check', 0);
    const owner = await signedInPage(browser, server);
    await owner.goto('/Admin/staff');
    await owner.getByLabel('User name').fill('chitra');
    await owner.getByRole('button', { name: 'Invite' }).click();
    const link = await owner.getByLabel('One-time link').inputValue();
    const signedInPages = [
      '/Admin/messages',
      '/Admin/messages?filter=held',
      '/Admin/messages/1',
      '/Admin/messages/1/delete',
      '/Admin/staff',
      `/Admin/staff/remove?user=${ADMIN_USER}`,
      (await owner.getByRole('link', { name: 'Withdraw the invitation for chitra (editor)' }).getAttribute('href')) ??
        '',
      '/Admin/account',
      '/Admin/audit',
    ];
    const signedOut = await (await browser.newContext({ baseURL: server.url })).newPage();
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      await owner.setViewportSize(viewport);
      await signedOut.setViewportSize(viewport);
      for (const path of signedInPages) {
        await owner.goto(path);
        await expectNoAxeViolations(owner);
      }
      for (const path of ['/Admin/forgot', link, '/Admin/link?token=nosuchlink']) {
        await signedOut.goto(path);
        await expectNoAxeViolations(signedOut);
      }
    }
  } finally {
    server.kill();
  }
});
