/**
 * `npm run deploy` against a local bare repository standing in for the society's GitHub
 * repository (tests/e2e/deployRig.ts), as an office lives it: the first release goes live; a merged
 * content change goes live by itself while visitors keep asking (pages, on-demand pages, the events
 * API), with no failed request; a content mistake and a commit whose install or build fails never go
 * live, nor does a release that fails its health check (one damaged on disk, offered by a rollback), and
 * the status says which commit failed and why, while the live release keeps serving; of two commits pushed in quick succession the newest
 * wins; rollback puts the previous good release back and keeps it; an account made before all
 * this still signs in; a second deploy on the same folder refuses. Visitors come through Caddy with
 * the project's own deploy/Caddyfile, as in production (tests/e2e/caddyFront.ts).
 */
import { createHmac } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { expect, test } from '@playwright/test';
import { startVisitorLoad, VISITOR_REQUESTS, type VisitorLoad } from '../../scripts/bench/visitorLoad.ts';
import { releaseDir } from '../../src/deploy/releaseBuild.ts';
import { startSmtp } from '../unit/contact/localSmtp.ts';
import { addUser, signIn } from './adminServer.ts';
import { startCaddy, type CaddyFront } from './caddyFront.ts';
import { makeRepository, pageText, startDeploy, type RunningDeploy, type TestRepository } from './deployRig.ts';

const BEARERS = 'content/state-bearers.yaml';
const PRESIDENT = 'Dr. Sample Kumar';
const SECRETARY = 'Dr. Example Priya';

// One deploy for the whole file, its steps in order. No retry: a retry would run every step again (minutes),
// and a failure here is the deploy's, to be read, not passed over.
test.describe.configure({ mode: 'serial', retries: 0 });

const OWNER_MAIL = 'owner@example.org';
const WEBHOOK_SECRET = 'the webhook secret of the test';
/** The content editor in GitHub mode: the two public values for every build, the App's settings for the server. */
const EDITOR = {
  PUBLIC_KEYSTATIC_GITHUB_REPO: 'example-society/isa-site',
  PUBLIC_KEYSTATIC_GITHUB_APP_SLUG: 'isa-tn-content',
  KEYSTATIC_GITHUB_CLIENT_ID: 'Iv1.0123456789abcdef',
  KEYSTATIC_GITHUB_CLIENT_SECRET: 'client-secret-of-the-app',
  KEYSTATIC_SECRET: 'b'.repeat(64),
};

let repository: TestRepository;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let deploy: RunningDeploy;
/** Caddy in front with the project's deploy/Caddyfile, as in production: visitors come through it. */
let front: CaddyFront;
let first: string;
let renamed: string;

test.beforeAll(async () => {
  repository = makeRepository();
  smtp = await startSmtp();
});

test.afterAll(async () => {
  await front?.stop();
  await deploy?.stop();
  await smtp?.close();
  repository?.remove();
});

/** Visitors through Caddy, each pausing 25 ms between requests: the machine builds meanwhile. */
const visitors = (requests = VISITOR_REQUESTS) => startVisitorLoad(front.url, { pauseMs: 25, requests });

/** Waits until /Office-Brearers shows `text`. */
async function bearersShow(text: string, timeoutMs = 240_000): Promise<void> {
  await expect
    .poll(async () => (await pageText(`${deploy.url}/Office-Brearers`))?.includes(text) ?? false, {
      timeout: timeoutMs,
      intervals: [250],
    })
    .toBe(true);
}

/** Stops `load` and expects no failed request among many, and one release running: the old one stopped. */
async function noneFailed(load: VisitorLoad, atLeast = 100): Promise<void> {
  const figures = await load.stop();
  console.info(`Visitors during the switch: ${JSON.stringify(figures)}`);
  expect(figures.failures).toEqual({});
  expect(figures.failed).toBe(0);
  expect(figures.requests).toBeGreaterThan(atLeast);
  await expect.poll(() => deploy.releasesRunning(), { timeout: 45_000 }).toBe(1);
}

