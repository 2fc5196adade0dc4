/**
 * The forms of the admin's pages for someone not signed in, as Astro Actions (`actions.adminEntry.*`): sign in,
 * Forgot your password, choose a password with a one-time link, make the first owner with the setup link. Each
 * hands its fields to the function that checks, counts and audits them (signIn.ts, forgotPassword.ts,
 * staffService.ts, firstOwner.ts); a refusal keeps its status and words (429 with Retry-After). See
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
import { formText, logged, refusal } from './adminAction.ts';

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

const password = formText(1024);
const token = formText(64);

export const adminEntry = {
  signIn: defineAction({
    accept: 'form',
    input: z.object({ username: formText(100), password }),
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
    input: z.object({ username: formText(100) }),
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
    input: z.object({ token, password, again: password }),
    handler: (form, context) =>
      signedOutAction(context, '/Admin/link', async ({ services }) => {
        const outcome = await acceptLink(services, form.token, form.password, form.again);
        if (!outcome.ok) throw refusal(context, 400, outcome.error);
        return { message: outcome.message };
      }),
  }),
  setup: defineAction({
    accept: 'form',
    input: z.object({ token, username: formText(300), email: formText(300), password, again: password }),
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
