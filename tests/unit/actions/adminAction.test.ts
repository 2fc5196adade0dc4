import type { ActionAPIContext } from 'astro:actions';
import { ActionError, defineAction } from 'astro:actions';
// Astro makes it from its input schema's issues; `astro:actions` does not export it.
import { ActionInputError } from '../../../node_modules/astro/dist/actions/runtime/client.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  FORM_NOT_READ,
  actionNamed,
  actionOnThisPage,
  adminAction,
  formRefusal,
  logged,
  refusal,
} from '../../../src/actions/adminAction.ts';

// What every admin action shares (src/actions/adminAction.ts); the actions themselves run in the built site
// (tests/e2e/adminGuard.spec.ts, office.spec.ts, admin.spec.ts).

function contextWith(locals: Partial<App.Locals> = {}): ActionAPIContext {
  return { locals, url: new URL('https://isa.example.org/Admin/staff?_action=admin.staff.invite') } as ActionAPIContext;
}

const signedIn = {
  admin: { mode: 'signed-in', services: {}, session: { username: 'asha', role: 'owner' }, form: new URLSearchParams() },
} as unknown as Partial<App.Locals>;

afterEach(() => vi.restoreAllMocks());

describe('the admin actions’ wrapper', () => {
  it('hands on the outcome of a change that worked', async () => {
    expect(await adminAction(contextWith(signedIn), () => ({ ok: true, message: 'Done.' }))).toEqual({
      ok: true,
      message: 'Done.',
    });
  });

  it('makes a refused change a 400 with its words', async () => {
    const refused = adminAction(contextWith(signedIn), () => ({ ok: false, error: 'There is no such account.' }));
    await expect(refused).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      status: 400,
      message: 'There is no such account.',
    });
  });

  it('logs a failure and answers words that name nothing of the server', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failed = adminAction(contextWith(signedIn), () => {
      throw new Error('SQLITE_BUSY: database is locked at /srv/data/site.sqlite');
    });
    await expect(failed).rejects.toMatchObject({
      code: 'INTERNAL_SERVER_ERROR',
      message: expect.stringMatching(/^Something went wrong, and nothing was changed/),
    });
    await expect(failed).rejects.not.toMatchObject({ message: expect.stringContaining('sqlite') });
    expect(log).toHaveBeenCalledWith('Admin action /Admin/staff:', expect.stringContaining('SQLITE_BUSY'));
  });

  it('refuses without the guard’s signed-in locals (never reached through the middleware)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const work = vi.fn(() => ({ ok: true as const }));
    await expect(adminAction(contextWith(), work)).rejects.toMatchObject({ code: 'INTERNAL_SERVER_ERROR' });
    expect(work).not.toHaveBeenCalled();
  });

  it('lets a refusal through as it is', async () => {
    const said = new ActionError({ code: 'TOO_MANY_REQUESTS', message: 'Please wait.' });
    await expect(logged(contextWith(), () => Promise.reject(said))).rejects.toBe(said);
  });
});

describe('refusal', () => {
  it('carries the status and words, and the wait for Retry-After in the locals', () => {
    const context = contextWith();
    expect(refusal(context, 429, 'Please wait 15 minutes.', 900)).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      status: 429,
      message: 'Please wait 15 minutes.',
    });
    expect(context.locals.retryAfterSeconds).toBe(900);
    expect(refusal(contextWith(), 401, 'Not right.')).toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
  });
});

describe('the form helpers', () => {
  it('posts to the page with its own query kept and the action named once', () => {
    const url = new URL('https://isa.example.org/Admin/login?next=%2FAdmin%2Faudit&_action=adminEntry.signIn');
    expect(actionOnThisPage(url, { queryString: '?_action=adminEntry.signIn' })).toBe(
      '?next=%2FAdmin%2Faudit&_action=adminEntry.signIn',
    );
  });
});

describe('formRefusal: what a page says after its form was refused', () => {
  it('says a refusal’s own words', () => {
    const refused = new ActionError({ code: 'BAD_REQUEST', message: 'There is no such account.' });
    expect(formRefusal(refused)).toEqual({ message: 'There is no such account.', fields: {} });
  });

  it('says the first field’s words, and each field’s first, never Astro’s JSON for programmers', () => {
    const refused = new ActionInputError([
      { code: 'custom', path: ['username'], message: 'The user name is empty.', input: '' },
      { code: 'custom', path: ['username'], message: 'A second word on the name.', input: '' },
      { code: 'custom', path: ['again'], message: 'The two passwords differ.', input: '' },
    ]);
    expect(refused.message).toMatch(/^Failed to validate: \[/);
    expect(formRefusal(refused)).toEqual({
      message: 'The user name is empty.',
      fields: { username: 'The user name is empty.', again: 'The two passwords differ.' },
    });
  });

  it('says the form could not be read when the error names no field', () => {
    expect(formRefusal(new ActionInputError([]))).toEqual({ message: FORM_NOT_READ, fields: {} });
  });
});

describe('actionNamed: the action a form post names (src/middleware.ts runs it with the guard’s fields)', () => {
  const save = defineAction({ accept: 'form', handler: () => 'saved' });
  const actions = { admin: { events: { save } }, adminEntry: {} };

  it('finds an action by its dotted name', () => {
    expect(actionNamed(actions, 'admin.events.save')).toBe(save);
  });

  it.each([
    ['an action no one defined', 'admin.events.publish'],
    ['a namespace, not an action', 'admin.events'],
    ['a property of an action', 'admin.events.save.orThrow'],
    ['an object’s prototype', 'admin.__proto__'],
    ['a property every object has', 'admin.constructor'],
    ['a method of a prototype', 'admin.events.hasOwnProperty'],
    ['nothing', ''],
  ])('refuses %s', (_label, name) => {
    expect(actionNamed(actions, name)).toBeUndefined();
  });
});
