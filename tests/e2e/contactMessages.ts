/** Contact messages in the browser tests: sent through the Contact Us form, or read straight from a server's store. */
import { expect, type Page } from '@playwright/test';
import { parse } from 'devalue';
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

/** Where the form's island sends a message (src/actions/contact.ts) and asks for a new form token. */
export const CONTACT_ACTION = '/_actions/contact/';
export const FORM_TOKEN_ACTION = '/_actions/contactFormToken/';

/** A call of the contact action as the form's island makes it: the form's fields, from a page of `origin`. */
export function contactActionRequest(fields: Record<string, string>, origin: string) {
  return {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin },
    body: new URLSearchParams(fields).toString(),
  };
}

/** What an action answered: its data (devalue's encoding, Astro's), or its error's code and words (Astro's origin check answers text). */
export function actionAnswer(status: number, text: string): { formToken?: string; code?: string; message?: string } {
  if (status === 200) return parse(text);
  try {
    return JSON.parse(text);
  } catch {
    return { message: text };
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
