/**
 * The System page's Mail line (systemStatus.ts): whether mail is set up, and how the latest delivery went (a
 * contact message, or a test mail from this page): a mail delivered after a failed test says mail works again. Plain
 * words for the office; the mail server's answer and the settings to check in `detail`.
 */
import type { SystemFacts } from './systemFacts.ts';
import { ASK_THE_MAINTAINER, HOUR_MS, ago, when, type StatusLine } from './statusLine.ts';

const KEPT = 'Contact messages are kept, and sent when mail works again; read them under Messages meanwhile.';

export function mailLine(facts: SystemFacts): StatusLine {
  const line = { key: 'mail', title: 'Mail' } as const;
  const { mail } = facts;
  if (!mail.configured) {
    return {
      ...line,
      level: 'amber',
      text: 'Mail is not set up: contact messages are only kept here (read them under Messages), and nobody is mailed: no alerts, no password reset links.',
      todo: `Ask ${ASK_THE_MAINTAINER} to set up mail.`,
      detail: 'Set SMTP_URL and CONTACT_TO in the server settings (docs/operations.md, "Alerts and mail").',
    };
  }
  const sent = mail.lastSentAt ? ` The last message was delivered ${when(mail.lastSentAt)}.` : '';
  if (mail.failing) {
    const long = ago(facts, mail.failing.since) >= HOUR_MS;
    return {
      ...line,
      level: long ? 'red' : 'amber',
      text: `A contact message received ${when(mail.failing.since)} could not be delivered yet: it is tried again.${sent} ${KEPT}`,
      todo: long ? `Ask ${ASK_THE_MAINTAINER} to check the mail settings (a changed password?).` : undefined,
      detail: `The mail server answered: ${mail.failing.error}. Check SMTP_URL and the mail provider.`,
    };
  }
  const { test } = mail;
  // The latest delivery decides: a test mail that failed before a message was delivered is over.
  if (test && !test.ok && !(mail.lastSentAt && Date.parse(mail.lastSentAt) > Date.parse(test.at))) {
    return {
      ...line,
      level: 'amber',
      text: `The test mail to ${test.to} (${when(test.at)}) could not be sent.${sent}`,
      todo: `Send a test mail again; if it fails again, ask ${ASK_THE_MAINTAINER} to check the mail settings.`,
      detail: `The mail server answered: ${test.error ?? 'no reason given'}. Check SMTP_URL.`,
    };
  }
  const tested = test?.ok ? ` A test mail to ${test.to} was sent ${when(test.at)}.` : '';
  return { ...line, level: 'green', text: `Mail works.${sent}${tested}` };
}
