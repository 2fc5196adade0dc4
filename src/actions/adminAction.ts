/**
 * What every admin action shares (src/actions/staff.ts): it runs only for a form posted to an admin page, after
 * the admin guard (src/server/admin/adminGuard.ts, from src/middleware.ts) has checked the session and its CSRF
 * token and put them in `locals.admin`; src/middleware.ts refuses a call of one from a script (/_actions/admin.*).
 * Its outcome is the page's words: data when it worked, a 400 with the words when it did not; anything else is
 * logged and answered with words that name no path or stack (Astro would send the error's own message).
 */
import { ActionError, type ActionAPIContext } from 'astro:actions';
import { signedIn } from '../server/admin/adminGuard.ts';

/** The namespace of the admin's actions (`actions.admin.*`), whose script calls src/middleware.ts refuses. */
export const ADMIN_ACTIONS = 'admin.';

export const ADMIN_ACTION_FAILED = 'Something went wrong, and nothing was changed. Please try again.';

type Outcome<T> = ({ ok: true } & T) | { ok: false; error: string };

/** Runs `work` with the signed-in admin of `context`; its failure becomes a 400 with its words. */
export async function adminAction<T>(
  context: ActionAPIContext,
  work: (admin: ReturnType<typeof signedIn>) => Promise<Outcome<T>> | Outcome<T>,
): Promise<T> {
  let outcome: Outcome<T>;
  try {
    outcome = await work(signedIn(context.locals));
  } catch (error) {
    console.error(`Admin action ${context.url.pathname}:`, error instanceof Error ? error.message : error);
    throw new ActionError({ code: 'INTERNAL_SERVER_ERROR', message: ADMIN_ACTION_FAILED });
  }
  if (!outcome.ok) throw new ActionError({ code: 'BAD_REQUEST', message: outcome.error });
  return outcome;
}
