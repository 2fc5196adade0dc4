/**
 * A server of the admin tests' own (tests/e2e/ownServer.ts) with one account, and a signed-in
 * browser state made once and reused: the admin's tests create and delete events and lock
 * addresses out, which would disturb the tests of the shared servers.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import {
  expect,
  test,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { startOwnServer, type OwnServer } from './ownServer.ts';
import { solidJpeg } from '../solidJpeg.ts';

/** Where the sign-in form posts: its page, running the sign-in action (src/actions/entry.ts). */
export const SIGN_IN_POST = '/Admin/login?_action=adminEntry.signIn';
export const FORGOT_POST = '/Admin/forgot?_action=adminEntry.forgot';

export const ADMIN_USER = 'office';
export const ADMIN_PASSWORD = 'a long office password';
const root = path.resolve(import.meta.dirname, '../..');

/** Adds an account to the store in `dataDir` with `npm run admin`, the password piped in (`env`: more settings). */
export function addUser(
  dataDir: string,
  username = ADMIN_USER,
  password = ADMIN_PASSWORD,
  role: 'owner' | 'editor' = 'owner',
  env: Record<string, string> = {},
): void {
  const result = spawnSync(process.execPath, ['scripts/admin.ts', 'add-user', username, '--role', role], {
    cwd: root,
    env: { ...process.env, ...env, DATA_DIR: dataDir },
    input: `${password}\n`,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`add-user failed: ${result.stderr}`);
}

export async function startAdminServer(env: Record<string, string> = {}): Promise<OwnServer> {
  const server = await startOwnServer(env);
  addUser(server.dataDir);
  return server;
}

/** Signs in on the sign-in page as a person would. */
export async function signIn(page: Page, username = ADMIN_USER, password = ADMIN_PASSWORD): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** A browser state signed in to `server`, made once by signing in. */
export async function signedInState(browser: Browser, server: OwnServer) {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await page.goto('/Admin');
  await signIn(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Events');
  const state = await context.storageState();
  await context.close();
  return state;
}

export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** A small JPEG of one colour, as a file for an <input type="file">. */
export async function photoFile(name: string, colour: string) {
  const buffer = await solidJpeg(320, 240, colour);
  return { name, mimeType: 'image/jpeg', buffer };
}

/**
 * Chooses files once the photos island can take them: its input is disabled until it hydrates, and
 * files set on it before then are never sent (on a loaded machine that is after the page shows).
 */
export async function choosePhotos(page: Page, files: Parameters<Page['setInputFiles']>[1]) {
  const input = page.getByLabel('Choose photos');
  await expect(input).toBeEnabled();
  await input.setInputFiles(files);
}

/** A phone's screen, as the office's assistant holds it. */
export const PHONE = { width: 390, height: 844 };

/**
 * An admin server of a spec file's own with a browser state signed in to it: started before the file's tests,
 * stopped after them. `server` and `state` are read inside a test; `page` opens a page of a context of its own,
 * signed in (`options`: a viewport, JavaScript off).
 */
export function signedInAdmin() {
  let started: { server: OwnServer; state: StorageState } | undefined;
  test.beforeAll(async ({ browser }) => {
    const server = await startAdminServer();
    started = { server, state: await signedInState(browser, server) };
  });
  test.afterAll(() => started?.server.kill());
  const ready = () => {
    if (!started) throw new Error('The admin server starts before the tests (test.beforeAll).');
    return started;
  };
  return {
    get server() {
      return ready().server;
    },
    get state() {
      return ready().state;
    },
    async page(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
      const { server, state } = ready();
      const context = await browser.newContext({ baseURL: server.url, storageState: state, ...options });
      return context.newPage();
    },
  };
}

/** Makes a draft with `photos` (files chosen in this order) and returns its id. */
export async function draftWithPhotos(page: Page, title: string, colours: string[], date = '2024-06-01') {
  await page.goto('/Admin/events/new');
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Date').fill(date);
  await page.getByLabel('Place').selectOption('Madurai');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The draft is saved' })).toBeVisible();
  const id = Number(/\/Admin\/events\/(\d+)/.exec(page.url())?.[1]);
  if (colours.length > 0) {
    const files = await Promise.all(colours.map((colour, index) => photoFile(`${index + 1}.jpg`, colour)));
    await choosePhotos(page, files);
    await expect(page.getByText(`${colours.length} of ${colours.length} uploaded.`)).toBeVisible();
  }
  return id;
}
