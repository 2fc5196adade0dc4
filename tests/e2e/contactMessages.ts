/** Contact messages in the browser tests: sent through the Contact Us form, or read straight from a server's store. */
import { expect, type Page } from '@playwright/test';
import { ContactMessageStore, type StoredMessage } from '../../src/server/contact/messageStore.ts';
import { openDatabase } from '../../src/server/database.ts';

export function storedMessages(dataDir: string): StoredMessage[] {
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the browser tests with "npm run test:e2e"');
  const store = new ContactMessageStore(openDatabase(dataDir).db);
  try {
    return store.list();
  } finally {
    store.close();
  }
}

/** The form token a page gives out with its contact form (the page's HTML); throws if it has none. */
export function formTokenOf(html: string): string {
  const token = /name="formToken" value="([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error('the page has no form token');
  return token;
}

/** Sends a message through the Contact Us form of `base`, `waitMs` after the page opened, as a visitor would. */
export async function sendMessage(page: Page, base: string, name: string, waitMs: number) {
  await page.goto(`${base}/Contact-Us`);
  const opened = Date.now();
  const form = page.locator('form.contact-form');
  await expect(page.locator('astro-island:has(form.contact-form)')).not.toHaveAttribute('ssr', /.*/);
  await form.getByRole('textbox', { name: /^Name/ }).fill(name);
  await form.getByRole('textbox', { name: /^E-mail/ }).fill('visitor@example.org');
  await form.getByRole('textbox', { name: /^Phone/ }).fill('+91 98765 43210');
  await form.getByRole('textbox', { name: /^Message/ }).fill('Please send the CME schedule.\n<b>Not bold</b>');
  await page.waitForTimeout(Math.max(0, waitMs - (Date.now() - opened)));
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByRole('status')).toContainText(/reached the office/i);
}
