/**
 * The admin's refusals (src/server/admin/adminGuard.ts): signed-out requests, other origins,
 * missing CSRF tokens, the headers of admin answers, robots.txt and the sitemap, remote mode (see also
 * officeBackend.spec.ts), and
 * the sign-in lockout, which survives a restart and which strangers cannot use against a colleague's own
 * browser (its device cookie), shown on Staff and lifted there. Each on a server of its own, except remote mode.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { REMOTE_DATA_DIR, REMOTE_URL } from '../../playwright.config.ts';
import {
  ADMIN_PASSWORD,
  ADMIN_USER,
  SIGN_IN_POST,
  addUser,
  signIn,
  signedInState,
  startAdminServer,
} from './adminServer.ts';
import { expectNoAxeViolations } from './axe.ts';
import { startOwnServer, type OwnServer } from './ownServer.ts';

test.describe.configure({ mode: 'default' });

let server: OwnServer;
let signedIn: APIRequestContext;
let csrfToken: string;

test.beforeAll(async ({ browser, playwright }) => {
  server = await startAdminServer();
  const storageState = await signedInState(browser, server);
  signedIn = await playwright.request.newContext({ baseURL: server.url, storageState });
  const html = await (await signedIn.get('/Admin/events/new')).text();
  csrfToken = /name="csrf_token" value="([^"]+)"/.exec(html)?.[1] ?? '';
});

test.afterAll(() => server?.kill());

const draft = { title: 'Guarded', sub_title: '', date: '2024-01-01', place: 'Salem', action: 'draft' };

test('a signed-out visitor is led from admin pages to sign-in, and admin endpoints answer 401', async ({
  playwright,
}) => {
  const visitor = await playwright.request.newContext({ baseURL: server.url, maxRedirects: 0 });
  // Back to the page asked for once signed in (src/server/admin/returnPath.ts).
  for (const [path, location] of [
    ['/Admin', '/Admin/login'],
    ['/Admin/events/new', '/Admin/login?next=%2FAdmin%2Fevents%2Fnew'],
    ['/Admin/events/1', '/Admin/login?next=%2FAdmin%2Fevents%2F1'],
    ['/Admin/audit', '/Admin/login?next=%2FAdmin%2Faudit'],
  ] as const) {
    const response = await visitor.get(path);
    expect(response.status(), path).toBe(303);
    expect(response.headers()['location']).toBe(location);
  }
  const upload = await visitor.post('/Admin/edit/events/1/photos', {
    headers: { Origin: server.url },
    multipart: { photo: { name: 'a.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('x') } },
  });
  expect(upload.status()).toBe(401);
  expect(await upload.json()).toEqual({ error: 'You are signed out. Please sign in again.' });
  const remove = await visitor.post('/Admin/edit/events/1/photos/1', { headers: { Origin: server.url } });
  expect(remove.status()).toBe(401);
  expect((await visitor.get(`${server.url}/Events/1`)).status()).toBe(200);
});

test('a change from another origin, or without the session’s token, is refused with 403', async () => {
  const before = await (await signedIn.post('/Admin/api/events_list')).json();
  const refused = [
    await signedIn.post('/Admin/events/new?_action=admin.events.save', {
      form: { ...draft, csrf_token: csrfToken },
      headers: { Origin: 'https://evil.example.net' },
    }),
    await signedIn.post('/Admin/events/new?_action=admin.events.save', { form: { ...draft, csrf_token: csrfToken } }),
    await signedIn.post('/Admin/events/new?_action=admin.events.save', {
      form: draft,
      headers: { Origin: server.url },
    }),
    await signedIn.post('/Admin/events/new?_action=admin.events.save', {
      form: { ...draft, csrf_token: (csrfToken.startsWith('x') ? 'y' : 'x') + csrfToken.slice(1) },
      headers: { Origin: server.url },
    }),
    await signedIn.post('/Admin/events/1/delete', { form: { csrf_token: csrfToken }, headers: { Origin: 'null' } }),
    await signedIn.post('/Admin/edit/events/1/photos/1', { headers: { Origin: server.url } }),
    await signedIn.post('/Admin/logout', { form: {}, headers: { Origin: server.url } }),
  ];
  expect(refused.map((response) => response.status())).toEqual([403, 403, 403, 403, 403, 403, 403]);
  expect(await (await signedIn.post('/Admin/api/events_list')).json()).toEqual(before);
  const accepted = await signedIn.post('/Admin/events/new?_action=admin.events.save', {
    form: { ...draft, csrf_token: csrfToken },
    headers: { Origin: server.url },
    maxRedirects: 0,
  });
  expect(accepted.status()).toBe(303);
});

test('an admin action runs only from a signed-in admin page: a script’s call, or a post to a public page, is 404', async () => {
  const invite = (name: string) => ({ username: name, role: 'editor', email: '', csrf_token: csrfToken });
  const headers = { Origin: server.url };
  const signIn = { username: ADMIN_USER, password: ADMIN_PASSWORD };
  const refused = [
    await signedIn.post('/_actions/admin.staff.invite/', { form: invite('by-script'), headers }),
    await signedIn.post('/Contact-Us?_action=admin.staff.invite', { form: invite('by-contact-page'), headers }),
    // The sign-in's action, for pages of the signed-out: not from a script, nor from a signed-in page.
    await signedIn.post('/_actions/adminEntry.signIn/', { form: signIn, headers }),
    await signedIn.post('/Admin/staff?_action=adminEntry.signIn', {
      form: { ...signIn, csrf_token: csrfToken },
      headers,
    }),
  ];
  expect(refused.map((response) => response.status())).toEqual([404, 404, 404, 404]);
  // An event is saved from its own page only: its address names the event.
  const before = await (await signedIn.post('/Admin/api/events_list')).json();
  const elsewhere = await signedIn.post('/Admin/staff?_action=admin.events.save', {
    form: { ...draft, csrf_token: csrfToken },
    headers,
  });
  expect(elsewhere.status()).toBe(404);
  expect(await (await signedIn.post('/Admin/api/events_list')).json()).toEqual(before);
  const staff = await (await signedIn.get('/Admin/staff')).text();
  expect(staff).not.toMatch(/by-script|by-contact-page/);
  const invited = await signedIn.post('/Admin/staff?_action=admin.staff.invite', { form: invite('by-page'), headers });
  expect(invited.status()).toBe(200);
  expect(await invited.text()).toMatch(/by-page/);
});

test('a form that breaks its action’s rules is shown again with its words, and nothing changes', async () => {
  const headers = { Origin: server.url };
  const before = await (await signedIn.post('/Admin/api/events_list')).json();
  // An invitation (src/actions/staff.ts): the name's rule, said on the page, what was typed kept.
  const invite = await signedIn.post('/Admin/staff?_action=admin.staff.invite', {
    form: { username: 'bala k', role: 'editor', email: '', csrf_token: csrfToken },
    headers,
  });
  expect(invite.status()).toBe(400);
  const invitePage = await invite.text();
  expect(invitePage).toContain('The user name may hold letters, digits and . _ @ - only (no spaces).');
  expect(invitePage).toContain('value="bala k"');
  expect(invitePage).not.toMatch(/Failed to validate|&quot;code&quot;/);
  // The event form (src/server/admin/eventForm.ts): each field's words beside it; a hidden field no page sends.
  const save = (fields: Record<string, string>) =>
    signedIn.post('/Admin/events/new?_action=admin.events.save', {
      form: { ...draft, csrf_token: csrfToken, ...fields },
      headers,
    });
  const badDate = await save({ date: '31/02/2024', title: 'Kept as typed' });
  expect(badDate.status()).toBe(400);
  const badDatePage = await badDate.text();
  expect(badDatePage).toContain('Choose a real date for the event in the Date field.');
  expect(badDatePage).toContain('value="Kept as typed"');
  const forged = await save({ version: 'latest' });
  expect(forged.status()).toBe(400);
  expect(await forged.text()).toContain('The form could not be read, so nothing was saved.');
  // A form of another kind than a page sends, with the token in the header: refused unread.
  const multipart = await signedIn.post('/Admin/events/new?_action=admin.events.save', {
    multipart: { ...draft, csrf_token: csrfToken },
    headers: { ...headers, 'X-CSRF-Token': csrfToken },
  });
  expect(multipart.status()).toBe(415);
  expect(await (await signedIn.post('/Admin/api/events_list')).json()).toEqual(before);
});

test('admin answers are never stored or indexed, and keep the site’s policy without inline scripts', async () => {
  for (const path of ['/Admin', '/Admin/login', '/Admin/audit']) {
    const response = await signedIn.get(path, { maxRedirects: 0 });
    expect(response.headers()['cache-control'], path).toBe('no-store');
    expect(response.headers()['x-robots-tag'], path).toMatch(/noindex/);
  }
  const page = await signedIn.get('/Admin/events/new');
  const policy = page.headers()['content-security-policy'] ?? '';
  expect(policy).toMatch(/script-src [^;]*'sha256-/);
  expect(policy).not.toContain('unsafe-inline');
  expect(policy).toContain("frame-ancestors 'none'");
  const robots = await (await signedIn.get('/robots.txt')).text();
  expect(robots).toMatch(/^Disallow: \/Admin$/m);
  expect(robots).toMatch(/^Allow: \/Admin\/uploads\/$/m);
  expect(await (await signedIn.get('/sitemap.xml')).text()).not.toMatch(/\/Admin/);
});

test('a session cookie is HttpOnly, SameSite=Strict, for /Admin only, and Sign out ends it on the server', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await page.goto('/Admin/login');
  await signIn(page);
  const cookie = (await context.cookies()).find(({ name }) => name === 'isa_admin_session');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/Admin', secure: false });
  expect(cookie?.value).toMatch(/^[a-z2-9]{32}$/);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('You are signed out.');
  // The old cookie, sent again, opens nothing: the session row is gone.
  const replay = await page.request.get(`${server.url}/Admin`, {
    headers: { Cookie: `${cookie?.name}=${cookie?.value}` },
    maxRedirects: 0,
  });
  expect(replay.status()).toBe(303);
});

test('remote mode: /Admin offers the sign-in, and the event pages and endpoints answer 404', async ({ playwright }) => {
  const visitor = await playwright.request.newContext({ baseURL: REMOTE_URL, maxRedirects: 0 });
  // The remote server's store may have no account yet (its first owner comes from a setup link): make one.
  addUser(REMOTE_DATA_DIR, `guard-${process.pid}-${test.info().retry}`, ADMIN_PASSWORD, 'owner', {
    EVENTS_API_URL: `${REMOTE_URL}/Admin/api`,
  });
  const home = await visitor.get('/Admin');
  expect(home.status()).toBe(303);
  expect(home.headers()['location']).toBe('/Admin/login');
  const signInPage = await visitor.get('/Admin/login');
  expect(signInPage.status()).toBe(200);
  expect(await signInPage.text()).toMatch(/type="password"/);
  for (const path of ['/Admin/events/new', '/Admin/events/1', '/Admin/events/1/photos/2/delete']) {
    const answer = await visitor.get(path);
    expect(answer.status(), path).toBe(404);
    expect(await answer.text()).toMatch(/added and changed there, not in this admin/);
  }
  const upload = await visitor.post('/Admin/edit/events/1/photos', {
    headers: { Origin: REMOTE_URL },
    multipart: { photo: { name: 'a.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('x') } },
  });
  expect(upload.status()).toBe(404);
  expect(await upload.json()).toEqual({ error: expect.stringMatching(/society's events server/) });
  await visitor.dispose();
});

test('5 wrong passwords lock that account for 15 minutes for a browser that never signed in to it, even with the right password and after a restart, and leave a colleague at the same address free', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const own = await startOwnServer();
  addUser(own.dataDir);
  addUser(own.dataDir, 'colleague', 'the colleague password');
  try {
    await page.goto(`${own.url}/Admin/login`);
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await signIn(page, ADMIN_USER, 'not the password');
      await expect(page.getByRole('alert')).toHaveText('The user name or the password is not right. Please try again.');
    }
    await signIn(page, ADMIN_USER, 'not the password');
    await expect(page.getByRole('alert')).toContainText('Please wait 15 minutes, or ask an owner');
    await expect(page.getByRole('alert')).not.toContainText('try again');
    own.kill();
    await own.exited;
    const again = await startOwnServer({ DATA_DIR: own.dataDir });
    try {
      await page.goto(`${again.url}/Admin/login`);
      await signIn(page, ADMIN_USER, ADMIN_PASSWORD);
      await expect(page.getByRole('alert')).toHaveText(/Too many failed sign-ins\. Please wait 1[45] minutes/);
      await expect(page).toHaveURL(/\/Admin\/login(\?_action=[\w.]+)?$/);
      await signIn(page, 'colleague', 'the colleague password');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Events');
    } finally {
      again.kill();
    }
  } finally {
    own.kill();
  }
});

test('twelve wrong sign-ins from strangers lock the account for strangers only: the colleague’s own browser signs in, a stranger with the right password is refused, the owner sees it all in the audit log and on Staff, and lifts it', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(90_000);
  const own = await startOwnServer({ TRUST_PROXY: 'loopback' });
  addUser(own.dataDir);
  try {
    // The colleague's browser signed in once before (and so keeps its device cookie), then signed out.
    const context = await browser.newContext({ baseURL: own.url });
    const colleague = await context.newPage();
    await colleague.goto('/Admin/login');
    await signIn(colleague);
    await expect(colleague.getByRole('heading', { level: 1 })).toHaveText('Events');
    const deviceCookie = (await context.cookies()).find((cookie) => cookie.name.startsWith('isa_admin_device_'));
    expect(deviceCookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/Admin' });
    await colleague.getByRole('button', { name: 'Sign out' }).click();

    const stranger = await playwright.request.newContext({ baseURL: own.url, maxRedirects: 0 });
    const strangerSignIn = (password: string, address: string) =>
      stranger.post(SIGN_IN_POST, {
        form: { username: ADMIN_USER, password },
        headers: { Origin: own.url, 'X-Forwarded-For': address },
      });
    const statuses: number[] = [];
    for (let i = 1; i <= 12; i += 1)
      statuses.push((await strangerSignIn(`guess number ${i}`, `203.0.113.${i}`)).status());
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429, 429, 429, 429, 429, 429, 429]);

    await signIn(colleague);
    await expect(colleague.getByRole('heading', { level: 1 })).toHaveText('Events');
    const refused = await strangerSignIn(ADMIN_PASSWORD, '198.51.100.77');
    expect(refused.status()).toBe(429);
    expect(refused.headers()['retry-after']).toMatch(/^\d+$/);
    expect(await refused.text()).toMatch(/Too many failed sign-ins\. Please wait 15 minutes/);
    await stranger.dispose();

    await colleague.goto('/Admin/audit');
    const table = colleague.getByRole('table');
    await expect(table.getByRole('row').filter({ hasText: 'sign in failed' })).toHaveCount(5);
    await expect(table.getByRole('row').filter({ hasText: 'from 203.0.113.5' }).first()).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: 'sign in locked' })).toHaveCount(1);
    await expect(colleague.locator('main')).not.toContainText('guess number');

    // Staff shows the lock (since when, until when, from how many addresses), and an owner lifts it.
    await colleague.setViewportSize({ width: 390, height: 844 });
    await colleague.goto('/Admin/staff');
    const locks = colleague.getByRole('region', { name: 'Locked accounts' });
    await expect(locks).toContainText(
      /office: locked since \d+ \w+ \d{4}, \d\d:\d\d IST until \d+ \w+ \d{4}, \d\d:\d\d IST, after wrong passwords from 5 addresses\./,
    );
    await expectNoAxeViolations(colleague);
    await colleague.screenshot({ path: test.info().outputPath('staff-locked.png'), fullPage: true });
    await locks.getByRole('button', { name: 'Unlock office' }).click();
    await expect(colleague.getByRole('status').filter({ hasText: 'office is unlocked' })).toBeVisible();
    await expect(colleague.getByRole('region', { name: 'Locked accounts' })).toHaveCount(0);
    const unlocked = await playwright.request.newContext({ baseURL: own.url, maxRedirects: 0 });
    const afterUnlock = await unlocked.post(SIGN_IN_POST, {
      form: { username: ADMIN_USER, password: ADMIN_PASSWORD },
      headers: { Origin: own.url, 'X-Forwarded-For': '198.51.100.78' },
    });
    expect(afterUnlock.status()).toBe(303);
    await unlocked.dispose();
    await colleague.goto('/Admin/audit');
    await expect(table.getByRole('row').filter({ hasText: 'by office, on Staff' })).toHaveCount(1);
    await context.close();
  } finally {
    own.kill();
  }
});
