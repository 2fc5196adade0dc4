/**
 * The forms of /Admin/staff (owners only) as Astro Actions: invite a colleague, reset a colleague's password, make
 * a link not yet used anew, change a role, unlock a locked account; and of the pages that ask first: remove an account, withdraw a link. Each hands its fields to the staff functions (staffService.ts,
 * staffLinks.ts: they check the owner, the name, the role and the address, audit the change and give the words
 * for the page); see ./adminAction.ts for what all admin actions share.
 */
import { defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import {
  changeRole,
  inviteColleague,
  removeColleague,
  resetColleague,
  unlockColleague,
  withdrawLink,
} from '../server/admin/staffService.ts';
import { renewLink } from '../server/admin/staffLinks.ts';
import { adminAction, formText as text, recordNumber as linkId } from './adminAction.ts';

export const staff = {
  invite: defineAction({
    accept: 'form',
    input: z.object({ username: text(100), role: text(20), email: text(254) }),
    handler: (invite, context) =>
      adminAction(context, ({ services, session }) => inviteColleague(services, session, invite, services.mailer)),
  }),
  reset: defineAction({
    accept: 'form',
    input: z.object({ username: text(100) }),
    handler: ({ username }, context) =>
      adminAction(context, ({ services, session }) => resetColleague(services, session, username, services.mailer)),
  }),
  renew: defineAction({
    accept: 'form',
    input: z.object({ link: linkId }),
    handler: ({ link }, context) =>
      adminAction(context, ({ services, session }) => renewLink(services, session, link, services.mailer)),
  }),
  unlock: defineAction({
    accept: 'form',
    input: z.object({ username: text(100) }),
    handler: ({ username }, context) =>
      adminAction(context, ({ services, session }) => unlockColleague(services, session, username)),
  }),
  role: defineAction({
    accept: 'form',
    input: z.object({ username: text(100), role: text(20) }),
    handler: ({ username, role }, context) =>
      adminAction(context, ({ services, session }) => changeRole(services, session, username, role)),
  }),
  remove: defineAction({
    accept: 'form',
    input: z.object({ username: text(100) }),
    handler: ({ username }, context) =>
      adminAction(context, ({ services, session }) => removeColleague(services, session, username)),
  }),
  withdraw: defineAction({
    accept: 'form',
    input: z.object({ link: linkId }),
    handler: ({ link }, context) =>
      adminAction(context, ({ services, session }) => withdrawLink(services, session, link)),
  }),
};
