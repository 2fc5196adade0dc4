/**
 * What the staff pages do: an owner invites a colleague or resets a colleague's password with a
 * one-time link (oneTimeLinks.ts), changes a role or removes an account; the colleague opens the
 * link and chooses a password; everyone changes their own password. Each answers a message for
 * the page (never a stack or a path) and leaves a row in the audit log. The last owner can be
 * neither removed nor made an editor (users.ts). Every link names the site's public origin
 * (SITE_URL's), never the request's Host: a forged Host must not end up in a mailed link.
 */
import { networkOf } from '../clientNetwork.ts';
import { RateLimiter, type RateLimit } from '../contact/rateLimiter.ts';
import type { AdminServices } from './adminServices.ts';
import { LINK_PROBLEMS, linkAddress, type OneTimeLink } from './oneTimeLinks.ts';
import { BUSY } from './signIn.ts';
import { isAdminRole } from './roles.ts';
import type { AdminSession } from './sessions.ts';
import { AccountError, checkedEmail, checkedName, checkedPassword } from './users.ts';

/** Sends a short plain-text e-mail (SMTP, when it is set up). */
export type LinkMailer = (to: string, subject: string, text: string) => Promise<unknown>;

export type StaffOutcome = { ok: true; message: string; link?: string } | { ok: false; error: string };

type Services = Pick<AdminServices, 'users' | 'links' | 'sessions' | 'throttle' | 'audit' | 'publicOrigin'>;

const NOT_OWNER: StaffOutcome = { ok: false, error: 'Only an owner can manage staff accounts.' };

function failure(error: unknown): StaffOutcome {
  if (error instanceof AccountError) return { ok: false, error: error.message };
  throw error;
}

function linkText(kind: 'invitation' | 'reset', url: string, by: string): string {
  const what =
    kind === 'invitation'
      ? `${by} has invited you to the ISA Tamilnadu website's admin.`
      : `${by} has started a new password for your account in the ISA Tamilnadu website's admin.`;
  return `${what}\n\nOpen this link within 72 hours to choose your password (it works once):\n${url}\n`;
}

