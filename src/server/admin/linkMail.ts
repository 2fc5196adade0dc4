/**
 * How a one-time link (an invitation, a password reset) reaches its colleague: e-mailed when mail is
 * set up and the account has an address, and in every case a sentence for the page saying what
 * happened, so that the owner knows whether to send the link themselves.
 */

/** Sends a short plain-text e-mail (SMTP, when it is set up). */
export type LinkMailer = (to: string, subject: string, text: string) => Promise<unknown>;

/** Who made a link: an owner on the Staff page (by their user name), or its colleague with Forgot your password. */
export type LinkMaker = { owner: string } | 'forgot-password';

const ADMIN = "the ISA Tamilnadu website's admin";
const OPEN = 'Open this link within 72 hours to choose your password (it works once):';

/** The mail of a link, in plain sentences: who made it and why, what to do, and the link. */
export function linkText(kind: 'invitation' | 'reset', url: string, username: string, by: LinkMaker): string {
  if (by === 'forgot-password') {
    return (
      `Someone asked for a new password for your account "${username}" in ${ADMIN}, with "Forgot your password" on its sign-in page.\n\n` +
      `If it was you, ${OPEN.charAt(0).toLowerCase()}${OPEN.slice(1)}\n${url}\n\n` +
      'If it was not you, ignore this mail: your password stays as it is.\n'
    );
  }
  const what =
    kind === 'invitation'
      ? `${by.owner} has invited you to ${ADMIN}, with the user name "${username}".`
      : `${by.owner}, an owner of ${ADMIN}, has made you a link to choose a new password for your account "${username}". You were signed out of the admin on every device.`;
  return `${what}\n\n${OPEN}\n${url}\n`;
}

/** E-mails the link when mail is set up and there is an address; says what happened. */
export async function mailLink(
  mailer: LinkMailer | undefined,
  to: { email: string; username: string },
  kind: 'invitation' | 'reset',
  url: string,
  by: LinkMaker,
): Promise<string> {
  if (!mailer || !to.email) return 'Send this link to them yourself (it works once, for 72 hours).';
  try {
    await mailer(to.email, 'Your link to the ISA Tamilnadu admin', linkText(kind, url, to.username, by));
    return `The link was e-mailed to ${to.email}. You can also send it yourself (it works once, for 72 hours).`;
  } catch {
    return 'The link could not be e-mailed just now: send it to them yourself (it works once, for 72 hours).';
  }
}
