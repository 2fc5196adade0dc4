/**
 * The forms of the admin's pages for someone not signed in, as Astro Actions (`actions.adminEntry.*`): sign in,
 * Forgot your password, choose a password with a one-time link, make the first owner with the setup link. Each
 * input schema holds the fields' rules (accountFields.ts: a name, an address, a new password typed twice alike; a
 * link's token), so a form that breaks one is shown again with its words before anything is counted; the function
 * that counts, checks what the store knows and audits (signIn.ts, forgotPassword.ts, staffService.ts,
 * firstOwner.ts) then has the fields; a refusal keeps its status and words (429 with Retry-After). See
 * ./adminAction.ts for what all admin actions share.
 */
import { ActionError, defineAction, type ActionAPIContext } from 'astro:actions';
import { z } from 'astro/zod';
import type { AdminLocals } from '../server/admin/adminGuard.ts';
import { setDeviceCookie, setSessionCookie } from '../server/admin/adminGuard.ts';
import { makeFirstOwner } from '../server/admin/firstOwner.ts';
import { forgotPassword } from '../server/admin/forgotPassword.ts';
import { SESSION_COOKIE } from '../server/admin/sessions.ts';
import { SetupLinks } from '../server/admin/setupLink.ts';
import { signIn } from '../server/admin/signIn.ts';
import { acceptLink } from '../server/admin/staffService.ts';
import { getServices } from '../server/services.ts';
import {
  emailSchema as email,
  newPasswordTwice,
  sameTwice,
  typedPasswordSchema as password,
  typedUsernameSchema,
  usernameSchema,
} from '../server/admin/accountFields.ts';
import { LINK_PROBLEMS } from '../server/admin/oneTimeLinks.ts';
import { SESSION_TOKEN_PATTERN } from '../server/admin/sessions.ts';
import { SETUP_PROBLEMS } from '../server/admin/setupLink.ts';
import { logged, refusal } from './adminAction.ts';

type SignedOut = Extract<AdminLocals, { mode: 'signed-out' }>;

/**
 * Runs `work` with the admin's services for someone not signed in (the guard's signed-out locals), only for a
 * form posted to `page`, the action's own page: the setup's fields posted to the sign-in page (or any other
 * signed-out page) do nothing there.
 */
function signedOutAction<T>(
  context: ActionAPIContext,
  page: EntryPage,
  work: (admin: SignedOut) => Promise<T>,
): Promise<T> {
  const admin = context.locals.admin;
  if (admin?.mode !== 'signed-out' || context.routePattern !== page) throw new ActionError({ code: 'NOT_FOUND' });
  return logged(context, () => work(admin));
}

/** The page of each entry action (its route in src/pages/Admin/). */
type EntryPage = '/Admin/login' | '/Admin/forgot' | '/Admin/link' | '/Admin/setup';

/** A link's token, as its address gave it to the page's hidden field: the words of a link that does not work. */
const tokenOf = (unknown: string) => z.string({ error: unknown }).regex(SESSION_TOKEN_PATTERN, unknown);

export const adminEntry = {
  signIn: defineAction({
    accept: 'form',
    input: z.object({ username: typedUsernameSchema, password }),
    handler: (form, context) =>
      signedOutAction(context, '/Admin/login', async ({ services }) => {
        const outcome = await signIn(services, {
          ...form,
          address: context.clientAddress,
          previousToken: context.cookies.get(SESSION_COOKIE)?.value,
          cookie: (name) => context.cookies.get(name)?.value,
        });
        if (!outcome.ok) throw refusal(context, outcome.status, outcome.error, outcome.retryAfterSeconds);
        setSessionCookie(context.cookies, context.url, outcome.token);
        setDeviceCookie(context.cookies, context.url, outcome.deviceCookie);
        return { username: outcome.session.username };
      }),
  }),
  forgot: defineAction({
    accept: 'form',
    input: z.object({ username: typedUsernameSchema }),
    handler: ({ username }, context) =>
      signedOutAction(context, '/Admin/forgot', async ({ services }) => {
        if (!services.mailer) throw refusal(context, 404, 'Links are not e-mailed here: please ask an owner.');
        const answer = forgotPassword(services, { username, address: context.clientAddress }, services.mailer);
        if (answer.status !== 200) throw refusal(context, answer.status, answer.message);
        return { message: answer.message };
      }),
  }),
  link: defineAction({
    accept: 'form',
    input: z.object({ token: tokenOf(LINK_PROBLEMS.unknown), ...newPasswordTwice }).refine(...sameTwice),
    handler: (form, context) =>
      signedOutAction(context, '/Admin/link', async ({ services }) => {
        const outcome = await acceptLink(services, form.token, form.password);
        if (!outcome.ok) throw refusal(context, 400, outcome.error);
        return { message: outcome.message };
      }),
  }),
  setup: defineAction({
    accept: 'form',
    input: z
      .object({ token: tokenOf(SETUP_PROBLEMS.unknown.text), username: usernameSchema, email, ...newPasswordTwice })
      .refine(...sameTwice),
    handler: (form, context) =>
      signedOutAction(context, '/Admin/setup', async ({ services }) => {
        const site = await getServices();
        const outcome = await makeFirstOwner(
          services,
          new SetupLinks(site.database, site.dataDir, site.publicOrigin),
          form,
        );
        if (!outcome.ok) throw refusal(context, 400, outcome.error);
        return { message: outcome.message };
      }),
  }),
};
