import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ALREADY_SENT_MESSAGE,
  FORM_EXPIRED_MESSAGE,
  HELD_RETENTION_DAYS,
  INVALID_EMAIL_MESSAGE,
  MISSING_FIELDS_MESSAGE,
  RATE_LIMITED_MESSAGE,
  TOO_SOON_MESSAGE,
} from '../../../src/lib/contactForm.ts';
import { ContactService } from '../../../src/server/contact/ContactService.ts';
import { issueFormToken } from '../../../src/server/contact/formToken.ts';
import { ContactMessageStore } from '../../../src/server/contact/messageStore.ts';
import type { ContactSettings } from '../../../src/server/contact/settings.ts';
import { openDatabase } from '../../../src/server/database.ts';
import { contactMessage } from './messageBuilder.ts';
import { SECRET, SETTINGS, START } from './serviceFixture.ts';

let dataDir: string;
let store: ContactMessageStore;
let clock: number;

function service(settings: ContactSettings = SETTINGS) {
  return new ContactService({ store, settings, secret: SECRET, now: () => new Date(clock) });
}

/** A token handed out `secondsAgo` before the clock's time. */
function token(secondsAgo = 10) {
  return issueFormToken(SECRET, clock - secondsAgo * 1000);
}

/** A posted form: the builder's message, a fresh token and the empty bot trap. */
function message(overrides: Record<string, unknown> = {}) {
  return { ...contactMessage(), formToken: token(), website: '', ...overrides };
}

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'contact-'));
  store = new ContactMessageStore(openDatabase(dataDir).db);
  clock = START;
});

