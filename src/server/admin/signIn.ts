/**
 * Signing in and out. One message for an unknown name and a wrong password (OWASP Authentication
 * Cheat Sheet, "Authentication and error messages"). The attempt is counted before the password is
 * looked at (loginThrottle.ts), so a locked account or address is refused at once, with a message
 * that says how long to wait, and a burst of attempts cannot check more passwords than the limit.
 * Every sign-in starts a new session and ends the one the browser held before (OWASP Session
 * Management Cheat Sheet, "Renew the Session ID After Any Privilege Level Change").
 */
import type { AdminServices } from './adminServices.ts';
import type { AdminSession } from './sessions.ts';

export const WRONG_CREDENTIALS = 'The user name or the password is not right. Please try again.';
const WRONG_AND_LOCKED = 'The user name or the password is not right.';

export type SignInOutcome =
  { ok: true; token: string; session: AdminSession } | { ok: false; status: 400 | 401 | 429; error: string };

function lockedMessage(remainingMs: number): string {
  const minutes = Math.max(1, Math.ceil(remainingMs / 60_000));
  return (
    `Too many failed sign-ins. Please wait ${minutes} minute${minutes === 1 ? '' : 's'}, ` +
    'or ask an owner of the admin to reset your password.'
  );
}

export async function signIn(
  { users, sessions, throttle, audit }: Pick<AdminServices, 'users' | 'sessions' | 'throttle' | 'audit'>,
  {
    username,
    password,
    address,
    previousToken,
  }: { username: string; password: string; address: string; previousToken?: string | undefined },
): Promise<SignInOutcome> {
  if (!username.trim() || !password) {
    return { ok: false, status: 400, error: 'Please enter your user name and your password.' };
  }
  const reserved = throttle.reserve({ username, address });
  if (!reserved.ok) return { ok: false, status: 429, error: lockedMessage(reserved.lockedForMs) };
  const user = await users.authenticate(username, password);
  if (!user) {
    const nowLocked = throttle.failed(reserved.reservation);
    return nowLocked === undefined
      ? { ok: false, status: 401, error: WRONG_CREDENTIALS }
      : { ok: false, status: 429, error: `${WRONG_AND_LOCKED} ${lockedMessage(nowLocked)}` };
  }
  throttle.succeeded(reserved.reservation);
  sessions.invalidate(previousToken);
  const { token, session } = sessions.create(user.id);
  users.recordSignIn(user.id);
  audit.record({ username: user.username, action: 'sign-in' });
  return { ok: true, token, session };
}
