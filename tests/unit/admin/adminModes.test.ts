/**
 * The admin in both modes (src/server/admin/adminServices.ts, adminGuard.ts): with events kept
 * here everything is offered; with events from the society's backend (EVENTS_API_URL) the office
 * still signs in, reads messages and manages staff, and only the event pages and endpoints answer
 * 404, saying where events are edited.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  guardWith,
  isEventEditingPath,
  signedInEditor,
  type AdminLocals,
  type GuardCookies,
} from '../../../src/server/admin/adminGuard.ts';
import {
  createAdminServices,
  createOfficeServices,
  editsEvents,
  type AdminServices,
} from '../../../src/server/admin/adminServices.ts';
import { SESSION_COOKIE } from '../../../src/server/admin/sessions.ts';
import { openDatabase } from '../../../src/server/database.ts';
import { readServerSettings } from '../../../src/server/settings.ts';
import { startServices, type SiteServices } from '../../../src/server/services.ts';

const ORIGIN = 'http://127.0.0.1:5600';
const PASSWORD = 'a long enough password';

/** Cookies as the guard reads them: the session's, when given. */
function cookiesWith(token?: string): GuardCookies {
  return {
    get: (name) => (name === SESSION_COOKIE && token !== undefined ? { value: token } : undefined),
    set: () => undefined,
    delete: () => undefined,
  };
}

function context(
  pathname: string,
  {
    method = 'GET',
    token,
    type = 'application/x-www-form-urlencoded',
  }: { method?: string; token?: string; type?: string } = {},
) {
  const url = new URL(pathname, ORIGIN);
  const headers: Record<string, string> = method === 'GET' ? {} : { Origin: ORIGIN, 'Content-Type': type };
  return {
    request: new Request(url, { method, headers, body: method === 'GET' ? null : '' }),
    url,
    cookies: cookiesWith(token),
  };
}

/** The guard's answer when it is a refusal or a redirect. */
function responseOf(answer: Response | AdminLocals): Response {
  if (!(answer instanceof Response)) throw new Error(`Expected an answer, the guard passed it as ${answer.mode}`);
  return answer;
}

/** The guard's locals when it let the request through. */
function localsOf(answer: Response | AdminLocals): AdminLocals {
  if (answer instanceof Response) throw new Error(`Expected the request to pass, the guard answered ${answer.status}`);
  return answer;
}

function accessOf(pathname: string) {
  return pathname.includes('/edit/') ? ('endpoint' as const) : ('page' as const);
}

describe('isEventEditingPath', () => {
  it.each([
    ['/Admin/events/new', true],
    ['/admin/EVENTS/3/photos/4/delete', true],
    ['/Admin/events/3', true],
    ['/Admin/edit/events/3/photos', true],
    ['/Admin/edit/events/3/arrangement/', true],
    ['/Admin', false],
    ['/Admin/messages', false],
    ['/Admin/staff', false],
    ['/Admin/account', false],
    ['/Admin/audit', false],
    ['/Admin/eventsful', false],
  ])('%s: %s', (pathname, expected) => {
    expect(isEventEditingPath(pathname)).toBe(expected);
  });
});

