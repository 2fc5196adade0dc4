/**
 * `npm run deploy` as production runs it, following releases built as CI builds them (`npm run
 * release` in a repository made from this working copy, tests/e2e/deployRig.ts; the second, a content
 * change, made from the first without building again), first from a stand-in
 * of GitHub's releases API (tests/e2e/githubReleases.ts), then from a folder, with visitors coming
 * through Caddy and the project's own deploy/Caddyfile (tests/e2e/caddyFront.ts). Each fault the deploy
 * must survive: a download cut short (resumed, then live); the disk full while unpacking (live keeps
 * serving, the status and the owners say so, an owner's "Try again" puts it live once there is room);
 * the deploy killed with kill -9 under visitor load (Caddy holds the requests, the site answers again
 * within 30 s, a message sent just before is kept); a damaged artifact (refused before unpacking); a
 * release of another deploy protocol (refused); a release that fails its health check (never takes a
 * visitor). And what the office relies on: a switch loses no request, rollback, a replayed webhook
 * fetches nothing, a second deploy on the same folder refuses, and nothing is ever built on the server.
 */
import { spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statfsSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { create } from 'tar';
import { startVisitorLoad, VISITOR_REQUESTS, type VisitorLoad } from '../../scripts/bench/visitorLoad.ts';
import { digestOf } from '../../src/lib/fileDigest.ts';
import { artifactName, digestLine, digestName, type Manifest } from '../../src/artifact/manifest.ts';
import { startSmtp } from '../unit/contact/localSmtp.ts';
import { addUser, signIn } from './adminServer.ts';
import { startCaddy, type CaddyFront } from './caddyFront.ts';
import { actionAnswer, CONTACT_ACTION, contactActionRequest, formTokenOf, storedMessages } from './contactMessages.ts';
import {
  deploySite,
  makeRepository,
  pageText,
  releaseOfChange,
  startDeploy,
  type RunningDeploy,
  type TestRepository,
} from './deployRig.ts';
import { REPOSITORY, startGitHubReleases, type GitHubReleases } from './githubReleases.ts';

const BEARERS = 'content/state-bearers.yaml';
const PRESIDENT = 'Dr. Sample Kumar';
const RENAMED = 'Dr. Released Kumar';
const OWNER_MAIL = 'owner@example.org';
const WEBHOOK_SECRET = 'the webhook secret of the test';
const TOKEN = 'github_pat_read_only';
/** The content editor in GitHub mode: its two public values built into every release, the App's settings for the server. */
const EDITOR_PUBLIC = { PUBLIC_KEYSTATIC_GITHUB_REPO: REPOSITORY, PUBLIC_KEYSTATIC_GITHUB_APP_SLUG: 'isa-tn-content' };
const EDITOR = {
  ...EDITOR_PUBLIC,
  KEYSTATIC_GITHUB_CLIENT_ID: 'Iv1.0123456789abcdef',
  KEYSTATIC_GITHUB_CLIENT_SECRET: 'client-secret-of-the-app',
  KEYSTATIC_SECRET: 'b'.repeat(64),
};

// One deploy for the whole file, its steps in order. No retry: a retry would run every step again (minutes),
// and a failure here is the deploy's, to be read, not passed over.
test.describe.configure({ mode: 'serial', retries: 0 });

/** The releases' folders are a small disk of their own (tmpfs), to be filled: that needs root. */
const canMount = process.getuid?.() === 0 && spawnSync('mount', ['--version']).status === 0;
test.skip(!canMount, 'The deploy\u2019s tests fill a small disk of their own (a tmpfs): run them as root, as CI does.');

let repository: TestRepository;
let site: Awaited<ReturnType<typeof deploySite>>;
let github: GitHubReleases;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let deploy: RunningDeploy;
/** Caddy in front with the project's deploy/Caddyfile, as in production: visitors come through it. */
let front: CaddyFront;
/** The two releases: the site as it is, as CI makes it, and a content change made from it (deployRig.ts). */
let first: { commit: string; file: string };
let renamed: { commit: string; file: string };
/** The second release, made while the first is put live (CI would make it after the next merge). */
let renamedMade: Promise<{ commit: string; file: string }>;
/** The folder releases are published in (DEPLOY_RELEASES, once the deploy follows a folder). */
let published: string;
let mounted = false;

test.beforeAll(async () => {
  test.setTimeout(420_000);
  repository = makeRepository();
  site = await deploySite();
  const built = mkdtempSync(path.join(tmpdir(), 'isa-built-'));
  const file = await repository.release(built, { SITE_URL: site.siteUrl, ...EDITOR_PUBLIC });
  first = { file, commit: path.basename(file).slice('isa-site-'.length, -'.tar.gz'.length) };
  // A content change, as merged: its release is the first one with the page changed (deployRig.ts).
  const subject = 'President renamed';
  const commit = repository.commit(subject, (edit) => edit(BEARERS).replace(PRESIDENT, RENAMED));
  renamedMade = releaseOfChange(first.file, { commit, subject, from: PRESIDENT, to: RENAMED });
  renamedMade.catch(() => undefined); // Awaited (and its failure said) where it is published.
  published = mkdtempSync(path.join(tmpdir(), 'isa-published-'));
  mkdirSync(path.join(site.deployDir, 'releases'), { recursive: true });
  const mount = spawnSync('mount', [
    '-t',
    'tmpfs',
    '-o',
    'size=1500m,mode=0700',
    'tmpfs',
    path.join(site.deployDir, 'releases'),
  ]);
  if (mount.status !== 0) throw new Error(`mount: ${mount.stderr.toString()}`);
  mounted = true;
  github = await startGitHubReleases();
  smtp = await startSmtp();
});

/** What the deploy said, with a failure: the reason is there more often than in the assertion. */
// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures from a destructuring pattern
test.afterEach(async ({}, testInfo) => {
  if (deploy && testInfo.status !== testInfo.expectedStatus) {
    await testInfo.attach('deploy-output.txt', { body: deploy.output.join('').slice(-20_000) });
  }
});

test.afterAll(async () => {
  await front?.stop();
  if (mounted) spawnSync('umount', ['-l', path.join(site.deployDir, 'releases')]);
  await deploy?.stop();
  rmSync(site?.base ?? '/nonexistent', { recursive: true, force: true });
  await github?.close();
  await smtp?.close();
  repository?.remove();
});

/** Visitors through Caddy, each pausing 25 ms between requests. */
/** Visitors at once (startVisitorLoad's connections). */
const VISITORS = 4;
const visitors = (requests = VISITOR_REQUESTS) =>
  startVisitorLoad(front.url, { connections: VISITORS, pauseMs: 25, requests });

/** Waits until /Office-Brearers shows `text`. */
async function bearersShow(text: string, timeoutMs = 180_000): Promise<void> {
  await expect
    .poll(async () => (await pageText(`${deploy.url}/Office-Brearers`))?.includes(text) ?? false, {
      timeout: timeoutMs,
      intervals: [250],
    })
    .toBe(true);
}

/** Stops `load` and expects no failed request among many, and one release running: the old one stopped. */
async function noneFailed(load: VisitorLoad, atLeast = 100, brokenOff: Record<string, number> = {}): Promise<void> {
  const figures = await load.stop();
  console.info(`Visitors: ${JSON.stringify(figures)}`);
  expect(figures.failures).toEqual(brokenOff);
  expect(figures.failed).toBe(Object.values(brokenOff).reduce((sum, count) => sum + count, 0));
  expect(figures.requests).toBeGreaterThan(atLeast);
  await expect.poll(() => deploy.releasesRunning(), { timeout: 45_000 }).toBe(1);
}

/** Publishes `file` in the folder the deploy follows, as CI would: the artifact, then its digest last. */
function publishInFolder(file: string, as = path.basename(file), digest?: string): void {
  copyFileSync(file, path.join(published, as));
  const line = digest ? digestLine(digest, as) : readFileSync(`${file}.sha256`, 'utf8');
  writeFileSync(path.join(published, digestName(as)), line);
}

const signedDelivery = (delivery: string) => {
  const body = JSON.stringify({ action: 'published', release: { name: 'President renamed' } });
  return fetch(`${deploy.url}/api/deploy`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-GitHub-Event': 'release',
      'X-GitHub-Delivery': delivery,
      'X-Hub-Signature-256': `sha256=${createHmac('sha256', WEBHOOK_SECRET).update(body).digest('hex')}`,
    },
    body,
  });
};

