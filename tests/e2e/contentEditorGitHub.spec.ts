/**
 * The content editor in GitHub mode, end to end, against a stand-in GitHub (githubStandIn.ts: a
 * local git repository behind the API calls Keystatic makes), through the real Keystatic UI under
 * `astro dev` in a scratch copy: the office assistant signs in, changes a branch president's name
 * and gives a phone photo, saves (the protected main branch makes Keystatic ask for a branch of
 * its own), sees "Saved" with the branch, opens the pull request and sees the next save find it;
 * the commit is on the stand-in's branch; then the "Fit photos" workflow's script, run on that
 * branch, fits the photo and the content check passes. Then the most common edit, a new state
 * president with a new photo: the old photo, which no one else uses, is deleted in the same commit
 * (createCommitOnBranch's fileChanges.deletions) and the pull request opens.
 * What the stand-in cannot prove: see "GitHub mode in the tests" in docs/developing.md.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { parse } from 'yaml';
import { addUser, signIn } from './adminServer.ts';
import { routeToStandIn, startGitHubStandIn, type GitHubStandIn } from './githubStandIn.ts';
import { startScratchProject, type ScratchProject } from './scratchProject.ts';
import { phonePhoto } from '../phonePhoto.ts';

// No trace: the 'editor' project of playwright.config.ts.
test.use({ actionTimeout: 20_000 });

const ROOT = path.resolve(import.meta.dirname, '../..');
const SITE = { owner: 'isa-tn-example', name: 'site' };
const BRANCH = 'content/salem-president';

let standIn: GitHubStandIn | undefined;
let project: ScratchProject | undefined;
let context: BrowserContext | undefined;
const dataDir = mkdtempSync(path.join(tmpdir(), 'github-mode-data-'));

// One stand-in, one `astro dev` and one signed-in browser for the tests below, in order.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(360_000);
  standIn = await startGitHubStandIn(
    { dir: ROOT, paths: ['content', 'scripts', 'src', 'package.json', 'tsconfig.json'] },
    SITE,
  );
  project = await startScratchProject({
    ownOrigin: true,
    env: {
      PUBLIC_KEYSTATIC_GITHUB_REPO: `${SITE.owner}/${SITE.name}`,
      PUBLIC_KEYSTATIC_GITHUB_APP_SLUG: 'isa-tn-content',
      KEYSTATIC_GITHUB_CLIENT_ID: 'Iv1.0123456789abcdef',
      KEYSTATIC_GITHUB_CLIENT_SECRET: 'client-secret-of-the-app',
      KEYSTATIC_SECRET: 'a'.repeat(64),
      GITHUB_STAND_IN_URL: standIn.url,
      DATA_DIR: dataDir,
      NODE_OPTIONS: `--import=${pathToFileURL(path.join(import.meta.dirname, 'githubFetch.ts')).href}`,
    },
  });
  context = await browser.newContext();
  await routeToStandIn(context, standIn);
  const page = await context.newPage();
  // Signing in: the editor sends the browser to GitHub's sign-in, which sends it back with a code
  // that the server exchanges for a token.
  await page.goto(`${project.url}/keystatic`, { timeout: 240_000 });
  await page.getByRole('button', { name: 'Log in with GitHub' }).click({ timeout: 240_000 });
  await expect.poll(() => standIn?.exchanges, { timeout: 60_000 }).toEqual(['code-1']);
  await expect(page).toHaveURL(/\/keystatic\/?$/);
  await expect(page.getByText('Branches').first()).toBeVisible({ timeout: 60_000 });
  await page.close();
});

test.afterAll(async () => {
  await context?.close();
  await project?.stop();
  await standIn?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A page of the signed-in browser, and the stand-in and the scratch project it works with. */
async function signedIn() {
  if (!context || !standIn || !project) throw new Error('the set-up did not finish');
  return { page: await context.newPage(), standIn, project };
}

/** Chooses `photo` as the photo of the open bearer's dialog, under its field `label`. */
async function choosePhoto(page: Page, label: string, photo: Buffer) {
  const chooser = page.waitForEvent('filechooser');
  await page
    .getByRole('dialog')
    .getByRole('group', { name: label })
    .getByRole('button', { name: 'Choose file' })
    .click();
  await (await chooser).setFiles({ name: 'IMG_20260114.jpg', mimeType: 'image/jpeg', buffer: photo });
}

/** Saves the open form on a new branch (main is protected: Keystatic asks for one); the message it shows. */
async function saveOnNewBranch(page: Page, branch: string) {
  await page.getByRole('button', { name: 'Save' }).click();
  const branchDialog = page.getByRole('dialog');
  await branchDialog.getByLabel('Branch name').fill(branch);
  await branchDialog.getByRole('button', { name: 'Create branch and save' }).click();
  const saved = page.locator('[data-save-result="saved"]');
  await expect(saved).toContainText(`Saved on the branch content/${branch}.`, { timeout: 60_000 });
  return saved;
}

