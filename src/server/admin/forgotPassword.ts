/**
 * Forgot your password, on the sign-in page: a reset link e-mailed to an account's address, with an
 * answer that says nothing about whether the name exists, within a limit per network.
 */
import { networkOf } from '../clientNetwork.ts';
import { RateLimiter, type RateLimit } from '../contact/rateLimiter.ts';
import type { AuditLog } from './auditLog.ts';
import { mailLink, type LinkMailer } from './linkMail.ts';
import { linkAddress, type OneTimeLinks } from './oneTimeLinks.ts';
import type { AdminUsers } from './users.ts';

/** What Forgot your password uses of the admin's services (adminServices.ts). */
interface ForgotServices {
  users: AdminUsers;
  links: OneTimeLinks;
  audit: AuditLog;
  forgotLimit: RateLimiter;
  publicOrigin: string;
}

/**
 * Forgot your password takes at most 5 requests from one network (an IPv4 address, an IPv6 /64:
 * ../clientNetwork.ts) in 15 minutes, whatever
 * names they give (besides one mail per account in 15 minutes): a guesser cannot make the server
 * try name after name, while an office behind one address has room for a few typos. Counted in
 * memory, as the contact form's limit (a restart forgets it; the mail per account is in the store).
 */
export const FORGOT_PER_ADDRESS: RateLimit = { max: 5, windowMs: 15 * 60 * 1000 };

/** The per-address limit of Forgot your password, one per process (adminServices.ts). */
export function forgotPasswordLimiter(): RateLimiter {
  return new RateLimiter(FORGOT_PER_ADDRESS);
}

/** The answer to Forgot your password when links can be e-mailed: the same whether or not the name exists. */
export const FORGOT_ANSWER =
  'If that account has an e-mail address, a link to choose a new password is on its way (it works once, for 72 hours). If no e-mail arrives within a few minutes, please ask an owner of the admin.';

/** What Forgot your password answers, and with which status (429 when the address asked too often). */
export interface ForgotAnswer {
  status: 200 | 429;
  message: string;
}

function tooManyForgotRequests(waitMs: number): ForgotAnswer {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return {
    status: 429,
    message: `Too many requests from your network. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or ask an owner of the admin.`,
  };
}

/**
 * Forgot your password: when mail is set up and the account has an e-mail address, e-mails a reset
 * link (at most one every 15 minutes), without waiting for the mail, so the answer takes as long
 * whether or not the name exists. Each request counts against its network first
 * (FORGOT_PER_ADDRESS), and a limited one is refused before any name is looked up, with an answer
 * that says nothing about the name. It neither ends sessions nor lifts a lock: only using the
 * link (which proves the mailbox) does.
 */
export function forgotPassword(
  { users, links, audit, forgotLimit, publicOrigin }: ForgotServices,
  { username, address, now = Date.now() }: { username: string; address: string; now?: number },
  mailer: LinkMailer,
): ForgotAnswer {
  const network = networkOf(address);
  const waitMs = forgotLimit.waitMs(network, now);
  if (waitMs > 0) return tooManyForgotRequests(waitMs);
  forgotLimit.hit(network, now);
  const answer: ForgotAnswer = { status: 200, message: FORGOT_ANSWER };
  const user = users.find(username);
  if (!user?.email || links.recentlyMade(user.username, 15 * 60 * 1000)) return answer;
  const { token } = links.create({
    kind: 'reset',
    username: user.username,
    role: user.role,
    email: user.email,
    createdBy: 'Forgot your password',
  });
  audit.record({ username: user.username, action: 'user-reset-link', detail: 'Forgot your password (e-mailed)' });
  void mailLink(mailer, user, 'reset', linkAddress(publicOrigin, token), 'forgot-password');
  return answer;
}
