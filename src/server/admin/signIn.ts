/**
 * Signing in and out. One message for an unknown name and a wrong password (OWASP Authentication
 * Cheat Sheet, "Authentication and error messages"); a locked account or address is refused before
 * the password is looked at, with a message that says how long to wait.
 */
import type { AdminServices } from './adminServices.ts';
import type { AdminSession } from './sessions.ts';

export const WRONG_CREDENTIALS = 'The user name or the password is not right. Please try again.';

export type SignInOutcome =
  { ok: true; token: string; session: AdminSession } | { ok: false; status: 400 | 401 | 429; error: string };

function lockedMessage(remainingMs: number): string {
  const minutes = Math.max(1, Math.ceil(remainingMs / 60_000));
  return `Too many failed sign-ins. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} before trying again.`;
}

export async function signIn(
  { users, sessions, throttle, audit }: Pick<AdminServices, 'users' | 'sessions' | 'throttle' | 'audit'>,
  { username, password, address }: { username: string; password: string; address: string },
): Promise<SignInOutcome> {
  if (!username.trim() || !password) {
    return { ok: false, status: 400, error: 'Please enter your user name and your password.' };
  }
  const attempt = { username, address };
  const lockedFor = throttle.lockedFor(attempt);
  if (lockedFor !== undefined) return { ok: false, status: 429, error: lockedMessage(lockedFor) };
  const user = await users.authenticate(username, password);
  if (!user) {
    throttle.recordFailure(attempt);
    const nowLocked = throttle.lockedFor(attempt);
    return nowLocked === undefined
      ? { ok: false, status: 401, error: WRONG_CREDENTIALS }
      : { ok: false, status: 429, error: `${WRONG_CREDENTIALS} ${lockedMessage(nowLocked)}` };
  }
  throttle.recordSuccess(attempt);
  const { token, session } = sessions.create(user.id);
  audit.record({ username: user.username, action: 'sign-in' });
  return { ok: true, token, session };
}