test('the first release published on GitHub goes live, its download cut short and taken up again; nothing is built here', async () => {
  test.setTimeout(240_000);
  github.publish(first.file, 'The site as it is');
  github.cutNextDownloadAt(5 * 1024 * 1024);
  deploy = await startDeploy(site, {
    DEPLOY_RELEASES: `github:${REPOSITORY}`,
    DEPLOY_GITHUB_API_URL: github.url,
    DEPLOY_TOKEN: TOKEN,
    // Only the webhook makes it look again (the first look is at its start).
    DEPLOY_POLL_SECONDS: '3600',
    DEPLOY_KEEP_RELEASES: '2',
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    CONTACT_TO: OWNER_MAIL,
    CONTACT_MIN_FILL_SECONDS: '0',
    DEPLOY_WEBHOOK_SECRET: WEBHOOK_SECRET,
    ...EDITOR,
  });
  // Live first, then the attempt's end: two writes of the status.
  const status = await deploy.waitFor('the first release', (now) => now.attempts[0]?.result === 'live');
  front = await startCaddy(Number(new URL(deploy.url).port));
  expect(status.live?.commit).toBe(first.commit);
  expect(status.attempts).toEqual([expect.objectContaining({ commit: first.commit, result: 'live' })]);
  // The download broke off once and was taken up where it stopped.
  const downloads = github.requests.filter((request) => request.startsWith('GET /stored/'));
  expect(downloads).toEqual([
    expect.stringMatching(/^GET \/stored\/2$/),
    expect.stringMatching(/^GET \/stored\/1$/),
    expect.stringMatching(/^GET \/stored\/1 bytes=\d+-\d+$/),
  ]);
  expect(await pageText(`${deploy.url}/Office-Brearers`)).toContain(PRESIDENT);
  const printed = await deploy.command('status');
  expect(printed.status).toBe(0);
  expect(printed.output).toContain(`Live: ${first.commit.slice(0, 7)} "The site as it is"`);
  expect(printed.output).toMatch(/Deploy: running \(process \d+\), waiting for a new release/);
  // Nothing was built or installed here: the release is what CI made, its production dependencies only.
  const folder = path.join(site.deployDir, 'releases', first.commit);
  expect(JSON.parse(readFileSync(path.join(folder, 'dist/build.json'), 'utf8'))).toMatchObject({ editor: 'github' });
  expect(existsSync(path.join(folder, 'node_modules/astro/package.json'))).toBe(true);
  // Nor what never runs: type declarations and source maps (scripts/release.ts).
  expect(existsSync(path.join(folder, 'node_modules/astro/client.d.ts'))).toBe(false);
  expect(
    readdirSync(path.join(folder, 'node_modules'), { recursive: true }).filter((name) =>
      /\.(?:d\.ts|map)$/.test(String(name)),
    ),
  ).toEqual([]);
  for (const absent of ['node_modules/vitest', 'node_modules/@playwright', 'node_modules/.bin', 'tests', '.git']) {
    expect(existsSync(path.join(folder, absent)), absent).toBe(false);
  }
  expect(readdirSync(site.deployDir).sort()).toEqual(['deploy.sock', 'downloads', 'releases', 'status.json']);
  expect((await fetch(`${deploy.url}/keystatic`)).status).toBe(200);
  // DATA_DIR is the deploy's, outside every release folder.
  expect(existsSync(path.join(deploy.dataDir, 'site.sqlite'))).toBe(true);
  // GitHub's webhook is answered by the release: refused unsigned.
  const unsigned = await fetch(`${deploy.url}/api/deploy`, {
    method: 'POST',
    headers: { 'X-GitHub-Event': 'release' },
    body: '{}',
  });
  expect(unsigned.status).toBe(401);
});

