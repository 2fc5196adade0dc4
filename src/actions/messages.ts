/**
 * The forms of a message's pages (/Admin/messages/<id>, editors and owners) as Astro Actions: mark it answered or
 * not, move it from held to the inbox, delete it (asked first). Each hands the message's number to
 * messageService.ts, which changes it, audits the change and names the page to go to next; see ./adminAction.ts
 * for what all admin actions share.
 */
import { defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { deleteMessage, releaseMessage, setMessageAnswered } from '../server/admin/messageService.ts';
import { adminAction, recordNumber as id } from './adminAction.ts';

export const messages = {
  answered: defineAction({
    accept: 'form',
    input: z.object({ id, answered: z.boolean() }),
    handler: ({ id, answered }, context) => adminAction(context, (admin) => setMessageAnswered(admin, id, answered)),
  }),
  release: defineAction({
    accept: 'form',
    input: z.object({ id }),
    handler: ({ id }, context) => adminAction(context, (admin) => releaseMessage(admin, id)),
  }),
  delete: defineAction({
    accept: 'form',
    input: z.object({ id }),
    handler: ({ id }, context) => adminAction(context, (admin) => deleteMessage(admin, id)),
  }),
};
