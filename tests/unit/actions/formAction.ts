/**
 * Admin form actions called as src/middleware.ts calls them for a form post, with a context made for the test: the
 * fields go in as FormData, read by Astro's own code (formDataToObject) and checked with the action's input schema.
 */
import { defineAction, type ActionAPIContext, type ActionError } from 'astro:actions';
import { eventFormSchema } from '../../../src/server/admin/eventForm.ts';

/** What Astro marks an action's context with (its `callAction` sets it); an action refuses any other `this`. */
const ACTION_API_CONTEXT = Symbol.for('astro.actionAPIContext');

/** A form action as defineAction makes it: its result is its data, or its refusal. */
type FormAction<T> = (
  input: FormData,
) => Promise<{ data: T; error: undefined } | { data: undefined; error: ActionError }>;

interface Page {
  /** The guard's locals (`locals.admin`). */
  admin?: unknown;
  routePattern?: string;
  params?: Record<string, string>;
}

/** The action's result for a form with `fields`, posted to the page `routePattern`. */
export function postForm<T>(action: FormAction<T>, fields: Record<string, string>, page: Page = {}) {
  const { admin, routePattern = '/Admin', params = {} } = page;
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const context = {
    [ACTION_API_CONTEXT]: true,
    locals: { admin },
    routePattern,
    params,
    url: new URL(`https://isa.example.org${routePattern}`),
    clientAddress: '203.0.113.9',
    cookies: { get: () => undefined, set: () => undefined, delete: () => undefined },
  } as unknown as ActionAPIContext;
  return action.call(context, form);
}

/** What the event form's save and Preview actions are handed for `fields` (their places `places`), or their refusal. */
export function postedEventForm(places: readonly string[], fields: Record<string, string>) {
  const action = defineAction({ accept: 'form', input: eventFormSchema(() => places), handler: (input) => input });
  return postForm(action, fields);
}
