/**
 * The admin guard reads a form's body once (src/server/admin/adminGuard.ts): for the session's token, which a form
 * without JavaScript can send only there, and hands the fields on in `locals.admin.form`, which the form's action
 * takes (src/middleware.ts); an island's JSON call carries its token in a header, and its body is left to the
 * action. Refusals first.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { guardWith, type AdminLocals, type GuardCookies } from '../../../src/server/admin/adminGuard.ts';
import { createOfficeServices, type AdminServices } from '../../../src/server/admin/adminServices.ts';
import { SESSION_COOKIE } from '../../../src/server/admin/sessions.ts';
import { openDatabase } from '../../../src/server/database.ts';

const ORIGIN = 'http://127.0.0.1:5600';
const FORM = 'application/x-www-form-urlencoded';

let services: AdminServices;
let token: string;
let csrfToken: string;

beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'guard-form-body-'));
  services = createOfficeServices(openDatabase(dataDir).db, { publicOrigin: ORIGIN });
  const user = await services.users.add('asha', 'a long enough password');
  const made = services.sessions.create(user.id);
  token = made.token;
  csrfToken = made.session.csrfToken;
});

const cookies = (session?: string): GuardCookies => ({
  get: (name) => (name === SESSION_COOKIE && session ? { value: session } : undefined),
  set: () => undefined,
  delete: () => undefined,
});

/** A post to the Staff page's unlock action, with `body` of `type`, signed in unless `session` is ''. */
function post(body: BodyInit, { type = FORM, headers = {}, session = token } = {}) {
  const url = new URL('/Admin/staff?_action=admin.staff.unlock', ORIGIN);
  const request = new Request(url, {
    method: 'POST',
    headers: { Origin: ORIGIN, 'Content-Type': type, ...headers },
    body,
  });
  return { request, url, cookies: cookies(session) };
}

async function refusalOf(answer: Promise<Response | AdminLocals>) {
  const response = await answer;
  if (!(response instanceof Response)) throw new Error(`The guard let it pass, ${response.mode}`);
  return [response.status, await response.text()];
}

describe('a form post to an admin page is refused', () => {
  it.each([
    ['without the session’s token', () => `username=bala`, /^This form has expired/],
    ['with another token', () => `csrf_token=${'x'.repeat(43)}&username=bala`, /^This form has expired/],
    [
      'with the token twice, the first wrong',
      () => `csrf_token=wrong&csrf_token=${csrfToken}`,
      /^This form has expired/,
    ],
  ])('%s: 403', async (_label, body, words) => {
    expect(await refusalOf(guardWith(services, post(body()), 'page'))).toEqual([403, expect.stringMatching(words)]);
  });

  it('larger than a form of the admin (64 KiB): 413, unread', async () => {
    const body = `csrf_token=${csrfToken}&description_1=${'x'.repeat(70_000)}`;
    expect(await refusalOf(guardWith(services, post(body), 'page'))).toEqual([413, 'The form is too large.']);
  });

  it('sent as another kind of body, without the header: 403 (its body is not read for a token)', async () => {
    const multipart = new FormData();
    multipart.append('csrf_token', csrfToken);
    const url = new URL('/Admin/staff?_action=admin.staff.unlock', ORIGIN);
    const request = new Request(url, { method: 'POST', body: multipart, headers: { Origin: ORIGIN } });
    const answer = guardWith(services, { request, url, cookies: cookies(token) }, 'page');
    expect((await refusalOf(answer))[0]).toBe(403);
    expect(request.bodyUsed).toBe(false);
  });
});

describe('a form post that passes', () => {
  it('hands its fields on, read once from a copy: the request’s own body is left for Astro’s renderer', async () => {
    const context = post(`csrf_token=${csrfToken}&username=bala&username=second`);
    const answer = await guardWith(services, context, 'page');
    if (answer instanceof Response) throw new Error(`Refused: ${answer.status}`);
    expect(answer.mode).toBe('signed-in');
    expect(answer.form.getAll('username')).toEqual(['bala', 'second']);
    expect(answer.form.get('csrf_token')).toBe(csrfToken);
    expect(context.request.bodyUsed).toBe(false);
  });

  it('an island’s JSON call, its token in the header: its body is not read (the action reads it)', async () => {
    const context = post(JSON.stringify({ username: 'bala' }), {
      type: 'application/json',
      headers: { 'X-CSRF-Token': csrfToken },
    });
    const answer = await guardWith(services, context, 'page');
    if (answer instanceof Response) throw new Error(`Refused: ${answer.status}`);
    expect([...answer.form]).toEqual([]);
    expect(await context.request.json()).toEqual({ username: 'bala' });
  });
});