test('a second deploy on the same folder refuses, saying why', async () => {
  const second = await deploy.command();
  expect(second.status).toBe(1);
  expect(second.output).toContain(`Another deploy is already running on ${site.deployDir}`);
});

test('with the disk full while unpacking, the live release keeps serving, and the status and the owners say so', async () => {
  // The second release may still be being made (a few minutes on a busy machine).
  test.setTimeout(420_000);
  renamed = await renamedMade;
  addUser(deploy.dataDir); // An owner made before the switches (signs in below), with an e-mail address.
  const { DatabaseSync } = await import('node:sqlite');
  const store = new DatabaseSync(path.join(deploy.dataDir, 'site.sqlite'));
  store.prepare('UPDATE admin_users SET email = ?').run(OWNER_MAIL);
  store.close();
  // Something else filled the disk of the releases: 20 MB are left.
  const disk = path.join(site.deployDir, 'releases');
  const { bavail, bsize } = statfsSync(disk);
  const filler = spawnSync('fallocate', ['-l', String(bavail * bsize - 20 * 1024 * 1024), path.join(disk, 'filler')]);
  expect(filler.status, filler.stderr.toString()).toBe(0);
  github.publish(renamed.file, 'President renamed');
  const delivery = '72d3162e-cc78-11e3-81ab-4c9367dc0958';
  expect((await signedDelivery(delivery)).status).toBe(202);
  const status = await deploy.waitFor('the full disk', (now) => now.attempts[0]?.result === 'failed');
  expect(status.attempts[0]).toMatchObject({ commit: renamed.commit, step: 'unpack', cause: 'machine' });
  expect(status.attempts[0]?.reason).toMatch(/this server could not write it: ENOSPC/);
  expect(status.live?.commit).toBe(first.commit);
  expect(await pageText(`${deploy.url}/Office-Brearers`)).toContain(PRESIDENT);
  expect(existsSync(path.join(disk, `${renamed.commit}.partial`))).toBe(false);
  expect((await deploy.command('status')).output).toContain('This server is at fault (its disk, most likely)');
  // Owners are told by e-mail, through the live site's mail settings, whose fault it is.
  await expect.poll(() => smtp.received.length, { timeout: 20_000 }).toBe(1);
  expect(smtp.received[0]?.to).toEqual([OWNER_MAIL]);
  expect(smtp.received[0]?.data).toMatch(/^Subject: The site was not updated: President renamed$/m);
  expect(smtp.received[0]?.data).toContain('This server is at fault');
  // The same delivery again (a replay) fetches nothing: the deploy answered it already.
  const looks = () => github.requests.filter((request) => request.endsWith('/releases/latest')).length;
  const before = looks();
  expect((await signedDelivery(delivery)).status).toBe(202);
  await expect.poll(() => deploy.output.join('').includes(`delivery ${delivery} was answered before`)).toBe(true);
  expect(looks()).toBe(before);
  rmSync(path.join(disk, 'filler'), { force: true });
});

