/**
 * What every admin action shares (src/actions/staff.ts and its neighbours): it runs only for a form posted to an
 * admin page, after the admin guard (src/server/admin/adminGuard.ts, from src/middleware.ts) has checked the
 * session and its CSRF token (`actions.admin.*`, signed in) or found no session (`actions.adminEntry.*`: sign in,
 * Forgot your password, a one-time link, the first owner's setup) and put what it found in `locals.admin`;
 * src/middleware.ts refuses any other call of one, from a script (/_actions/...) or to another page. Its outcome is
 * the page's words: data when it worked, a refusal with its status and words when it did not; anything else is
 * logged and answered with words that name no path or stack (Astro would send the error's own message).
 */
import { ActionError, isInputError, type ActionAPIContext, type ActionClient } from 'astro:actions';
import { z } from 'astro/zod';
import { signedIn } from '../server/admin/adminGuard.ts';

/** The namespaces of the admin's actions, and the mode of the admin guard each needs (src/middleware.ts). */
export const ADMIN_ACTIONS = { 'admin.': 'signed-in', 'adminEntry.': 'signed-out' } as const;

/** An action as `context.callAction` takes any, with a form's fields. */
type FormAction = ActionClient<unknown, 'form', undefined>;

/**
 * The action `name` names in `actions` (src/actions/index.ts's `server`: "admin.events.save"), or undefined: only
 * the tree's own keys are followed, so no name reaches a prototype or a property of an action.
 */
export function actionNamed(actions: object, name: string): FormAction | undefined {
  let node: unknown = actions;
  for (const key of name.split('.')) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, key)) return undefined;
    node = Reflect.get(node, key);
  }
  return isAction(node) ? node : undefined;
}

function isAction(value: unknown): value is FormAction {
  return typeof value === 'function' && 'orThrow' in value;
}

/** Said for a form field no page of the admin sends so (a hidden field changed, a page from before an update). */
export const FORM_NOT_READ =
  'The form could not be read, so nothing was changed. Please reload the page and try again.';

/** A record's number in a form field (an event, a photo, a message, a link not yet used). */
export const recordNumber = z
  .string({ error: FORM_NOT_READ })
  .regex(/^[1-9]\d{0,14}$/, FORM_NOT_READ)
  .transform(Number);

/**
 * What a page says after its form was refused: the refusal's words, or, for fields its action's input schema
 * refused, the first field's words and each field's (never Astro's own text for programmers, which lists them all
 * as JSON).
 */
export function formRefusal(error: ActionError): { message: string; fields: Record<string, string> } {
  if (!isInputError(error)) return { message: error.message, fields: {} };
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = issue.path[0];
    if (name !== undefined && !(String(name) in fields)) fields[String(name)] = issue.message;
  }
  return { message: error.issues[0]?.message ?? FORM_NOT_READ, fields };
}

/** The form's address for `action` on the page at `url`, its own query kept (`?next=`, `?user=`). */
export function actionOnThisPage(url: URL, action: { queryString: string }): string {
  const query = new URLSearchParams(url.search);
  for (const [name, value] of new URLSearchParams(action.queryString)) query.set(name, value);
  return `?${query}`;
}

/** A refusal with the status of `status` and `words`; `retryAfterSeconds` becomes Retry-After (src/middleware.ts). */
export function refusal(context: ActionAPIContext, status: number, words: string, retryAfterSeconds?: number) {
  if (retryAfterSeconds !== undefined) context.locals.retryAfterSeconds = retryAfterSeconds;
  return new ActionError({ code: ActionError.statusToCode(status), message: words });
}

const ADMIN_ACTION_FAILED = 'Something went wrong, and nothing was changed. Please try again.';

/** Runs `work`, logging what is not a refusal and answering it with words that name nothing of the server. */
export async function logged<T>(context: ActionAPIContext, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ActionError) throw error;
    console.error(`Admin action ${context.url.pathname}:`, error instanceof Error ? error.message : error);
    throw new ActionError({ code: 'INTERNAL_SERVER_ERROR', message: ADMIN_ACTION_FAILED });
  }
}

type Outcome<T> = ({ ok: true } & T) | { ok: false; error: string };

/** Runs `work` with the signed-in admin of `context`; its failure becomes a 400 with its words. */
export async function adminAction<T>(
  context: ActionAPIContext,
  work: (admin: ReturnType<typeof signedIn>) => Promise<Outcome<T>> | Outcome<T>,
): Promise<T> {
  const outcome = await logged(context, async () => work(signedIn(context.locals)));
  if (!outcome.ok) throw refusal(context, 400, outcome.error);
  return outcome;
}
