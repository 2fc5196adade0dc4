import { describe, expect, it } from 'vitest';
import {
  EMPTY_CONTACT_FORM,
  INVALID_EMAIL_MESSAGE,
  MISSING_FIELDS_MESSAGE,
  PHONE_DIGITS_MESSAGE,
  checkContactForm,
  contactFormSchema,
  stripNonDigits,
} from '../../src/lib/contactForm.ts';
import { contactMessage } from './contact/messageBuilder.ts';

const VALID = contactMessage();

describe('stripNonDigits', () => {
  it.each([
    ['9876543210', '9876543210'],
    ['+91 98765 43210', '919876543210'],
    ['(044) 2345-6789', '04423456789'],
    ['abc', ''],
    ['', ''],
    ['12a3b4', '1234'],
    ['٣٤٥ 678', '678'],
    ['１２3', '3'],
    [' \t\n5', '5'],
  ])('%j -> %j', (input, expected) => {
    expect(stripNonDigits(input)).toBe(expected);
  });
});

describe('checkContactForm', () => {
  it('accepts a complete form and trims the text', () => {
    expect(checkContactForm({ ...VALID, name: `  ${VALID.name} `, email: ` ${VALID.email} ` })).toEqual({
      ok: true,
      message: VALID,
    });
  });

  it('accepts a form without a phone', () => {
    const check = checkContactForm({ ...VALID, phone: '' });
    expect(check.ok).toBe(true);
  });

  it('treats a missing phone key as no phone', () => {
    const { name, email, message } = VALID;
    expect(checkContactForm({ name, email, message })).toEqual({ ok: true, message: { ...VALID, phone: '' } });
  });

  it.each([
    [{ ...VALID, name: '' }, ['name']],
    [{ ...VALID, email: '' }, ['email']],
    [{ ...VALID, message: '' }, ['message']],
    [{ ...VALID, name: '   ', message: '\n\t' }, ['name', 'message']],
    [{ ...EMPTY_CONTACT_FORM }, ['name', 'email', 'message']],
    [{ ...EMPTY_CONTACT_FORM, phone: '123' }, ['name', 'email', 'message']],
    [{ ...VALID, email: '', phone: '12ab' }, ['email']],
    [{ phone: '' }, ['name', 'email', 'message']],
  ])('%j is missing %j', (values, fields) => {
    expect(checkContactForm(values)).toEqual({ ok: false, error: MISSING_FIELDS_MESSAGE, fields });
  });

  it.each([
    [{ ...VALID, email: 'kumar' }, INVALID_EMAIL_MESSAGE, ['email']],
    [{ ...VALID, email: 'kumar@' }, INVALID_EMAIL_MESSAGE, ['email']],
    [{ ...VALID, phone: '+91 98765' }, PHONE_DIGITS_MESSAGE, ['phone']],
    [{ ...VALID, phone: '1'.repeat(16) }, 'Please shorten the phone number to at most 15 digits', ['phone']],
    [{ ...VALID, message: 'x'.repeat(5001) }, 'Please shorten the message to at most 5000 characters', ['message']],
    [
      { ...VALID, email: 'kumar', phone: '12-34' },
      `${INVALID_EMAIL_MESSAGE}. ${PHONE_DIGITS_MESSAGE}`,
      ['email', 'phone'],
    ],
  ])('%j is refused with %j', (values, error, fields) => {
    expect(checkContactForm(values)).toEqual({ ok: false, error, fields });
  });

  it.each([null, 'text', 42, []])('refuses %j as missing every field', (values) => {
    const check = checkContactForm(values);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.error).toBe(MISSING_FIELDS_MESSAGE);
  });
});

describe('contactFormSchema', () => {
  it('is the schema the form checks with, usable on its own (the server will use it)', () => {
    expect(contactFormSchema.safeParse(VALID).success).toBe(true);
    expect(contactFormSchema.safeParse({ ...VALID, message: ' ' }).success).toBe(false);
  });
});