test('the first release of the branch goes live, and status names it', async () => {
  test.setTimeout(300_000);
  deploy = await startDeploy(repository.bare, {
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    CONTACT_TO: OWNER_MAIL,
    DEPLOY_WEBHOOK_SECRET: WEBHOOK_SECRET,
    ...EDITOR,
  });
  const status = await deploy.waitFor('the first release', (now) => now.live !== undefined);
  first = status.live?.commit ?? '';
  front = await startCaddy(Number(new URL(deploy.url).port));
  expect(status.attempts[0]).toMatchObject({ commit: first, result: 'live' });
  // Its dependencies are the clone's, hard-linked (the same lock file): no npm ci.
  expect(inodeOf(releaseDir(deploy.deployDir, first))).toBe(inodeOf(path.resolve(import.meta.dirname, '../..')));
  expect(await pageText(`${deploy.url}/Office-Brearers`)).toContain(PRESIDENT);
  // DATA_DIR is the deploy's, outside every release folder.
  expect(existsSync(path.join(deploy.dataDir, 'site.sqlite'))).toBe(true);
  const printed = await deploy.command('status');
  expect(printed.status).toBe(0);
  expect(printed.output).toContain(`Live: ${first.slice(0, 7)} "The site as it is"`);
  expect(printed.output).toMatch(/Deploy: running \(process \d+\), waiting for a new commit/);
  // The release was built with the editor's public values, and its server has the App's settings: the editor is on.
  const built = readFileSync(path.join(releaseDir(deploy.deployDir, first), 'dist/build.json'), 'utf8');
  expect(JSON.parse(built)).toMatchObject({ editor: 'github' });
  expect((await fetch(`${deploy.url}/keystatic`)).status).toBe(200);
  expect(deploy.output.join('')).not.toContain('The content editor is switched off');
  // GitHub's push webhook is answered by the release: refused unsigned, taken signed.
  const push = JSON.stringify({ ref: 'refs/heads/main' });
  const hook = (signature: string) =>
    fetch(`${deploy.url}/api/deploy`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-GitHub-Event': 'push', 'X-Hub-Signature-256': signature },
      body: push,
    });
  expect((await hook('sha256=0')).status).toBe(401);
  const signature = `sha256=${createHmac('sha256', WEBHOOK_SECRET).update(push).digest('hex')}`;
  expect((await hook(signature)).status).toBe(202);
});

test('a second deploy on the same folder refuses, saying why', async () => {
  const second = await deploy.command();
  expect(second.status).toBe(1);
  expect(second.output).toContain(`Another deploy is already running on ${deploy.deployDir}`);
});

test('a content mistake never goes live; status says which commit failed and why', async () => {
  test.setTimeout(120_000);
  addUser(deploy.dataDir); // An owner made before the switches (signs in at the end), with an e-mail address.
  const store = new DatabaseSync(path.join(deploy.dataDir, 'site.sqlite'));
  store.prepare('UPDATE admin_users SET email = ?').run(OWNER_MAIL);
  store.close();
  const broken = repository.push('Treasurer phone', (file) =>
    file(BEARERS).replace(/phone1: .*/, 'phone1: "not a phone"'),
  );
  const status = await deploy.waitFor('the failed content check', (now) =>
    now.attempts.some((attempt) => attempt.commit === broken && attempt.result === 'failed'),
  );
  expect(status.attempts[0]).toMatchObject({ commit: broken, result: 'failed', step: 'check' });
  expect(status.attempts[0]?.reason).toMatch(/content\/state-bearers\.yaml, line \d+, bearer 1 .*"phone1"/);
  expect(status.live?.commit).toBe(first);
  expect(await pageText(`${deploy.url}/Office-Brearers`)).toContain(PRESIDENT);
  expect(existsSync(releaseDir(deploy.deployDir, broken))).toBe(false);
  const printed = (await deploy.command('status')).output;
  expect(printed).toContain(`Last attempt: ${broken.slice(0, 7)} "Treasurer phone": failed at the content check`);
  expect(printed).toContain('"phone1": expected a phone number');
  // Owners are told by e-mail, through the live site's mail settings.
  await expect.poll(() => smtp.received.length, { timeout: 20_000 }).toBe(1);
  expect(smtp.received[0]?.to).toEqual([OWNER_MAIL]);
  expect(smtp.received[0]?.data).toMatch(/^Subject: The site was not updated: Treasurer phone$/m);
  expect(smtp.received[0]?.data).toContain(broken.slice(0, 7));
});

