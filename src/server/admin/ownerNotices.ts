/**
 * News for the site's owners by e-mail (the deploy's: a merged change that did not go live), sent
 * to every owner account with an e-mail address, when mail is set up (SMTP_URL). Gives how many
 * mails were sent; none without mail or without an owner's address.
 */
import type { AdminServices } from './adminServices.ts';

export async function notifyOwners(
  { users, mailer }: Pick<AdminServices, 'users' | 'mailer'>,
  subject: string,
  text: string,
): Promise<number> {
  if (!mailer) return 0;
  const owners = users.list().filter((user) => user.role === 'owner' && user.email !== '');
  for (const owner of owners) await mailer(owner.email, subject, text);
  return owners.length;
}