afterEach(() => {
  store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('receiving a message', () => {
  it('stores a valid message before answering, only kept (no mail set up)', () => {
    const outcome = service().receive(message(), '10.0.0.1');
    expect(outcome).toEqual({ kind: 'received', detail: 'stored', formToken: expect.any(String) });
    const [stored] = store.list();
    expect(stored).toMatchObject({
      ...contactMessage(),
      delivery_state: 'stored',
      received_at: new Date(START).toISOString(),
    });
  });

  it('waits to e-mail it when mail is set up', () => {
    const mailing = new ContactService({
      store,
      settings: {
        ...SETTINGS,
        mail: { smtpUrl: 'smtp://127.0.0.1:9', to: 'office@example.org', from: 'office@example.org' },
      },
      secret: SECRET,
      transport: { sendMail: () => new Promise(() => {}) },
      now: () => new Date(clock),
    });
    mailing.receive(message(), '10.0.0.1');
    expect(store.list()[0]?.delivery_state).toMatch(/^(pending|sending)$/);
  });

  it('stores the same form only once, however often it is sent', () => {
    const contact = service();
    const formToken = token();
    const first = contact.receive(message({ formToken }), '10.0.0.1');
    const again = contact.receive(message({ formToken }), '10.0.0.1');
    expect(first).toMatchObject({ kind: 'received', detail: 'stored' });
    expect(again).toMatchObject({ kind: 'received', detail: 'repeat' });
    expect(store.list().map((stored) => stored.message)).toEqual([contactMessage().message]);
  });

  it.each([
    ['the message', { message: 'Please send the CME schedule for March.' }],
    ['the name', { name: 'Dr. Sample Persson' }],
    ['the e-mail address', { email: 'sample.persson@example.org' }],
    ['the phone', { phone: '9876543211' }],
  ])('answers the same form sent again with a corrected %s plainly as not sent, never as received', (_field, fix) => {
    const contact = service();
    const formToken = token();
    contact.receive(message({ formToken }), '10.0.0.1');
    const corrected = contact.receive(message({ formToken, ...fix }), '10.0.0.1');
    expect(corrected).toMatchObject({ kind: 'already-sent', error: ALREADY_SENT_MESSAGE });
    expect(store.list().map((stored) => stored.message)).toEqual([contactMessage().message]);
    // The answer's form sends the correction as a new message, once it has waited as long as any.
    if (corrected.kind !== 'already-sent') return;
    clock += SETTINGS.minFillMs;
    const resent = contact.receive(message({ formToken: corrected.formToken, ...fix }), '10.0.0.1');
    expect(resent).toMatchObject({ kind: 'received', detail: 'stored' });
    expect(store.count()).toBe(2);
  });

  it.each([
    ['a required field is empty', { name: '  ' }, MISSING_FIELDS_MESSAGE, ['name']],
    ['several are missing', { name: undefined, message: '' }, MISSING_FIELDS_MESSAGE, ['name', 'message']],
    ['the e-mail is not one', { email: 'sample.example.org' }, INVALID_EMAIL_MESSAGE, ['email']],
    ['the phone has letters', { phone: '98765x' }, 'Please write the phone number in digits only', ['phone']],
    [
      'the message is too long',
      { message: 'x'.repeat(5001) },
      'Please shorten the message to at most 5000 characters',
      ['message'],
    ],
  ])('refuses it when %s, keeps the token, and stores nothing', (_what, overrides, error, fields) => {
    const formToken = token();
    const outcome = service().receive(message({ ...overrides, formToken }), '10.0.0.1');
    expect(outcome).toEqual({ kind: 'invalid', error, fields, formToken });
    expect(store.count()).toBe(0);
  });

  it.each([
    ['missing', undefined],
    ['forged', issueFormToken(Buffer.from('not-the-site-secret-but-long-enough-000'), START)],
    ['more than a day old', issueFormToken(SECRET, START - 25 * 60 * 60_000)],
  ])('refuses a form whose token is %s, with a new token whose clock starts now', (_what, formToken) => {
    const contact = service();
    const outcome = contact.receive(message({ formToken }), '10.0.0.1');
    expect(outcome).toMatchObject({ kind: 'invalid', error: FORM_EXPIRED_MESSAGE, fields: [] });
    expect(store.count()).toBe(0);
    if (outcome.kind !== 'invalid') throw new Error('expected a refusal');
    // Sent again at once (a bot posting nonsense for a token, then the form with it): not taken,
    // and a person who pressed Submit that quickly is asked to wait, their text kept.
    expect(contact.receive(message({ formToken: outcome.formToken }), '10.0.0.1')).toEqual({
      kind: 'invalid',
      error: TOO_SOON_MESSAGE,
      fields: [],
      formToken: outcome.formToken,
    });
    clock += 2999;
    expect(contact.receive(message({ formToken: outcome.formToken }), '10.0.0.1')).toMatchObject({ kind: 'invalid' });
    expect(store.count()).toBe(0);
    clock += 1;
    expect(contact.receive(message({ formToken: outcome.formToken }), '10.0.0.1')).toMatchObject({ detail: 'stored' });
  });

  it('counts the token handed back after a message from when it was handed back', () => {
    const contact = service();
    const first = contact.receive(message(), '10.0.0.1');
    if (first.kind !== 'received') throw new Error('expected the message to arrive');
    const again = contact.receive(message({ formToken: first.formToken, message: 'Another' }), '10.0.0.1');
    expect(again).toMatchObject({ kind: 'invalid', error: TOO_SOON_MESSAGE });
    clock += 3000;
    expect(contact.receive(message({ formToken: first.formToken, message: 'Another' }), '10.0.0.1')).toMatchObject({
      detail: 'stored',
    });
    expect(store.count()).toBe(2);
  });

  it.each([
    ['the hidden honeypot field is filled in', { website: 'https://spam.example.net' }, /hidden field/],
    [
      'the form came back 1 second after the page opened (autofill)',
      { formToken: issueFormToken(SECRET, START - 1000) },
      /Sent 1 seconds after the page opened/,
    ],
  ])(
    'holds it as possible spam when %s: the same answer, stored with the reason, never e-mailed',
    async (_what, overrides, reason) => {
      const sendMail = vi.fn(() => Promise.resolve());
      const contact = new ContactService({
        store,
        settings: {
          ...SETTINGS,
          mail: { smtpUrl: 'smtp://127.0.0.1:9', to: 'office@example.org', from: 'office@example.org' },
        },
        secret: SECRET,
        transport: { sendMail },
        now: () => new Date(clock),
      });
      expect(contact.receive(message(overrides), '10.0.0.1')).toMatchObject({ kind: 'received', detail: 'held' });
      await contact.deliverNow();
      expect(sendMail).not.toHaveBeenCalled();
      const [held] = store.list();
      expect(held).toMatchObject({ name: contactMessage().name, status: 'held', delivery_state: 'stored' });
      expect(held?.held_reason).toMatch(reason);
    },
  );

  it('deletes held messages after 30 days, and keeps the inbox’s', () => {
    const contact = service();
    contact.receive(message({ website: 'https://spam.example.net' }), '10.0.0.1');
    contact.receive(message({ formToken: token(), name: 'A person' }), '10.0.0.1');
    clock += (HELD_RETENTION_DAYS - 1) * 24 * 60 * 60_000;
    expect(contact.deleteExpired()).toBe(0);
    clock += 2 * 24 * 60 * 60_000;
    expect(contact.deleteExpired()).toBe(1);
    expect(store.list().map((stored) => [stored.name, stored.status])).toEqual([['A person', 'inbox']]);
  });

  it('tells an address over the limit to wait, and lets it send again later', () => {
    const contact = service();
    for (let index = 0; index < 5; index += 1) {
      expect(contact.receive(message({ formToken: token() }), '10.0.0.1')).toMatchObject({ kind: 'received' });
      clock += 1000;
    }
    expect(contact.receive(message({ formToken: token() }), '10.0.0.1')).toEqual({
      kind: 'rate-limited',
      error: RATE_LIMITED_MESSAGE,
      retryAfterSeconds: 595,
    });
    expect(contact.receive(message({ formToken: token() }), '10.0.0.2')).toMatchObject({ kind: 'received' });
    clock = START + 10 * 60_000 + 1;
    expect(contact.receive(message({ formToken: token() }), '10.0.0.1')).toMatchObject({ kind: 'received' });
    expect(store.count()).toBe(7);
  });

  it('deletes messages older than the retention period and keeps newer ones', () => {
    const contact = service();
    contact.receive(message(), '10.0.0.1');
    clock += 200 * 24 * 60 * 60_000;
    contact.receive(message({ formToken: token(), name: 'Newer' }), '10.0.0.1');
    clock += 200 * 24 * 60 * 60_000;
    expect(contact.deleteExpired()).toBe(1);
    expect(store.list().map((stored) => stored.name)).toEqual(['Newer']);
  });
});
