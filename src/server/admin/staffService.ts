/**
 * What the staff pages do (the service their Astro Actions call: src/actions/staff.ts, entry.ts, account.ts): an
 * owner invites a colleague or resets a colleague's password with a one-time link (oneTimeLinks.ts), changes a role
 * or removes an account; the colleague opens the link and chooses a password; everyone changes their own password.
 * The fields come checked by the actions' input schemas (accountFields.ts: a name, a role, an address, a new
 * password typed twice alike); what only the store knows is checked here. Each answers a message for the page
 * (never a stack or a path) and leaves a row in the audit log. The last owner can be neither removed nor made an
 * editor (users.ts). Every link names the site's public origin (SITE_URL's), never the request's Host: a forged
 * Host must not end up in a mailed link.
 */
import type { AdminServices } from './adminServices.ts';
import { mailLink } from './linkMail.ts';
import { LINK_PROBLEMS, linkAddress, type OneTimeLink } from './oneTimeLinks.ts';
import { BUSY } from './signIn.ts';
import type { AdminRole } from './roles.ts';
import type { AdminSession } from './sessions.ts';
import { AccountError } from './users.ts';

export type StaffOutcome = { ok: true; message: string; link?: string } | { ok: false; error: string };

type Services = Pick<AdminServices, 'users' | 'links' | 'sessions' | 'throttle' | 'audit' | 'mailer' | 'publicOrigin'>;

const NOT_OWNER: StaffOutcome = { ok: false, error: 'Only an owner can manage staff accounts.' };

function failure(error: unknown): StaffOutcome {
  if (error instanceof AccountError) return { ok: false, error: error.message };
  throw error;
}

export async function inviteColleague(
  { users, links, audit, mailer, publicOrigin }: Services,
  session: AdminSession,
  { username, role, email }: { username: string; role: AdminRole; email: string },
): Promise<StaffOutcome> {
  if (session.role !== 'owner') return NOT_OWNER;
  if (users.find(username)) return { ok: false, error: `There is already a user named "${username}".` };
  const { token } = links.create({ kind: 'invitation', username, role, email, createdBy: session.username });
  audit.record({ username: session.username, action: 'user-invited', detail: `${username} (${role})` });
  const link = linkAddress(publicOrigin, token);
  return {
    ok: true,
    link,
    message: await mailLink(mailer, { email, username }, 'invitation', link, { owner: session.username }),
  };
}

/** A reset link for a colleague: ends their sessions and lifts their sign-in lock at once. */
export async function resetColleague(
  { users, links, sessions, throttle, audit, mailer, publicOrigin }: Services,
  session: AdminSession,
  username: string,
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
  const message = await mailLink(mailer, user, 'reset', link, { owner: session.username });
  return { ok: true, link, message };
}

/**
 * A new link for a link not yet used (Staff, "New link"): the same invitation or reset made again
 * (the earlier link stops working), so leaving the page that showed a link never loses the only
 * way in. The checks and the audit row are those of making it the first time.
 */
export async function renewLink(services: Services, session: AdminSession, id: number): Promise<StaffOutcome> {
  if (session.role !== 'owner') return NOT_OWNER;
  const link = services.links.findPending(id);
  if (!link) return { ok: false, error: 'That link was used, has expired or was withdrawn already.' };
  if (link.kind === 'invitation') {
    return inviteColleague(services, session, { username: link.username, role: link.role, email: link.email });
  }
  return resetColleague(services, session, link.username);
}

/**
 * Lifts a colleague's sign-in lock (owners, from Staff: loginThrottle.ts): anyone may try their password again at
 * once. The audit log names who lifted it.
 */
export function unlockColleague(
  { users, throttle, audit }: Services,
  session: AdminSession,
  username: string,
): StaffOutcome {
  if (session.role !== 'owner') return NOT_OWNER;
  const user = users.find(username);
  if (!user) return { ok: false, error: 'There is no such account.' };
  if (!throttle.lift(user.username)) {
    return { ok: true, message: `${user.username} is not locked (the lock may have ended): they can sign in.` };
  }
  audit.record({ username: user.username, action: 'sign-in-unlocked', detail: `by ${session.username}, on Staff` });
  return {
    ok: true,
    message: `${user.username} is unlocked: they can sign in again at once, from any browser. If you think someone else is guessing their password, press Reset password.`,
  };
}

export function changeRole(
  { users, audit }: Services,
  session: AdminSession,
  username: string,
  role: AdminRole,
): StaffOutcome {
  if (session.role !== 'owner') return NOT_OWNER;
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
 * Uses a one-time link with a new password (its rules checked before: a refused password leaves the link unused),
 * then makes the account (an invitation) or sets the password (a reset, which ends every session of the account
 * and lifts its lock).
 */
export async function acceptLink(
  { users, links, throttle, audit }: Services,
  token: string,
  password: string,
): Promise<StaffOutcome> {
  const found = links.look(token);
  if (!found.ok) return { ok: false, error: LINK_PROBLEMS[found.problem] };
  try {
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
 * Changes one's own password (its rules checked before: a refused one is not worth checking the current one),
 * asking for the current one: counted like a sign-in from a known browser (the session proves it), so strangers'
 * failures against the account do not stop it, and checked within the password budget.
 */
export async function changeOwnPassword(
  { users, throttle, audit, budget }: Services & Pick<AdminServices, 'budget'>,
  session: AdminSession,
  form: { current: string; password: string; address: string },
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
    await users.setPassword(user.username, form.password);
    audit.record({ username: user.username, action: 'password-changed' });
    return { ok: true, message: 'Your password is changed. Please sign in again with it.' };
  } catch (error) {
    return failure(error);
  }
}
