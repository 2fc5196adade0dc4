/**
 * How a one-time link (an invitation, a password reset) reaches its colleague: e-mailed when mail is
 * set up and the account has an address, and in every case a sentence for the page saying what
 * happened, so that the owner knows whether to send the link themselves.
 */

/** Sends a short plain-text e-mail (SMTP, when it is set up). */
export type LinkMailer = (to: string, subject: string, text: string) => Promise<unknown>;

function linkText(kind: 'invitation' | 'reset', url: string, by: string): string {
  const what =
    kind === 'invitation'
      ? `${by} has invited you to the ISA Tamilnadu website's admin.`
      : `${by} has started a new password for your account in the ISA Tamilnadu website's admin.`;
  return `${what}\n\nOpen this link within 72 hours to choose your password (it works once):\n${url}\n`;
}

/** E-mails the link when mail is set up and there is an address; says what happened. */
export async function mailLink(
  mailer: LinkMailer | undefined,
  email: string,
  kind: 'invitation' | 'reset',
  url: string,
  by: string,
): Promise<string> {
  if (!mailer || !email) return 'Send this link to them yourself (it works once, for 72 hours).';
  try {
    await mailer(email, 'Your link to the ISA Tamilnadu admin', linkText(kind, url, by));
    return `The link was e-mailed to ${email}. You can also send it yourself (it works once, for 72 hours).`;
  } catch {
    return 'The link could not be e-mailed just now: send it to them yourself (it works once, for 72 hours).';
  }
}
