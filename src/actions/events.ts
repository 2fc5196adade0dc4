/**
 * The forms of an event's pages that ask first (/Admin/events/<id>/delete and its photos' delete pages) as Astro
 * Actions: delete the event with its photos, or one photo. Each hands the numbers to eventActions.ts, which deletes
 * and audits; see ./adminAction.ts for what all admin actions share. (Where events come from the society's
 * backend, the admin guard answers these pages 404 before an action runs.)
 */
import { defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { signedInEditor } from '../server/admin/adminGuard.ts';
import { deleteEvent, deletePhoto } from '../server/admin/eventActions.ts';
import { adminAction } from './adminAction.ts';

const id = z.coerce.number().int().positive();
const GONE = 'There is no such event or photo: it may have been deleted already.';

export const events = {
  delete: defineAction({
    accept: 'form',
    input: z.object({ id }),
    handler: ({ id }, context) =>
      adminAction(context, async () => {
        const editor = signedInEditor(context.locals);
        const event = editor.services.events.get(id);
        return event ? { ok: true, next: await deleteEvent(editor, event) } : { ok: false, error: GONE };
      }),
  }),
  deletePhoto: defineAction({
    accept: 'form',
    input: z.object({ id, photo: id }),
    handler: ({ id, photo }, context) =>
      adminAction(context, async () => {
        const removed = await deletePhoto(signedInEditor(context.locals), id, photo);
        return removed ? { ok: true, next: `/Admin/events/${id}?done=photo-removed` } : { ok: false, error: GONE };
      }),
  }),
};
