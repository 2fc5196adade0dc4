/**
 * E-mails stored messages to the office. A message is only ever marked sent after the mail
 * server accepted it; a failure puts it back in the queue with a growing delay (1, 2, 4 ...
 * minutes, at most an hour), so a mail server that is down loses nothing.
 */
import nodemailer from 'nodemailer';
import { CONTACT_FIELDS } from '../../lib/contactForm.ts';
import { formatIndiaDateTime } from '../../lib/indiaTime.ts';
import { phoneNumber } from '../../lib/phoneNumber.ts';
import { labelOf, type StoredMessage } from './messageFields.ts';
import type { MailSettings } from './settings.ts';
import type { ContactMessageStore } from './messageStore.ts';

export interface OutgoingMail {
  from: string;
  to: string;
  replyTo: string;
  subject: string;
  text: string;
}

/** What sends a mail: nodemailer's SMTP transport, or a fake in tests. */
export interface MailTransport {
  sendMail(mail: OutgoingMail): Promise<unknown>;
}

export function createSmtpTransport(smtpUrl: string): MailTransport {
  // Short timeouts: a mail server that hangs is treated as down, and the message waits its turn.
  return nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
}

const MINUTE = 60_000;

/** How long to wait before the next try after `attempts` failed ones. */
export function retryDelayMs(attempts: number): number {
  return Math.min(MINUTE * 2 ** Math.max(0, attempts - 1), 60 * MINUTE);
}

/** One line, no control characters: what a mail header may safely carry. */
function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex -- matching control characters is the point here
  return text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
}

/** What the mail lists above the message's text, each on a line of its own. */
const MAIL_FIELDS = [...CONTACT_FIELDS.filter((field) => field !== 'message'), 'received_at', 'id'] as const;

/** A value as the admin's message page shows it: the time in IST, the phone as it is dialled. */
function shown(message: StoredMessage, field: (typeof MAIL_FIELDS)[number]): string {
  if (field === 'received_at') return formatIndiaDateTime(message.received_at);
  if (field === 'phone') return message.phone && phoneNumber(message.phone).text;
  return oneLine(String(message[field]));
}

export function composeMail(message: StoredMessage, mail: Pick<MailSettings, 'from' | 'to'>): OutgoingMail {
  const name = oneLine(message.name);
  return {
    from: mail.from,
    to: mail.to,
    replyTo: oneLine(message.email),
    subject: oneLine(`Website message from ${name}`).slice(0, 200),
    text: [
      'A visitor wrote through the contact form of the website.',
      '',
      ...MAIL_FIELDS.map((field) => `${labelOf(field)}: ${shown(message, field) || '(not given)'}`),
      '',
      message.message,
      '',
      '--',
      'Reply to this e-mail to answer the visitor.',
    ].join('\n'),
  };
}

export interface DeliveryReport {
  sent: number;
  failed: number;
}

/** Sends every message that is due, one at a time; returns how many went and how many failed. */
export async function deliverDue(
  store: ContactMessageStore,
  transport: MailTransport,
  mail: Pick<MailSettings, 'from' | 'to'>,
  now: () => Date = () => new Date(),
): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, failed: 0 };
  for (;;) {
    const due = store.claimDue(now());
    if (due.length === 0) return report;
    for (const message of due) {
      try {
        await transport.sendMail(composeMail(message, mail));
        store.markSent(message.id, now());
        report.sent += 1;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        const retryAt = new Date(now().getTime() + retryDelayMs(message.attempts + 1));
        store.markFailed(message.id, reason, retryAt);
        report.failed += 1;
        console.warn(
          `Contact message ${message.id} could not be e-mailed (${reason}); retrying at ${retryAt.toISOString()}.`,
        );
      }
    }
  }
}