test('GitHub mode: sign in, save a phone photo to a branch, its pull request, then Fit photos on the branch', async () => {
  test.setTimeout(240_000);
  const { page, standIn, project } = await signedIn();
  await page.goto(`${project.url}/keystatic/branch/main/collection/branches/item/salem`);
  await page.getByText('President: Dr. Dummy Ganesh').click({ timeout: 60_000 });
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('Dr. Example Anitha');
  await choosePhoto(page, 'Photo', await phonePhoto({ orientation: 6 }));
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  // main is protected: Keystatic asks for a branch, creates it and commits there.
  const saved = await saveOnNewBranch(page, 'salem-president');

  const { repository } = standIn;
  expect(repository.git('log', '--format=%s', `main..${BRANCH}`)).toBe('Update content/branches/salem');
  const salem = parse(repository.git('show', `${BRANCH}:content/branches/salem.yaml`)) as {
    bearers: { name: string; image: string }[];
  };
  expect(salem.bearers[0]?.name).toBe('Dr. Example Anitha');
  const photo = path.posix.join('content/branches', salem.bearers[0]?.image ?? '');
  expect(photo).toMatch(/^content\/photos\/bearers\/branches\/salem\/img-20260114-[a-z0-9]+\.jpg$/);
  expect(Number(repository.git('cat-file', '-s', `${BRANCH}:${photo}`))).toBeGreaterThan(2 * 1024 * 1024);
  // The other photos kept their names: the commit adds one photo and changes the YAML file.
  expect(repository.git('diff', '--name-status', `main..${BRANCH}`).split('\n').sort()).toEqual(
    [`A\t${photo}`, 'M\tcontent/branches/salem.yaml'].sort(),
  );

  // The pull request: opened from the link, found by the next save.
  const [pull] = await Promise.all([
    page.waitForEvent('popup'),
    saved.getByRole('link', { name: 'Open its pull request' }).click(),
  ]);
  await expect(pull).toHaveTitle('Pull request #1');
  expect(repository.pullRequests).toEqual([
    { number: 1, branch: BRANCH, url: `https://github.com/${SITE.owner}/${SITE.name}/pull/1` },
  ]);
  await page.getByText('President: Dr. Example Anitha').click();
  await dialog.getByLabel('Name').fill('Dr. Example Anitha Rao');
  // (by the keyboard: the message of the first save lies over the dialog's corner)
  await dialog.getByRole('button', { name: 'Done' }).press('Enter');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('link', { name: 'Its pull request: #1' })).toHaveAttribute(
    'href',
    `https://github.com/${SITE.owner}/${SITE.name}/pull/1`,
  );
  expect(repository.git('log', '--format=%s', `main..${BRANCH}`).split('\n')).toHaveLength(2);

  // The "Fit photos" workflow's script on the branch, then the content check.
  const checkout = repository.checkout(BRANCH);
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(checkout, 'node_modules'), 'dir');
  const node = (script: string) =>
    spawnSync(process.execPath, [`scripts/${script}`], { cwd: checkout, encoding: 'utf8' });
  const fit = node('fit-photos.ts');
  expect(fit.stdout).toMatch(new RegExp(`^Fitted ${photo.replace(/[.]/g, '\\.')}: 4000 × 3000`, 'm'));
  const check = node('check-content.ts');
  expect(check.stdout, check.stderr).toContain('Content is correct');

  // The link from /Admin, where the forms are set up: Site pages leads to them and says what a save is.
  addUser(dataDir);
  await page.goto(`${project.url}/Admin`);
  await signIn(page);
  const nav = page.getByRole('navigation', { name: 'Admin' });
  await expect(nav.getByRole('link', { name: 'Site pages' })).toHaveAttribute('href', '/keystatic');
  await expect(page.getByRole('region', { name: 'Site pages' })).toContainText(
    /Saving there makes a proposal \(a pull request\); it is live about \d+ minutes? after a maintainer merges it\./,
  );
});

test('GitHub mode: a new president with a new photo; the old photo, used by no one else, goes in the same commit', async () => {
  test.setTimeout(180_000);
  const { page, standIn, project } = await signedIn();
  const { repository } = standIn;
  const old = 'content/photos/bearers/state/president.jpg';
  const usersOfOld = repository
    .git('grep', '-l', 'photos/bearers/state/president.jpg', 'main', '--', ':(glob)content/**/*.yaml')
    .split('\n')
    .filter(Boolean);
  expect(usersOfOld, 'only the president uses the old photo').toEqual(['main:content/state-bearers.yaml']);

  await page.goto(`${project.url}/keystatic/branch/main/singleton/stateBearers`);
  await page.getByText('President: Dr. Sample Kumar').click({ timeout: 60_000 });
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('Dr. New President');
  await choosePhoto(page, 'Photo', await phonePhoto({ orientation: 1 }));
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  const saved = await saveOnNewBranch(page, 'new-president');

  const branch = 'content/new-president';
  const bearers = (
    parse(repository.git('show', `${branch}:content/state-bearers.yaml`)) as {
      bearers: { name: string; image: string }[];
    }
  ).bearers;
  expect(bearers[0]?.name).toBe('Dr. New President');
  const photo = path.posix.join('content', bearers[0]?.image ?? '');
  expect(photo).toMatch(/^content\/photos\/bearers\/state\/img-20260114-[a-z0-9]+\.jpg$/);
  // One commit: the new photo, the old one deleted (GitHub's fileChanges.deletions), the YAML file.
  expect(repository.git('log', '--format=%s', `main..${branch}`)).toBe('Update content/state-bearers');
  expect(repository.git('diff', '--name-status', `main..${branch}`).split('\n').sort()).toEqual(
    [`A\t${photo}`, `D\t${old}`, 'M\tcontent/state-bearers.yaml'].sort(),
  );

  const [pull] = await Promise.all([
    page.waitForEvent('popup'),
    saved.getByRole('link', { name: 'Open its pull request' }).click(),
  ]);
  await expect(pull).toHaveTitle(/^Pull request #\d+$/);
  expect(repository.pullRequests.at(-1)).toMatchObject({ branch });
});