/** E-mails the link when mail is set up and there is an address; says what happened. */
async function mailLink(
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

export async function inviteColleague(
  { users, links, audit, publicOrigin }: Services,
  session: AdminSession,
  form: { username: string; role: string; email: string },
  mailer?: LinkMailer,
): Promise<StaffOutcome> {
  if (session.role !== 'owner') return NOT_OWNER;
  try {
    const username = checkedName(form.username);
    const email = checkedEmail(form.email);
    if (!isAdminRole(form.role)) return { ok: false, error: 'Please choose a role: owner or editor.' };
    if (users.find(username)) return { ok: false, error: `There is already a user named "${username}".` };
    const { token } = links.create({
      kind: 'invitation',
      username,
      role: form.role,
      email,
      createdBy: session.username,
    });
    audit.record({ username: session.username, action: 'user-invited', detail: `${username} (${form.role})` });
    const link = linkAddress(publicOrigin, token);
    return { ok: true, link, message: await mailLink(mailer, email, 'invitation', link, session.username) };
  } catch (error) {
    return failure(error);
  }
}

/** A reset link for a colleague: ends their sessions and lifts their sign-in lock at once. */
export async function resetColleague(
  { users, links, sessions, throttle, audit, publicOrigin }: Services,
  session: AdminSession,
  username: string,
  mailer?: LinkMailer,
): Promise<StaffOutcome> {
  if (session.role !== 'owner') return NOT_OWNER;
  const user = users.find(username);
  if (!user) return { ok: false, error: 'There is no such account.' };
  const { token } = links.create({
    kind: 'reset',
    username: user.username,
    role: user.role,
    email: user.email,
    createdBy: session.username,
  });
  sessions.invalidateAllOf(user.id);
  audit.record({ username: session.username, action: 'user-reset-link', detail: user.username });
  if (throttle.lift(user.username)) {
    audit.record({ username: user.username, action: 'sign-in-unlocked', detail: `by ${session.username}'s reset` });
  }
  const link = linkAddress(publicOrigin, token);
  return { ok: true, link, message: await mailLink(mailer, user.email, 'reset', link, session.username) };
}

export function changeRole(
  { users, audit }: Services,
  session: AdminSession,
  username: string,
  role: string,
): StaffOutcome {
  if (session.role !== 'owner') return NOT_OWNER;
  if (!isAdminRole(role)) return { ok: false, error: 'Please choose a role: owner or editor.' };
  try {
    const voided = users.setRole(username, role);
    audit.record({
      username: session.username,
      action: 'user-role-changed',
      detail: `${username} (${role})${voidedText(voided, 'it made')}`,
    });
    const also = voided > 0 ? ` ${linksText(voided)} they made and not yet used no longer work.` : '';
    return { ok: true, message: `${username} is now ${role === 'owner' ? 'an owner' : 'an editor'}.${also}` };
  } catch (error) {
    return failure(error);
  }
}

export function removeColleague({ users, audit }: Services, session: AdminSession, username: string): StaffOutcome {
  if (session.role !== 'owner') return NOT_OWNER;
  try {
    const { forIt, madeByIt } = users.remove(username);
    const detail = `${username}${voidedText(forIt, 'for it')}${voidedText(madeByIt, 'it made')}`;
    audit.record({ username: session.username, action: 'user-removed', detail });
    return { ok: true, message: `The account ${username} was removed; its sessions have ended.` };
  } catch (error) {
    return failure(error);
  }
}

/** "2 links", for messages. */
const linksText = (count: number) => `${count} link${count === 1 ? '' : 's'}`;

/** What an audit row adds when links were voided: "; 2 links it made voided". */
const voidedText = (count: number, whose: string) => (count > 0 ? `; ${linksText(count)} ${whose} voided` : '');

/** What a link is, for people: "invitation for ghost (owner)", "password reset for bala". */
export function linkDescription({ kind, username, role }: Pick<OneTimeLink, 'kind' | 'username' | 'role'>): string {
  return kind === 'invitation' ? `invitation for ${username} (${role})` : `password reset for ${username}`;
}

/** Withdraws a link not yet used (owners, from Staff, after asking): it no longer works. */
export function withdrawLink({ links, audit }: Services, session: AdminSession, id: number): StaffOutcome {
  if (session.role !== 'owner') return NOT_OWNER;
  const link = links.withdraw(id);
  if (!link) return { ok: false, error: 'That link was used, has expired or was withdrawn already.' };
  audit.record({
    username: session.username,
    action: 'link-withdrawn',
    detail: `${linkDescription(link)}, made by ${link.createdBy}`,
  });
  return { ok: true, message: `The ${linkDescription(link)} was withdrawn: its link no longer works.` };
}

/**
 * Uses a one-time link: checks the new password first (a refused password leaves the link
 * unused), then uses the link, then makes the account (an invitation) or sets the password (a
 * reset, which ends every session of the account and lifts its lock).
 */
export async function acceptLink(
  { users, links, throttle, audit }: Services,
  token: string,
  password: string,
  again: string,
): Promise<StaffOutcome> {
  const found = links.look(token);
  if (!found.ok) return { ok: false, error: LINK_PROBLEMS[found.problem] };
  try {
    checkedPassword(password);
    if (password !== again) return { ok: false, error: 'The two passwords differ. Please type the same one twice.' };
    if (found.link.kind === 'invitation' && users.find(found.link.username)) {
      return { ok: false, error: LINK_PROBLEMS.used };
    }
    const used = links.use(token);
    if (!used.ok) return { ok: false, error: LINK_PROBLEMS[used.problem] };
    const { link } = used;
    if (link.kind === 'invitation') {
      await users.add(link.username, password, { role: link.role, email: link.email });
      audit.record({
        username: link.username,
        action: 'user-added',
        detail: `${link.username} (${link.role}), invited by ${link.createdBy}`,
      });
    } else {
      await users.setPassword(link.username, password);
      audit.record({
        username: link.username,
        action: 'user-password-set',
        detail: `reset link from ${link.createdBy}`,
      });
      if (throttle.lift(link.username)) {
        audit.record({ username: link.username, action: 'sign-in-unlocked', detail: 'by a reset link' });
      }
    }
    return { ok: true, message: 'Your password is set. Please sign in with it.' };
  } catch (error) {
    return failure(error);
  }
}

/**
 * Changes one's own password, asking for the current one: counted like a sign-in from a known
 * browser (the session proves it), so strangers' failures against the account do not stop it, and
 * checked within the password budget.
 */
export async function changeOwnPassword(
  { users, throttle, audit, budget }: Services & Pick<AdminServices, 'budget'>,
  session: AdminSession,
  form: { current: string; password: string; again: string; address: string },
): Promise<StaffOutcome> {
  if (!budget.hasRoom('known')) return { ok: false, error: BUSY };
  const knownBrowser = `session-of-${session.userId}`;
  const reserved = throttle.reserve({ username: session.username, address: form.address, knownBrowser });
  if (!reserved.ok) return { ok: false, error: 'Too many wrong passwords. Please wait 15 minutes, or ask an owner.' };
  const checking = budget.run(reserved.known ? 'known' : 'stranger', () =>
    users.authenticate(session.username, form.current),
  );
  if (!checking) {
    throttle.release(reserved.reservation);
    return { ok: false, error: BUSY };
  }
  const user = await checking;
  if (!user) {
    throttle.failed(reserved.reservation);
    audit.record({
      username: session.username,
      action: 'sign-in-failed',
      detail: `current password, on Your account, from ${form.address}`,
    });
    return { ok: false, error: 'Your current password is not right.' };
  }
  throttle.succeeded(reserved.reservation);
  try {
    checkedPassword(form.password);
    if (form.password !== form.again) return { ok: false, error: 'The two new passwords differ.' };
    await users.setPassword(user.username, form.password);
    audit.record({ username: user.username, action: 'password-changed' });
    return { ok: true, message: 'Your password is changed. Please sign in again with it.' };
  } catch (error) {
    return failure(error);
  }
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
  { users, links, audit, forgotLimit, publicOrigin }: Services & Pick<AdminServices, 'forgotLimit'>,
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
  void mailLink(mailer, user.email, 'reset', linkAddress(publicOrigin, token), 'You (Forgot your password)');
  return answer;
}
