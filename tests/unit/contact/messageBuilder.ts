/**
 * The contact messages the unit tests use, made in one place: what a visitor sends (the form's fields) and a
 * message as the store gives it back (every column), each with only what a test changes written out.
 */
import { contactFormSchema, type ContactMessage } from '../../../src/lib/contactForm.ts';
import type { StoredMessage } from '../../../src/server/contact/messageFields.ts';

/** A message as the form's schema makes it: a field added with a default (docs/developing.md, recipe 2) has it here too. */
const SAMPLE: ContactMessage = contactFormSchema.parse({
  name: 'Dr. Sample Person',
  email: 'sample.person@example.org',
  phone: '9876543210',
  message: 'Please send the CME schedule.\nThank you.',
});

/** What a visitor sends through the contact form. */
export function contactMessage(fields: Partial<ContactMessage> = {}): ContactMessage {
  return { ...SAMPLE, ...fields };
}

/** A message as the store holds it: received at 14:30 IST on 20 Nov 2026 and e-mailed a second later. */
export function storedMessage(fields: Partial<StoredMessage> = {}): StoredMessage {
  return {
    id: 1,
    received_at: '2026-11-20T09:00:00.000Z',
    ...contactMessage(),
    delivery_state: 'sent',
    attempts: 1,
    last_error: null,
    sent_at: '2026-11-20T09:00:01.000Z',
    status: 'inbox',
    held_reason: '',
    read_at: null,
    handled_at: null,
    ...fields,
  };
}
