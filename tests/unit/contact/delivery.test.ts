/**
 * Delivery through a real SMTP conversation: a local SMTP server (smtp-server) started by the
 * test receives the mails nodemailer sends; stopping it shows that messages wait and are retried.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ContactService } from '../../../src/server/contact/ContactService.ts';
import { composeMail, createSmtpTransport, deliverDue, retryDelayMs } from '../../../src/server/contact/delivery.ts';
import { issueFormToken } from '../../../src/server/contact/formToken.ts';
import { ContactMessageStore } from '../../../src/server/contact/messageStore.ts';
import type { ContactSettings, MailSettings } from '../../../src/server/contact/settings.ts';
import { openDatabase } from '../../../src/server/database.ts';
import { startSmtp } from './localSmtp.ts';
import { contactMessage, storedMessage } from './messageBuilder.ts';
import { SECRET, START } from './serviceFixture.ts';

/** A port that nothing listens on (a mail server that is down). */
async function closedPort(): Promise<number> {
  const probe = await startSmtp();
  await probe.close();
  return probe.port;
}

let dataDir: string;
let store: ContactMessageStore;
let clock: number;

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'contact-mail-'));
  store = new ContactMessageStore(openDatabase(dataDir).db);
  clock = START;
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  store.close();
  rmSync(dataDir, { recursive: true, force: true });
  vi.restoreAllMocks();
});

function mailSettings(port: number): MailSettings {
  return {
    smtpUrl: `smtp://127.0.0.1:${port}`,
    to: 'office@example.org',
    from: 'ISA TN website <website@example.org>',
  };
}

function settings(port: number): ContactSettings {
  return {
    mail: mailSettings(port),
    rateLimit: { max: 100, windowMs: 60_000 },
    minFillMs: 0,
    maxFormAgeMs: 24 * 60 * 60_000,
  };
}

/** The contact service with mail to a server on `port`, on the test's clock. */
function mailingService(port: number) {
  return new ContactService({ store, settings: settings(port), secret: SECRET, now: () => new Date(clock) });
}

function send(contact: ContactService, name: string) {
  return contact.receive(
    {
      ...contactMessage({ name, phone: '', message: `Line one from ${name}\nLine two` }),
      formToken: issueFormToken(SECRET, clock),
    },
    '10.0.0.1',
  );
}

describe('e-mailing messages to the office', () => {
  it('sends a stored message through SMTP, with the visitor as Reply-To, and marks it sent', async () => {
    const smtp = await startSmtp();
    try {
      const contact = mailingService(smtp.port);
      expect(send(contact, 'Dr. Sample Person')).toMatchObject({ detail: 'stored' });
      await contact.deliverNow();
      expect(smtp.received).toHaveLength(1);
      const [mail] = smtp.received;
      expect(mail?.from).toBe('website@example.org');
      expect(mail?.to).toEqual(['office@example.org']);
      expect(mail?.data).toMatch(/^Subject: Website message from Dr\. Sample Person$/m);
      expect(mail?.data).toMatch(/^Reply-To: sample\.person@example\.org$/m);
      expect(mail?.data).toContain('Line one from Dr. Sample Person');
      expect(store.list()[0]).toMatchObject({
        delivery_state: 'sent',
        attempts: 1,
        sent_at: new Date(START).toISOString(),
      });
    } finally {
      await smtp.close();
    }
  });

  it('keeps messages queued while the mail server is down, and sends them once it is back', async () => {
    const port = await closedPort();
    const contact = mailingService(port);
    send(contact, 'First');
    send(contact, 'Second');
    await contact.deliverNow();
    for (const stored of store.list()) {
      expect(stored).toMatchObject({ delivery_state: 'pending', attempts: 1, sent_at: null });
      expect(stored.last_error).toMatch(/ECONNREFUSED|connect/i);
    }

    // Before the retry is due nothing is tried; after it, both go.
    const smtp = await startSmtp(port);
    try {
      await contact.deliverNow();
      expect(smtp.received).toHaveLength(0);
      clock += retryDelayMs(1);
      await contact.deliverNow();
      expect(smtp.received).toHaveLength(2);
      expect(store.list().every((stored) => stored.delivery_state === 'sent')).toBe(true);
    } finally {
      await smtp.close();
    }
  });

  it('waits longer after each failure, at most an hour', () => {
    expect([1, 2, 3, 4, 10].map(retryDelayMs)).toEqual([60_000, 120_000, 240_000, 480_000, 3_600_000]);
  });

  it('never sends one message twice when two processes deliver at once', async () => {
    const smtp = await startSmtp();
    try {
      const contact = mailingService(smtp.port);
      for (let index = 0; index < 10; index += 1) send(contact, `Visitor ${index}`);
      // A second connection to the same store, as the site's other process would have.
      const other = new ContactMessageStore(openDatabase(dataDir).db);
      const transport = createSmtpTransport(mailSettings(smtp.port).smtpUrl);
      const mail = mailSettings(smtp.port);
      await Promise.all([
        contact.deliverNow(),
        deliverDue(other, transport, mail, () => new Date(clock)),
        deliverDue(store, transport, mail, () => new Date(clock)),
      ]);
      other.close();
      const subjects = smtp.received.map((received) => /^Subject: (.*)$/m.exec(received.data)?.[1]);
      expect(subjects).toHaveLength(10);
      expect(new Set(subjects).size).toBe(10);
    } finally {
      await smtp.close();
    }
  });

  it('keeps a visitor from adding mail headers through the name or e-mail', () => {
    const mail = composeMail(
      storedMessage({
        name: 'Eve\r\nBcc: everyone@example.net',
        email: 'eve@example.org\nBcc: x@example.net',
        delivery_state: 'pending',
      }),
      mailSettings(25),
    );
    expect(mail.subject).toBe('Website message from Eve Bcc: everyone@example.net');
    expect(mail.replyTo).not.toMatch(/[\r\n]/);
  });

  it('lists what the visitor wrote, by the names staff know, above the text', () => {
    expect(composeMail(storedMessage({ phone: '' }), mailSettings(25)).text).toBe(
      [
        'A visitor wrote through the contact form of the website.',
        '',
        'Name: Dr. Sample Person',
        'E-mail: sample.person@example.org',
        'Phone: (not given)',
        'Received: 20 Nov 2026, 14:30 IST',
        'Number: 1',
        '',
        'Please send the CME schedule.',
        'Thank you.',
        '',
        '--',
        'Reply to this e-mail to answer the visitor.',
      ].join('\n'),
    );
  });

  it('gives a phone as the admin shows it, never as bare digits a reader must group', () => {
    expect(composeMail(storedMessage({ phone: '9876543210' }), mailSettings(25)).text).toContain(
      '\nPhone: 98765 43210\n',
    );
  });
});
