/**
 * The forms of /Admin/staff (owners only) as Astro Actions: invite a colleague, reset a colleague's password, make
 * a link not yet used anew, change a role, unlock a locked account; and of the pages that ask first: remove an
 * account, withdraw a link. Each input schema holds the fields' rules (accountFields.ts: a name, a role, an
 * address; a link's number), so a form that breaks one is shown again with its words; the staff service
 * (staffService.ts) then checks the owner and what the store knows, audits the change and gives the
 * words for the page. See ./adminAction.ts for what all admin actions share.
 */
import { defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { roleSchema as role, emailSchema as email, usernameSchema as username } from '../server/admin/accountFields.ts';
import {
  changeRole,
  inviteColleague,
  removeColleague,
  renewLink,
  resetColleague,
  unlockColleague,
  withdrawLink,
} from '../server/admin/staffService.ts';
import { adminAction, recordNumber as link } from './adminAction.ts';

export const staff = {
  invite: defineAction({
    accept: 'form',
    input: z.object({ username, role, email }),
    handler: (invite, context) =>
      adminAction(context, ({ services, session }) => inviteColleague(services, session, invite)),
  }),
  reset: defineAction({
    accept: 'form',
    input: z.object({ username }),
    handler: ({ username }, context) =>
      adminAction(context, ({ services, session }) => resetColleague(services, session, username)),
  }),
  renew: defineAction({
    accept: 'form',
    input: z.object({ link }),
    handler: ({ link }, context) => adminAction(context, ({ services, session }) => renewLink(services, session, link)),
  }),
  unlock: defineAction({
    accept: 'form',
    input: z.object({ username }),
    handler: ({ username }, context) =>
      adminAction(context, ({ services, session }) => unlockColleague(services, session, username)),
  }),
  role: defineAction({
    accept: 'form',
    input: z.object({ username, role }),
    handler: ({ username, role }, context) =>
      adminAction(context, ({ services, session }) => changeRole(services, session, username, role)),
  }),
  remove: defineAction({
    accept: 'form',
    input: z.object({ username }),
    handler: ({ username }, context) =>
      adminAction(context, ({ services, session }) => removeColleague(services, session, username)),
  }),
  withdraw: defineAction({
    accept: 'form',
    input: z.object({ link }),
    handler: ({ link }, context) =>
      adminAction(context, ({ services, session }) => withdrawLink(services, session, link)),
  }),
};
