/**
 * The System page's "Send a test mail": one mail, through the site's mail settings, to the owner who
 * asks (their account's address, else CONTACT_TO), with the result kept for the Mail line.
 */
import { formatIndiaDateTime } from '../../lib/indiaTime.ts';
import type { AdminServices } from '../admin/adminServices.ts';
import { ASK_THE_MAINTAINER } from './statusLine.ts';
import { TEST_MAIL, type TestMail } from './systemFacts.ts';
import type { SystemState } from './systemState.ts';

export async function sendTestMail(
  { mailer, users }: Pick<AdminServices, 'mailer' | 'users'>,
  state: SystemState,
  username: string,
  fallbackTo: string | undefined,
  now = new Date(),
): Promise<TestMail | { refused: string }> {
  if (!mailer) {
    return { refused: `Mail is not set up here, so no test mail can be sent: ask ${ASK_THE_MAINTAINER} to set it up.` };
  }
  const to = users.find(username)?.email || fallbackTo;
  if (!to) {
    return {
      refused: `There is nowhere to send it: your account has no e-mail address, and the office's address for messages is not set. Ask ${ASK_THE_MAINTAINER}.`,
    };
  }
  let result: TestMail;
  try {
    await mailer(
      to,
      'ISA Tamilnadu website: a test mail',
      `${username} asked for this test mail on the System page at ${formatIndiaDateTime(now)}. Mail from the site works.\n`,
    );
    result = { at: now.toISOString(), ok: true, to };
  } catch (error) {
    result = {
      at: now.toISOString(),
      ok: false,
      to,
      error: (error instanceof Error ? error.message : String(error)).slice(0, 300),
    };
  }
  state.set(TEST_MAIL, result);
  return result;
}