test('an owner sees in /Admin which merged change did not go live, and why', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${deploy.url}/Admin`);
  await signIn(page);
  const updates = page.getByRole('region', { name: 'Site updates' });
  await expect(updates).toContainText('A merged change did not go live.');
  await expect(updates).toContainText('"Treasurer phone": failed at the content check');
  await expect(updates).toContainText('"phone1": expected a phone number');
  await expect(updates).toContainText(`Live: ${first.slice(0, 7)} "The site as it is", since`);
  await page.screenshot({ path: test.info().outputPath('site-updates.png') });
});

test('a commit whose install fails, and one whose build fails, never go live', async () => {
  test.setTimeout(180_000);
  const noInstall = repository.push('Lock file damaged', (file) => {
    file(BEARERS).replace('phone1: "not a phone"', 'phone1: "+91 00000 10001"');
    file('package-lock.json').write('{ this is not JSON');
  });
  await deploy.waitFor('the failed install', (now) =>
    now.attempts.some((attempt) => attempt.commit === noInstall && attempt.result === 'failed'),
  );
  expect(deploy.status()?.attempts[0]).toMatchObject({ commit: noInstall, step: 'install' });
  const noBuild = repository.push('Site settings damaged', (file) => {
    file('package-lock.json').write(readOriginal('package-lock.json'));
    file('astro.config.mjs').write(`${file('astro.config.mjs').read()}\nexport const broken = ;\n`);
  });
  const status = await deploy.waitFor('the failed build', (now) =>
    now.attempts.some((attempt) => attempt.commit === noBuild && attempt.result === 'failed'),
  );
  expect(status.attempts[0]).toMatchObject({ commit: noBuild, step: 'build' });
  expect(status.attempts[0]?.reason).toMatch(/astro\.config\.mjs|Unexpected token|Expression expected/i);
  expect(status.live?.commit).toBe(first);
});

test('of two merges in quick succession the newest goes live by itself, with no failed request; the other is never half-built live', async () => {
  test.setTimeout(300_000);
  const load = visitors();
  const mended = repository.push('President renamed, settings mended', (file) => {
    file('astro.config.mjs').write(readOriginal('astro.config.mjs'));
    file(BEARERS).replace(PRESIDENT, 'Dr. Deployed Kumar');
  });
  await deploy.waitFor('the mended commit being built', (now) =>
    now.attempts.some((attempt) => attempt.commit === mended && attempt.result === 'building'),
  );
  renamed = repository.push('Secretary renamed', (file) => file(BEARERS).replace(SECRETARY, 'Dr. Newest Priya'));
  await bearersShow('Dr. Newest Priya');
  await new Promise((resolve) => setTimeout(resolve, 2000)); // Visitors go on while the old release drains.
  await noneFailed(load);
  const status = deploy.status();
  expect(status?.live?.commit).toBe(renamed);
  expect(await pageText(`${deploy.url}/Office-Brearers`)).toContain('Dr. Deployed Kumar');
  expect(status?.attempts.find((attempt) => attempt.commit === mended)?.result).toBe('superseded');
  expect(existsSync(releaseDir(deploy.deployDir, mended))).toBe(false);
  // The old release stays kept for a rollback; the new one shares its dependencies (the same lock file).
  expect(existsSync(path.join(releaseDir(deploy.deployDir, first), 'release.json'))).toBe(true);
  expect(inodeOf(releaseDir(deploy.deployDir, renamed))).toBe(inodeOf(releaseDir(deploy.deployDir, first)));
});

test('a release that fails its health check never takes a visitor; the live one keeps serving', async () => {
  test.setTimeout(180_000);
  // The release to roll back to is damaged on disk: the code of its contact page is gone, so it starts
  // but answers that page with 500, as a server whose build changed under it would.
  const chunks = path.join(releaseDir(deploy.deployDir, first), 'dist/server/chunks');
  const [contactPage] = readdirSync(chunks).filter((name) => name.startsWith('Contact-Us_'));
  if (!contactPage) throw new Error(`No Contact-Us chunk in ${chunks}`);
  const moved = path.join(deploy.deployDir, contactPage);
  renameSync(path.join(chunks, contactPage), moved);
  const load = visitors();
  const refused = await deploy.command('rollback');
  await noneFailed(load, 20); // The refusal takes a second or so.
  expect(refused.status).toBe(1);
  expect(refused.output).toMatch(/^The rollback failed: .*GET \/Contact-Us answered 500/m);
  expect(refused.output).toContain(`${renamed.slice(0, 7)} stays live`);
  const status = deploy.status();
  expect(status?.attempts[0]).toMatchObject({ commit: first, result: 'failed', step: 'health' });
  expect(status?.live?.commit).toBe(renamed);
  expect(await pageText(`${deploy.url}/Contact-Us`)).toBeDefined();
  renameSync(moved, path.join(chunks, contactPage)); // Mended, for the rollback below.
});

test('rollback puts the previous good release back with no failed request, and keeps it', async () => {
  test.setTimeout(180_000);
  const load = visitors();
  const rolled = await deploy.command('rollback');
  expect(rolled.output).toContain(`Rolled back: ${first.slice(0, 7)} "The site as it is" is live again`);
  expect(rolled.status).toBe(0);
  await bearersShow(PRESIDENT);
  await new Promise((resolve) => setTimeout(resolve, 3000)); // Three more polls: it stays.
  await noneFailed(load);
  const status = deploy.status();
  expect(status?.live).toMatchObject({ commit: first, rolledBack: true });
  expect(await pageText(`${deploy.url}/Office-Brearers`)).toContain(SECRETARY);
  expect((await deploy.command('status')).output).toContain('put back by a rollback');
});

test('a newer commit after a rollback is tried as usual', async () => {
  test.setTimeout(120_000);
  const newer = repository.push('Treasurer phone again', (file) =>
    file(BEARERS).replace(/phone1: .*/, 'phone1: "still not a phone"'),
  );
  await deploy.waitFor('the newer commit tried', (now) =>
    now.attempts.some((attempt) => attempt.commit === newer && attempt.result === 'failed'),
  );
  expect(deploy.status()?.live).toMatchObject({ commit: first, rolledBack: true });
});

test('the deploy itself restarting (an upgrade of the deploy) fails no page behind Caddy, and serves the live release again', async () => {
  test.setTimeout(120_000);
  const live = deploy.status()?.live?.commit;
  // Pages only: Caddy holds and sends again GETs while the port is closed, not POSTs (README).
  const load = visitors(VISITOR_REQUESTS.filter((request) => request.method === 'GET'));
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await deploy.restart();
  await expect
    .poll(() => deploy.output.join('').includes(`Serving ${live?.slice(0, 7)}`), { timeout: 60_000 })
    .toBe(true);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await noneFailed(load, 20); // Caddy held the requests of those seconds: fewer were made.
  // Still the rollback's release, kept until a newer commit arrives: nothing was built.
  expect(deploy.status()?.live).toMatchObject({ commit: live, rolledBack: true });
});

test('an account made before the switches still signs in', async ({ page }) => {
  await page.goto(`${deploy.url}/Admin`);
  await signIn(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Events');
});

/** The inode of a file of `project`'s dependencies: the same one in two folders when they are hard links. */
function inodeOf(project: string): number {
  return statSync(path.join(project, 'node_modules/astro/package.json')).ino;
}

/** A file as it is in this working copy (what the test repository started from). */
function readOriginal(relative: string): string {
  return readFileSync(path.resolve(import.meta.dirname, '../..', relative), 'utf8');
}
