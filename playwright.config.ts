import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './scripts/chromium.ts';
import { seededDataDir } from './tests/e2e/seededDataDir.ts';

const PORT = Number(process.env.E2E_PORT ?? 4399);
/** A second server whose events backend is down and whose contact form keeps its default anti-spam settings. */
export const BACKEND_DOWN_URL = `http://127.0.0.1:${PORT + 1}`;
/** A third server reading events from a fake of the society's backend (tests/e2e/fakeEventsBackend.ts). */
export const REMOTE_URL = `http://127.0.0.1:${PORT + 2}`;
const FAKE_BACKEND_PORT = Number(process.env.E2E_BACKEND_PORT ?? PORT + 51);
// The data folders are made once, by the process that reads this first (the workers inherit E2E_DATA_DIR),
// with the sample events already in them (tests/e2e/seededDataDir.ts).
const madeHere = process.env.E2E_DATA_DIR === undefined;
const dataDir = process.env.E2E_DATA_DIR ?? seededDataDir();
/** The data folder of the second server. */
export const BACKEND_DOWN_DATA_DIR = `${dataDir}-down`;
/** The data folder of the third server (events from the fake backend; accounts and messages kept here). */
export const REMOTE_DATA_DIR = `${dataDir}-remote`;
/**
 * The minimum fill time of the contact form on the second and third servers (CONTACT_MIN_FILL_SECONDS
 * there): short, so that the tests of it wait one second rather than the default three.
 */
export const MIN_FILL_MS = 1000;
if (madeHere) seededDataDir(BACKEND_DOWN_DATA_DIR);
process.env.E2E_DATA_DIR = dataDir;
/** The whole browser (the content editor's tests), and the headless shell for the rest (scripts/chromium.ts). */
const browserPath = findChromium();
const shellPath = findChromium('shell');
/** The content editor's browser tests (see the projects below). */
const EDITOR_SPECS = /contentEditor(Forms|GitHub)\.spec\.ts$/;
/** The deploy's tests: one serial chain of a few minutes, started first so that it does not end the run alone. */
const DEPLOY_SPEC = /deploy\.spec\.ts$/;

/** Browser tests run against the production build served by `npm start`, as users get it. */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  // Three at once: the tests wait on browsers, timers and child processes (a run keeps about one of the two
  // cores busy), so a third worker shortens the run without starving the others (a fourth made it no
  // shorter, and slow tests slower). The same on a developer's machine as on CI, so that `npm test` takes
  // the time the README gives.
  workers: 3,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  // Where the suite's time goes, so that a slow new test is seen where it is added: the ten slowest spec
  // files over 30 s, named at the end of the run.
  reportSlowTests: { max: 10, threshold: 30_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // A trace is recorded when a failed test runs again (CI retries once): recording one for every test cost a
    // fifth of the browser tests' time. A failure's screenshot is kept everywhere.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      ...(shellPath ? { executablePath: shellPath } : {}),
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    // The content editor's tests under `astro dev` run without traces (closing a traced Keystatic page once
    // hung for two minutes after the test had passed; a screenshot shows a failure). Options that differ make
    // Playwright run them in workers of their own, after every other test: as the first project they start
    // at once beside the others instead of finishing the run alone (about a minute of two idle workers).
    {
      name: 'editor',
      testMatch: EDITOR_SPECS,
      use: {
        ...devices['Desktop Chrome'],
        trace: 'off',
        screenshot: 'only-on-failure',
        // Keystatic's sign-in through the GitHub stand-in does not come back in the headless shell.
        launchOptions: { ...(browserPath ? { executablePath: browserPath } : {}), args: CHROMIUM_ARGS },
      },
    },
    { name: 'deploy', testMatch: DEPLOY_SPEC, use: { ...devices['Desktop Chrome'] } },
    { name: 'chromium', testIgnore: [EDITOR_SPECS, DEPLOY_SPEC], use: { ...devices['Desktop Chrome'] } },
  ],
  webServer: [
    {
      command: 'node scripts/start.ts',
      url: `http://127.0.0.1:${PORT}/`,
      reuseExistingServer: false,
      timeout: 180_000,
      // Contact messages: no waiting before a form may be sent and no practical rate limit here, so
      // tests can send many; the second server keeps the default rate limit for the anti-spam tests.
      env: {
        HOST: '127.0.0.1',
        PORT: String(PORT),
        DATA_DIR: dataDir,
        CONTACT_MIN_FILL_SECONDS: '0',
        CONTACT_RATE_LIMIT: '10000/1',
      },
    },
    {
      // The same build reading events from a backend that is down (nothing listens on port 9),
      // for the tests of how pages fail politely. Started after the first, so it never builds.
      command: 'node scripts/start.ts',
      url: `http://127.0.0.1:${PORT + 1}/`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: {
        HOST: '127.0.0.1',
        PORT: String(PORT + 1),
        DATA_DIR: BACKEND_DOWN_DATA_DIR,
        EVENTS_API_URL: 'http://127.0.0.1:9/Admin/api',
        EVENTS_API_TIMEOUT_MS: '1000',
        CONTACT_MIN_FILL_SECONDS: String(MIN_FILL_MS / 1000),
      },
    },
    {
      command: 'node tests/e2e/fakeEventsBackend.ts',
      url: `http://127.0.0.1:${FAKE_BACKEND_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { PORT: String(FAKE_BACKEND_PORT) },
    },
    {
      // The same build in remote mode, reading events and photos from the fake backend above.
      command: 'node scripts/start.ts',
      url: `http://127.0.0.1:${PORT + 2}/`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: {
        HOST: '127.0.0.1',
        PORT: String(PORT + 2),
        DATA_DIR: REMOTE_DATA_DIR,
        EVENTS_API_URL: `http://127.0.0.1:${FAKE_BACKEND_PORT}/Admin/api`,
        EVENTS_API_TIMEOUT_MS: '5000',
        CONTACT_MIN_FILL_SECONDS: String(MIN_FILL_MS / 1000),
      },
    },
  ],
});
