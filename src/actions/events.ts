/**
 * The event forms as Astro Actions: save an event's form (a new event at /Admin/events/new, or the event of the page
 * posted to, /Admin/events/<id>: its address names it, never a field), preview it as it stands, the photos island's
 * autosave of their order, descriptions and cover (called by the island on its event's page, as JSON), and the
 * pages that ask first: delete the event with its photos, or one photo. Each input schema holds the rules of its
 * fields (the event form's: eventForm.ts; the photos': photoArrangement.ts), so a form that breaks one is shown
 * again with its words beside the field; each hands its checked input to eventService.ts or photoArrangement.ts,
 * which save or delete and audit. See ./adminAction.ts for what all admin actions share. (Where events come from the society's backend, the admin guard answers these pages 404 before an
 * action runs.)
 */
import { defineAction } from 'astro:actions';
import { z } from 'astro/zod';
import { getSite } from '../data/site.ts';
import { parseId } from '../lib/parseId.ts';
import { signedInEditor } from '../server/admin/adminGuard.ts';
import { deleteEvent, deletePhoto, eventPreview, saveEventForm } from '../server/admin/eventService.ts';
import { eventFormSchema } from '../server/admin/eventForm.ts';
import { arrangePhotos, arrangementInput } from '../server/admin/photoArrangement.ts';
import { adminAction, logged, recordNumber as id, refusal } from './adminAction.ts';

/** The pages whose form the save action answers (the event it saves is the one their address names). */
const EVENT_FORM_PAGES = ['/Admin/events/new', '/Admin/events/[id]'];
const EVENT_PAGE = '/Admin/events/[id]';
const PREVIEW_PAGE = '/Admin/events/[id]/preview';
const GONE = 'There is no such event or photo: it may have been deleted already.';
/** The event form's post, its place one of the site's (content/site.yaml). */
const eventForm = eventFormSchema(async () => (await getSite()).activityPlaces);

export const events = {
  /**
   * Answers the form's next state as data (saved: where to go; else the form as stored after a clash, or asking
   * before Unpublish): the page shows it with its status (eventService.ts, EventFormPage). Fields to correct are
   * the input schema's refusal, which the page shows beside them with the form as sent.
   */
  save: defineAction({
    accept: 'form',
    input: eventForm,
    handler: (form, context) =>
      logged(context, async () => {
        const editor = signedInEditor(context.locals);
        if (!EVENT_FORM_PAGES.includes(context.routePattern))
          throw refusal(context, 404, 'Save an event from its page.');
        const id = context.params['id'];
        const event = id === undefined ? undefined : editor.services.events.get(parseId(id) ?? 0);
        if (id !== undefined && !event) throw refusal(context, 404, GONE);
        return saveEventForm(editor, form, (await getSite()).activityPlaces, event);
      }),
  }),
  /** The form's Preview button: the event as the form stands, saved or not (nothing is saved). */
  preview: defineAction({
    accept: 'form',
    input: eventForm,
    handler: (form, context) =>
      logged(context, async () => {
        const editor = signedInEditor(context.locals);
        if (context.routePattern !== PREVIEW_PAGE) throw refusal(context, 404, 'Preview an event from its page.');
        const event = editor.services.events.get(parseId(context.params['id']) ?? 0);
        if (!event) throw refusal(context, 404, GONE);
        return eventPreview(event, form);
      }),
  }),
  /**
   * The photos island's autosave (src/islands/admin/usePhotoAutosave.ts), called as JSON on the event's page: the
   * photos' order, descriptions and cover merged into what is stored; answers the photos as stored then.
   */
  arrange: defineAction({
    input: arrangementInput,
    handler: (arrangement, context) =>
      logged(context, async () => {
        const editor = signedInEditor(context.locals);
        if (context.routePattern !== EVENT_PAGE) throw refusal(context, 404, 'Arrange the photos from their event.');
        const saved = arrangePhotos(editor, parseId(context.params['id']) ?? 0, arrangement);
        if (!saved) throw refusal(context, 404, GONE);
        return saved;
      }),
  }),
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
