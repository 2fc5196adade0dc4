import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import {
  EMPTY_CONTACT_FORM,
  MISSING_FIELDS_MESSAGE,
  NOT_SENT_MESSAGE,
  RATE_LIMITED_MESSAGE,
  contactPostSchema,
} from '../../../src/lib/contactForm.ts';
import * as astroActions from 'astro:actions';
import { ActionError } from 'astro:actions';
import { contactFormState } from '../../../src/actions/contactPage.ts';
import { ContactService } from '../../../src/server/contact/ContactService.ts';
import { issueFormToken } from '../../../src/server/contact/formToken.ts';
import { ContactMessageStore } from '../../../src/server/contact/messageStore.ts';
import { openDatabase } from '../../../src/server/database.ts';
import { contactMessage } from './messageBuilder.ts';
import { SECRET, SETTINGS, START } from './serviceFixture.ts';

// The Contact Us page without JavaScript: what its form shows after a GET, or after the contact action
// (src/actions/contact.ts, tested through the built site in tests/e2e/contact.spec.ts) ran for a form post.

const TYPED = contactMessage({ phone: '98765 43210', message: 'Hi.' });

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

const refused = (code: ConstructorParameters<typeof ActionError>[0]['code'], message = '') => ({
  data: undefined,
  error: new ActionError({ code, message }),
});

// The class of the error Astro's action gives when its input schema fails (not in the module's types).
const ActionInputError: new (issues: z.core.$ZodIssue[]) => ActionError = Reflect.get(astroActions, 'ActionInputError');

/** The input error Astro's action gives for `fields`, from the action's own schema. */
function inputError(fields: Record<string, string>) {
  const parsed = z.safeParse(contactPostSchema, fields);
  if (parsed.success) throw new Error('The fields are valid');
  return { data: undefined, error: new ActionInputError(parsed.error.issues) };
}

describe('the Contact Us page without JavaScript', () => {
  it('gives a page load a form token, and still shows the page when the service cannot start', async () => {
    const get = new Request('http://localhost/Contact-Us');
    const fresh = await contactFormState(get, undefined, async () => service());
    expect(fresh).toMatchObject({ error: '', received: false, values: EMPTY_CONTACT_FORM });
    expect(fresh.status).toBeUndefined();
    expect(fresh.formToken).not.toBe('');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = () => Promise.reject(new Error('no store'));
    expect(await contactFormState(get, undefined, broken)).toMatchObject({ error: NOT_SENT_MESSAGE, formToken: '' });
    const sent = post(TYPED);
    expect(await contactFormState(sent, undefined, broken)).toMatchObject({ status: 503, error: NOT_SENT_MESSAGE });
  });

  it('shows a fresh, empty form with the action’s new token after a stored message', async () => {
    const form = await contactFormState(post(TYPED), { data: { formToken: 'next' }, error: undefined }, async () =>
      service(),
    );
    expect(form).toEqual({ formToken: 'next', error: '', invalid: [], received: true, values: EMPTY_CONTACT_FORM });
  });

  it('marks the fields to correct in the form’s own words, keeps the text (the phone in digits) and the token', async () => {
    const request = post({ ...TYPED, name: '', email: 'not an address' });
    const token = (await request.clone().formData()).get('formToken');
    const form = await contactFormState(request, inputError({ ...TYPED, name: '' }), async () => service());
    expect(form).toMatchObject({ error: MISSING_FIELDS_MESSAGE, invalid: ['name'], received: false, formToken: token });
    expect(form.values).toEqual({ ...TYPED, name: '', email: 'not an address', phone: '9876543210' });
    expect(request.bodyUsed).toBe(false); // Astro's React renderer reads the form after the page.
    expect(store.count()).toBe(0);
  });

  it.each([
    ['TOO_MANY_REQUESTS', RATE_LIMITED_MESSAGE],
    ['SERVICE_UNAVAILABLE', NOT_SENT_MESSAGE],
  ] as const)('after a %s refusal shows its words and keeps the text, with a new token', async (code, message) => {
    const request = post({ ...TYPED, message: 'Again.' });
    const form = await contactFormState(request, refused(code, message), async () => service());
    expect(form).toMatchObject({ error: message, received: false });
    expect(form.values.message).toBe('Again.');
    expect(form.formToken).not.toBe('');
    expect(form.status).toBeUndefined(); // The action's status is the page's (Astro sets it).
  });

  it.each([
    ['CONTENT_TOO_LARGE', /too long to send/],
    ['UNSUPPORTED_MEDIA_TYPE', /could not be read/],
  ] as const)(
    'after a body Astro would not read (%s) says so in plain words and reads nothing',
    async (code, words) => {
      const request = post(TYPED);
      const copied = vi.spyOn(request, 'clone');
      const form = await contactFormState(request, refused(code, 'Request body exceeds 65536 bytes'), async () =>
        service(),
      );
      expect(form).toMatchObject({ error: expect.stringMatching(words), values: EMPTY_CONTACT_FORM });
      expect([request.bodyUsed, copied.mock.calls.length]).toEqual([false, 0]);
    },
  );

  it('answers a post that ran no action (a form from before the site changed) with 400, reading nothing', async () => {
    const request = post(TYPED);
    const copied = vi.spyOn(request, 'clone');
    const form = await contactFormState(request, undefined, async () => service());
    expect(form).toMatchObject({ status: 400, error: expect.stringMatching(/was not sent/), received: false });
    expect([request.bodyUsed, copied.mock.calls.length]).toEqual([false, 0]);
  });
});
