/**
 * The forms of /Admin/account and /Admin/system as Astro Actions: change one's own password (the current one is
 * asked, and counted like a sign-in; the session then ends, so the new password is used at once), sign out (of
 * this session, or everywhere: every session of the account, on every device; posted to /Admin/logout), and, for
 * owners, send a test mail and try a failed release again (the deploy is asked; Site updates says how it went). See ./adminAction.ts for what all admin actions share.
 */
import { defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { newPasswordTwice, sameTwice, typedPasswordSchema } from '../server/admin/accountFields.ts';
import { clearSessionCookie } from '../server/admin/adminGuard.ts';
import { signInAddress } from '../server/admin/returnPath.ts';
import { SESSION_COOKIE } from '../server/admin/sessions.ts';
import { changeOwnPassword } from '../server/admin/staffService.ts';
import { tellDeploy, underDeploy } from '../server/release/serveRelease.ts';
import { getServices } from '../server/services.ts';
import { SystemState } from '../server/system/systemState.ts';
import { sendTestMail } from '../server/system/testMail.ts';
import { adminAction } from './adminAction.ts';

/** The current password, and the new one typed twice alike (accountFields.ts). */
const passwordChange = z.object({ current: typedPasswordSchema, ...newPasswordTwice }).refine(...sameTwice);

export const account = {
  signOut: defineAction({
    accept: 'form',
    input: z.object({ everywhere: z.boolean() }),
    handler: ({ everywhere }, context) =>
      adminAction(context, ({ services, session }) => {
        if (everywhere) services.sessions.invalidateAllOf(session.userId);
        else services.sessions.invalidate(context.cookies.get(SESSION_COOKIE)?.value);
        services.audit.record({ username: session.username, action: everywhere ? 'sign-out-everywhere' : 'sign-out' });
        clearSessionCookie(context.cookies, context.url);
        return { ok: true, next: signInAddress('/Admin', 'signed-out') };
      }),
  }),
  password: defineAction({
    accept: 'form',
    input: passwordChange,
    handler: (form, context) =>
      adminAction(context, async ({ services, session }) => {
        const { current, password } = form;
        const outcome = await changeOwnPassword(services, session, {
          current,
          password,
          address: context.clientAddress,
        });
        if (outcome.ok) clearSessionCookie(context.cookies, context.url);
        return outcome;
      }),
  }),
};

export const system = {
  testMail: defineAction({
    accept: 'form',
    handler: (_input, context) =>
      adminAction<{ message: string }>(context, async ({ services, session }) => {
        if (session.role !== 'owner') return { ok: false, error: 'Only an owner can send a test mail.' };
        const site = await getServices();
        const state = new SystemState(site.database);
        const sent = await sendTestMail(services, state, session.username, site.settings.contact.mail?.to);
        if ('refused' in sent) return { ok: false, error: sent.refused };
        if (!sent.ok) {
          const error = `The test mail to ${sent.to} could not be sent. The Mail line below says what to do; what the mail server answered is under its details for the maintainer.`;
          return { ok: false, error };
        }
        return { ok: true, message: `A test mail was sent to ${sent.to}. Look for it in that mailbox.` };
      }),
  }),
  retryRelease: defineAction({
    accept: 'form',
    handler: (_input, context) =>
      adminAction<{ message: string }>(context, async ({ services, session }) => {
        if (session.role !== 'owner') return { ok: false, error: 'Only an owner can try a release again.' };
        const { release } = (await getServices()).settings;
        if (!underDeploy(release.commit)) {
          return { ok: false, error: 'This site is not run by "npm run deploy": there is no release to try again.' };
        }
        tellDeploy({ type: 'retry' });
        services.audit.record({ username: session.username, action: 'release-retried' });
        return {
          ok: true,
          // Not "reload": this page is the answer to the form, and reloading it would send the form again.
          message: 'The release is being tried again. In a minute, open System from the menu again to see how it went.',
        };
      }),
  }),
};
