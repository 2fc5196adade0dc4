import { describe, expect, it } from 'vitest';
import { phoneNumber } from '../../../src/lib/phoneNumber.ts';
import { replyHref } from '../../../src/server/admin/messageService.ts';
import { storedMessage } from '../contact/messageBuilder.ts';

describe('phoneNumber (as the office reads and dials it)', () => {
  it.each([
    ['919876543210', '+91 98765 43210', 'tel:+919876543210'],
    ['9876543210', '98765 43210', 'tel:+919876543210'],
    ['09876543210', '098765 43210', 'tel:+919876543210'],
    ['04222345678', '04222345678', 'tel:04222345678'],
    ['4420794600', '4420794600', 'tel:4420794600'],
  ])('%s: %s, %s', (digits, text, href) => {
    expect(phoneNumber(digits)).toEqual({ text, href });
  });
});

describe('replyHref (Reply by e-mail)', () => {
  const message = storedMessage({ received_at: '2026-11-26T06:36:17.109Z' });

  it('greets the sender and quotes the message, with its time in IST', () => {
    const href = new URL(replyHref(message));
    expect(href.protocol).toBe('mailto:');
    expect(href.pathname).toBe('sample.person@example.org');
    expect(href.searchParams.get('subject')).toBe('Re: your message to ISA Tamilnadu');
    const body = href.searchParams.get('body') ?? '';
    expect(body.startsWith('Dear Dr. Sample Person,\r\n')).toBe(true);
    expect(body).toContain(
      'On 26 Nov 2026, 12:06 IST you wrote to us through the website:\r\n> Please send the CME schedule.\r\n> Thank you.',
    );
  });
});
