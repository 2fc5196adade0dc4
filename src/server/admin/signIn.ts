/**
 * Signing in and out. One message for an unknown name and a wrong password (OWASP Authentication
 * Cheat Sheet, "Authentication and error messages"). The attempt is counted before the password is
 * looked at (loginThrottle.ts), so a locked account or network is refused at once, with a message
 * that says how long to wait, and a burst of attempts cannot check more passwords than the limit;
 * the check itself waits for the password budget (passwordBudget.ts), or is refused at once when
 * too many wait. A browser that shows the account's device cookie (deviceCookies.ts) is counted on
 * its own, so strangers' failures do not lock it out; every success gives the browser a new one.
 * Every failure, lock and lock lifted is in the audit log (name, address, time; never the password).
 * Every sign-in starts a new session and ends the one the browser held before (OWASP Session
 * Management Cheat Sheet, "Renew the Session ID After Any Privilege Level Change").
 */
import type { AdminServices } from './adminServices.ts';
import type { Lock } from './loginThrottle.ts';
import { RETRY_AFTER_SECONDS } from './passwordBudget.ts';
import type { AdminSession } from './sessions.ts';

export const WRONG_CREDENTIALS = 'The user name or the password is not right. Please try again.';
const WRONG_AND_LOCKED = 'The user name or the password is not right.';
export const BUSY =
  'Many sign-ins are being checked at this moment. Please try again in a few seconds; nothing was counted.';
/**
 * The audit log's name for a failure with a name no account has: never the text typed, which may be
 * a password typed in the wrong field (OWASP Logging Cheat Sheet: never log passwords).
 */
export const UNKNOWN_NAME = '(unknown name)';

type Refusal = { ok: false; status: 401 | 429; error: string; retryAfterSeconds?: number };

export type SignInOutcome =
  { ok: true; token: string; session: AdminSession; deviceCookie: { name: string; value: string } } | Refusal;

function lockedMessage(remainingMs: number): string {
  const minutes = Math.max(1, Math.ceil(remainingMs / 60_000));
  return (
    `Too many failed sign-ins. Please wait ${minutes} minute${minutes === 1 ? '' : 's'}, ` +
    'or ask an owner of the admin to reset your password.'
  );
}

const locked = (error: string, remainingMs: number): Refusal => ({
  ok: false,
  status: 429,
  error,
  retryAfterSeconds: Math.ceil(remainingMs / 1000),
});

const busy: Refusal = { ok: false, status: 429, error: BUSY, retryAfterSeconds: RETRY_AFTER_SECONDS };

/** "1 address", "5 addresses". */
export const addressesText = (count: number) => `${count} ${count === 1 ? 'address' : 'addresses'}`;

/** What a lock covers, for the audit log. */
function lockDetail({ scope, of, lockedForMs, addresses }: Lock, address: string): string {
  const minutes = Math.round(lockedForMs / 60_000);
  const what = {
    account: 'for browsers that never signed in to it',
    device: 'for the browser that signed in to it before (its device cookie)',
    network: `for every name from the network ${of}`,
  }[scope];
  return `locked ${what}, for ${minutes} minutes, after wrong passwords from ${addressesText(addresses)} (the last from ${address})`;
}

/** Signs in with a name and a password the sign-in action's input schema found filled in (src/actions/entry.ts). */
export async function signIn(
  {
    users,
    sessions,
    throttle,
    audit,
    devices,
    budget,
  }: Pick<AdminServices, 'users' | 'sessions' | 'throttle' | 'audit' | 'devices' | 'budget'>,
  {
    username,
    password,
    address,
    previousToken,
    cookie = () => undefined,
  }: {
    username: string;
    password: string;
    address: string;
    previousToken?: string | undefined;
    /** The value of the browser's cookie of that name (its device cookie), if it sent one. */
    cookie?: (name: string) => string | undefined;
  },
): Promise<SignInOutcome> {
  const account = users.find(username);
  const knownBrowser = account ? devices.verify(account, cookie(devices.nameFor(account))) : undefined;
  // A refusal for want of room counts nothing and writes nothing: no store write per request of a flood.
  if (!budget.hasRoom(knownBrowser ? 'known' : 'stranger')) return busy;
  const reserved = throttle.reserve({ username, address, knownBrowser });
  if (!reserved.ok) return locked(lockedMessage(reserved.lockedForMs), reserved.lockedForMs);
  const { reservation, known } = reserved;
  const checking = budget.run(known ? 'known' : 'stranger', () => users.authenticate(username, password));
  if (!checking) {
    throttle.release(reservation); // Its cookie was locked: it waits as a stranger, and their room is full.
    return busy;
  }
  const user = await checking;
  const name = account?.username ?? UNKNOWN_NAME;
  if (!user) {
    const locks = throttle.failed(reservation);
    const from = `from ${address}${known ? ', in a browser that signed in to it before' : ''}`;
    audit.record({ username: name, action: 'sign-in-failed', detail: from });
    for (const lock of locks)
      audit.record({ username: name, action: 'sign-in-locked', detail: lockDetail(lock, address) });
    const [lock] = locks;
    return lock
      ? locked(`${WRONG_AND_LOCKED} ${lockedMessage(lock.lockedForMs)}`, lock.lockedForMs)
      : { ok: false, status: 401, error: WRONG_CREDENTIALS };
  }
  if (throttle.succeeded(reservation)) {
    audit.record({ username: user.username, action: 'sign-in-unlocked', detail: `by signing in from ${address}` });
  }
  sessions.invalidate(previousToken);
  const { token, session } = sessions.create(user.id);
  users.recordSignIn(user.id);
  audit.record({ username: user.username, action: 'sign-in', detail: `from ${address}` });
  const deviceCookie = { name: devices.nameFor(user), value: devices.issue(user) };
  return { ok: true, token, session, deviceCookie };
}
