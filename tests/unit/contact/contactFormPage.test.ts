import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  EMPTY_CONTACT_FORM,
  MISSING_FIELDS_MESSAGE,
  NOT_SENT_MESSAGE,
  RATE_LIMITED_MESSAGE,
} from '../../../src/lib/contactForm.ts';
import { contactFormPage } from '../../../src/server/contact/contactHttp.ts';
import { ContactService } from '../../../src/server/contact/ContactService.ts';
import { issueFormToken } from '../../../src/server/contact/formToken.ts';
import { ContactMessageStore } from '../../../src/server/contact/messageStore.ts';
import { openDatabase } from '../../../src/server/database.ts';

// The Contact Us page without JavaScript: what its form shows after a GET or a plain form post.

const SECRET = Buffer.from('a-test-secret-that-is-long-enough-123456');
const START = Date.UTC(2026, 10, 22, 10, 0, 0);
const SETTINGS = { rateLimit: { max: 5, windowMs: 10 * 60_000 }, minFillMs: 3000, maxFormAgeMs: 24 * 60 * 60_000 };
const TYPED = { name: 'Dr. Sample Person', email: 'sample.person@example.org', phone: '98765 43210', message: 'Hi.' };

let dataDir: string;
let store: ContactMessageStore;

function service(settings = SETTINGS) {
  return new ContactService({ store, settings, secret: SECRET, now: () => new Date(START) });
}

function post(fields: Record<string, string>, type = 'application/x-www-form-urlencoded') {
  const body = new URLSearchParams({ formToken: issueFormToken(SECRET, START - 10_000), website: '', ...fields });
  return new Request('http://localhost/Contact-Us', {
    method: 'POST',
    headers: { 'Content-Type': type },
    body: body.toString(),
  });
}

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'contact-page-'));
  store = new ContactMessageStore(openDatabase(dataDir).db);
});

afterEach(() => {
  store.close();
  rmSync(dataDir, { recursive: true, force: true });
  vi.restoreAllMocks();
});

describe('the Contact Us page without JavaScript', () => {
  it('refuses a body that is not a form with 415, keeping nothing', async () => {
    const form = await contactFormPage(post(TYPED, 'application/json'), () => service(), '10.0.0.1');
    expect(form).toMatchObject({ status: 415, error: expect.stringMatching(/could not be read/), received: false });
    expect(form.values).toEqual(EMPTY_CONTACT_FORM);
    expect(store.count()).toBe(0);
  });

  it('marks missing fields with 400 and keeps the text (the phone in digits)', async () => {
    const form = await contactFormPage(post({ ...TYPED, name: '' }), () => service(), '10.0.0.1');
    expect(form).toMatchObject({ status: 400, error: MISSING_FIELDS_MESSAGE, invalid: ['name'], received: false });
    expect(form.values).toEqual({ ...TYPED, name: '', phone: '9876543210' });
    expect(store.count()).toBe(0);
  });

  it('tells an address over the limit to wait, with 429 and Retry-After, keeping the text', async () => {
    const contact = service({ ...SETTINGS, rateLimit: { max: 1, windowMs: 60_000 } });
    await contactFormPage(post(TYPED), () => contact, '10.0.0.1');
    const form = await contactFormPage(post({ ...TYPED, message: 'Again.' }), () => contact, '10.0.0.1');
    expect(form).toMatchObject({ status: 429, headers: { 'Retry-After': '60' }, error: RATE_LIMITED_MESSAGE });
    expect(form.values.message).toBe('Again.');
  });

  it('says 503 and keeps the text when the store cannot take the message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const contact = service();
    store.close();
    const form = await contactFormPage(post(TYPED), () => contact, '10.0.0.1');
    expect(form).toMatchObject({ status: 503, error: NOT_SENT_MESSAGE, received: false });
    expect(form.values.message).toBe('Hi.');
    expect(form.formToken).not.toBe('');
    store = new ContactMessageStore(openDatabase(dataDir).db);
  });

  it('shows a fresh, empty form after a stored message', async () => {
    const form = await contactFormPage(post(TYPED), () => service(), '10.0.0.1');
    expect(form).toMatchObject({ status: 200, error: '', invalid: [], received: true, values: EMPTY_CONTACT_FORM });
    expect(form.formToken).not.toBe('');
    expect(store.count()).toBe(1);
  });

  it('gives a page load a form token, and still shows the page when the service cannot start', async () => {
    const get = new Request('http://localhost/Contact-Us');
    expect(await contactFormPage(get, () => service(), '10.0.0.1')).toMatchObject({ status: 200, error: '' });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = () => Promise.reject(new Error('no store'));
    expect(await contactFormPage(get, broken, '10.0.0.1')).toMatchObject({ status: 200, error: NOT_SENT_MESSAGE });
    expect(await contactFormPage(post(TYPED), broken, '10.0.0.1')).toMatchObject({ status: 503 });
  });
});