test('an owner sees on a phone why it did not go live, and "Try again" puts it live with no failed request', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${deploy.url}/Admin`);
  await signIn(page);
  // Not over the events: where releases are.
  await expect(page.getByRole('region', { name: 'Site updates' })).toHaveCount(0);
  await page.goto(`${deploy.url}/Admin/system`);
  const updates = page.getByRole('region', { name: 'Site updates' });
  await expect(updates).toContainText('A published release did not go live.');
  await expect(updates).toContainText('"President renamed": failed at unpacking it');
  await expect(updates).toContainText('This server is at fault');
  await expect(updates.getByText('ENOSPC')).toBeHidden();
  await updates.getByText('Details for the maintainer').click();
  await expect(updates.getByText(/ENOSPC/)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('site-updates-failed.png'), fullPage: true });
  const load = visitors();
  await updates.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('status')).toContainText('The release is being tried again.');
  await bearersShow(RENAMED);
  await new Promise((resolve) => setTimeout(resolve, 2000)); // Visitors go on while the old release drains.
  await noneFailed(load);
  await expect.poll(() => deploy.status()?.live?.commit).toBe(renamed.commit); // Written once the old one has drained.
  // As the message says: the System page opened again (a reload would send the form again).
  await page.goto(`${deploy.url}/Admin/system`);
  await expect(page.getByText('The release is being tried again.')).toHaveCount(0);
  // Nothing needs the owner any more: no Site updates; the Live version line says what is live.
  await expect(page.getByRole('region', { name: 'Site updates' })).toHaveCount(0);
  await expect(page.locator('.system-line', { hasText: 'Live version' })).toContainText(
    '"President renamed": went live',
  );
  await page.screenshot({ path: test.info().outputPath('site-updates-live.png'), fullPage: true });
});

test('the deploy killed with kill -9 under visitor load: Caddy holds the requests, the site answers again within 30 s, nothing sent is lost', async () => {
  test.setTimeout(240_000);
  publishInFolder(renamed.file);
  // A visitor's message, answered as sent just before the kill.
  const form = await fetch(`${front.url}/Contact-Us`);
  const fields = {
    formToken: formTokenOf(await form.text()),
    name: 'Killed Moment',
    email: 'visitor@example.org',
    phone: '',
    message: 'Kept?',
  };
  const sent = await fetch(`${front.url}${CONTACT_ACTION}`, contactActionRequest(fields, site.siteUrl));
  expect(actionAnswer(sent.status, await sent.text())).not.toHaveProperty('code');
  const load = visitors();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const killed = Date.now();
  // As systemd would: started again at once, here following the folder releases are published in.
  await deploy.restart('SIGKILL', {
    DEPLOY_RELEASES: published,
    DEPLOY_TOKEN: '',
    DEPLOY_GITHUB_API_URL: '',
    DEPLOY_POLL_SECONDS: '1',
  });
  await expect
    .poll(async () => (await pageText(`${front.url}/healthz`)) !== undefined, { timeout: 30_000, intervals: [100] })
    .toBe(true);
  const downFor = Date.now() - killed;
  console.info(`The site answered again ${downFor} ms after the kill.`);
  expect(downFor).toBeLessThan(30_000);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  // Every request sent while the site was down was held by Caddy and answered. The one exception: an events-API read
  // the killed process had already taken (at most one per visitor). Caddy sends a GET again; a POST it cannot, as
  // Debian's Caddy 2.6 no longer has its body ("ContentLength=15 with Body length 0", tried against a stand-in
  // upstream), so that visitor's list says it could not load and offers to try again. Nothing written is lost.
  const figures = load.figures();
  const brokenOff = Object.fromEntries(
    Object.entries(figures.failures).filter(([what]) =>
      /^POST \/Admin\/api\/(events_list|event_details_list): 502$/.test(what),
    ),
  );
  expect(Object.values(brokenOff).reduce((sum, count) => sum + count, 0)).toBeLessThanOrEqual(VISITORS);
  await noneFailed(load, 20, brokenOff);
  expect(storedMessages(deploy.dataDir).some((message) => message.name === 'Killed Moment')).toBe(true);
  // The same release, served again: nothing was downloaded or unpacked.
  expect(deploy.status()?.live?.commit).toBe(renamed.commit);
  expect(deploy.output.join('')).toContain(`Serving ${renamed.commit.slice(0, 7)} "President renamed" again.`);
});

test('a damaged artifact is refused before it is unpacked; the status and the owners say so; live keeps serving', async () => {
  test.setTimeout(60_000);
  const damaged = path.join(mkdtempSync(path.join(tmpdir(), 'isa-damaged-')), artifactName('d'.repeat(40)));
  copyFileSync(renamed.file, damaged);
  const bytes = readFileSync(damaged);
  const middle = Math.floor(bytes.length / 2);
  bytes.writeUInt8(bytes.readUInt8(middle) ^ 0xff, middle);
  writeFileSync(damaged, bytes);
  publishInFolder(damaged, path.basename(damaged), await digestOf(renamed.file));
  const status = await deploy.waitFor(
    'the damaged artifact refused',
    (now) => now.attempts[0]?.commit === 'd'.repeat(40) && now.attempts[0].result === 'failed',
  );
  expect(status.attempts[0]).toMatchObject({ step: 'verify', cause: 'release' });
  expect(status.attempts[0]?.reason).toContain('its digest is not the published one: the artifact is damaged');
  expect(existsSync(path.join(site.deployDir, 'releases', 'd'.repeat(40)))).toBe(false);
  expect(existsSync(path.join(site.deployDir, 'releases', `${'d'.repeat(40)}.partial`))).toBe(false);
  expect(status.live?.commit).toBe(renamed.commit);
  expect(await pageText(`${deploy.url}/Office-Brearers`)).toContain(RENAMED);
  await expect
    .poll(() => smtp.received.some((mail) => mail.data.includes('The release itself is at fault')), { timeout: 20_000 })
    .toBe(true);
});

test('a release of another deploy protocol is refused with a clear status, before it is unpacked', async () => {
  test.setTimeout(60_000);
  const other = 'e'.repeat(40);
  const dir = mkdtempSync(path.join(tmpdir(), 'isa-other-protocol-'));
  const manifest: Manifest = {
    ...(JSON.parse(
      readFileSync(path.join(site.deployDir, 'releases', renamed.commit, 'release.json'), 'utf8'),
    ) as Manifest),
    commit: other,
    protocol: 99,
  };
  writeFileSync(path.join(dir, 'release.json'), JSON.stringify(manifest));
  mkdirSync(path.join(dir, 'dist'));
  writeFileSync(path.join(dir, 'dist/build.json'), '{}');
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'isa-other-')), artifactName(other));
  await create({ file, cwd: dir, gzip: true, portable: true }, ['release.json', 'dist']);
  publishInFolder(file, path.basename(file), await digestOf(file));
  const status = await deploy.waitFor(
    'the other protocol refused',
    (now) => now.attempts[0]?.commit === other && now.attempts[0].result === 'failed',
  );
  expect(status.attempts[0]).toMatchObject({ step: 'accept', cause: 'release' });
  expect(status.attempts[0]?.reason).toMatch(
    /^it speaks deploy protocol 99 and this server's deploy speaks 2: upgrade the deploy/,
  );
  expect(existsSync(path.join(site.deployDir, 'releases', other))).toBe(false);
  expect((await deploy.command('status')).output).toContain('failed at checking what it was made for');
  expect(status.live?.commit).toBe(renamed.commit);
});

test('a release that fails its health check never takes a visitor; the live one keeps serving', async () => {
  test.setTimeout(240_000);
  // The release to roll back to is damaged on disk: the code of its contact page is gone, so it starts
  // but answers that page with 500, as a server whose build changed under it would.
  const chunks = path.join(site.deployDir, 'releases', first.commit, 'dist/server/chunks');
  const [contactPage] = readdirSync(chunks).filter((name) => name.startsWith('Contact-Us_'));
  if (!contactPage) throw new Error(`No Contact-Us chunk in ${chunks}`);
  const moved = path.join(chunks, '..', contactPage); // Aside, on the releases' own disk.
  renameSync(path.join(chunks, contactPage), moved);
  const load = visitors();
  const refused = await deploy.command('rollback');
  await noneFailed(load, 20); // The refusal takes a second or so.
  expect(refused.status).toBe(1);
  expect(refused.output).toMatch(/^The rollback failed: .*GET \/Contact-Us answered 500/m);
  expect(refused.output).toContain(`${renamed.commit.slice(0, 7)} stays live`);
  expect(deploy.status()?.attempts[0]).toMatchObject({ commit: first.commit, result: 'failed', step: 'health' });
  expect(deploy.status()?.live?.commit).toBe(renamed.commit);
  renameSync(moved, path.join(chunks, contactPage)); // Mended, for the rollback below.
});

test('rollback puts the previous good release back with no failed request, and keeps it', async () => {
  test.setTimeout(240_000);
  const load = visitors();
  const rolled = await deploy.command('rollback');
  expect(rolled.output).toContain(`Rolled back: ${first.commit.slice(0, 7)} "The site as it is" is live again`);
  expect(rolled.status).toBe(0);
  await bearersShow(PRESIDENT);
  await new Promise((resolve) => setTimeout(resolve, 3000)); // Three more looks: it stays.
  await noneFailed(load);
  expect(deploy.status()?.live).toMatchObject({ commit: first.commit, rolledBack: true });
  expect((await deploy.command('status')).output).toContain('put back by a rollback');
});

test('a newer release after a rollback is put live as usual', async () => {
  test.setTimeout(240_000);
  publishInFolder(renamed.file); // Published again: the newest now.
  await bearersShow(RENAMED);
  // The status is written once the old release has drained, a moment after the new one serves.
  await expect.poll(() => deploy.status()?.live).toMatchObject({ commit: renamed.commit, rolledBack: false });
});