describe.each([
  ['events from the society’s backend', false],
  ['events kept here', true],
])('the guard with %s', (_mode, eventsHere) => {
  let services: AdminServices;
  let token: string;

  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'admin-modes-'));
    const { db } = openDatabase(dataDir);
    services = eventsHere
      ? createAdminServices(db, dataDir, { publicOrigin: ORIGIN })
      : createOfficeServices(db, { publicOrigin: ORIGIN });
    const user = await services.users.add('asha', PASSWORD);
    token = services.sessions.create(user.id).token;
  });

  const eventPaths = ['/Admin/events/new', '/Admin/events/1', '/Admin/edit/events/1/photos'];

  it.each(eventPaths)(
    `%s: ${eventsHere ? 'open to staff' : '404, saying where events are edited'}`,
    async (pathname) => {
      const answer = await guardWith(services, context(pathname, { token }), accessOf(pathname));
      if (eventsHere) {
        expect(answer).toMatchObject({ mode: 'signed-in' });
        return;
      }
      const response = responseOf(answer);
      expect(response.status).toBe(404);
      expect(await response.text()).toMatch(/society's events server .* changed there, not in this admin/);
    },
  );

  it('refuses a photo upload to an event there, even signed in with a valid form', async () => {
    const pathname = '/Admin/edit/events/1/photos';
    const answer = await guardWith(services, context(pathname, { method: 'POST', token }), 'endpoint');
    const status = answer instanceof Response ? answer.status : 'passed';
    // Events stored here: the guard passes it on (the token is missing, so 403); from the backend: 404 first.
    expect(status).toBe(eventsHere ? 403 : 404);
  });

  it.each(['/Admin', '/Admin/messages', '/Admin/staff', '/Admin/account', '/Admin/audit'])(
    '%s: signed in, the page is offered',
    async (pathname) => {
      const answer = await guardWith(services, context(pathname, { token }), 'page');
      expect(answer).toMatchObject({ mode: 'signed-in', session: { username: 'asha' } });
    },
  );

  it.each([
    ['/Admin/staff', 'page', 'PUT'],
    ['/Admin/staff/remove?user=asha', 'page', 'DELETE'],
    ['/Admin/messages/1/delete', 'page', 'PUT'],
    ['/Admin/login', 'sign-in', 'PUT'],
    ['/Admin/forgot', 'signed-out-page', 'PATCH'],
  ] as const)(
    '%s (%s) asked with %s: 405 naming the site’s methods, signed in or not',
    async (pathname, access, method) => {
      for (const withToken of [token, undefined]) {
        const answer = responseOf(await guardWith(services, context(pathname, { method, token: withToken }), access));
        expect([answer.status, answer.headers.get('Allow')]).toEqual([405, 'GET, HEAD, POST']);
      }
    },
  );

  it('/Admin signed out leads to the sign-in page, which is offered', async () => {
    const home = responseOf(await guardWith(services, context('/Admin'), 'page'));
    expect(home.status).toBe(303);
    expect(home.headers.get('Location')).toBe('/Admin/login');
    const signIn = await guardWith(services, context('/Admin/login'), 'sign-in');
    expect(signIn).toMatchObject({ mode: 'signed-out' });
    expect(await guardWith(services, context('/Admin/forgot'), 'signed-out-page')).toMatchObject({
      mode: 'signed-out',
    });
  });

  it('an island’s JSON call of an action on a page, signed out or without the token: 401 or 403 in JSON, no sign-in page', async () => {
    const call = (withToken?: string) =>
      guardWith(
        services,
        context('/Admin/staff?_action=admin.staff.unlock', {
          method: 'POST',
          token: withToken,
          type: 'application/json',
        }),
        'page',
      );
    const signedOut = responseOf(await call());
    expect([signedOut.status, await signedOut.json()]).toEqual([
      401,
      { error: 'You are signed out. Please sign in again.' },
    ]);
    const noToken = responseOf(await call(token));
    expect(noToken.status).toBe(403);
    expect(noToken.headers.get('Content-Type')).toMatch(/^application\/json/);
  });

  it(`signedInEditor ${eventsHere ? 'gives the event writer' : 'refuses (the guard answered 404 before)'}`, async () => {
    const locals = localsOf(await guardWith(services, context('/Admin', { token }), 'page'));
    if (eventsHere) expect(signedInEditor({ admin: locals }).services.events).toBeDefined();
    else expect(() => signedInEditor({ admin: locals })).toThrow(/edited on the backend/);
  });
});

describe('the services of a server reading events from the backend', () => {
  let site: SiteServices;

  beforeAll(async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'admin-modes-site-'));
    const env = { DATA_DIR: dataDir, EVENTS_API_URL: 'http://127.0.0.1:9/Admin/api' };
    site = await startServices(readServerSettings(env), env);
  });

  afterAll(() => site.close());

  it('have the office’s admin (accounts, sessions, messages, links) without the event writer', async () => {
    expect(editsEvents(site.admin)).toBe(false);
    const user = await site.admin.users.add('bala', PASSWORD);
    const { token } = site.admin.sessions.create(user.id);
    expect(site.admin.sessions.validate(token)?.username).toBe('bala');
    expect(site.admin.messages.unreadCount()).toBe(0);
    expect(site.admin.links).toBeDefined();
  });
});
