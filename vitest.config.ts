import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Test files that mock modules (vi.mock), start the process's services, or count sharp's resizes (its counters are
 * the process's, and a file run before in a shared worker may leave resizes going): each in a worker of its own.
 */
const ISOLATED = [
  'tests/unit/admin/{adminModes,eventWriter,linkMail,photoWriteFailure,users}.test.ts',
  'tests/unit/events/uploads.test.ts',
  'tests/unit/{carousel,cliSettings,devEventsApi,builtImages,contentSecurityPolicy,eventsRoutes}.test.ts',
  'tests/unit/{freshness,precompressedFiles,refusedBodies,siteServer,siteServerHardening}.test.ts',
  'tests/unit/keystatic/editorAccess.test.ts',
  'tests/unit/system/ownerAlerts.test.ts',
];

export default defineConfig({
  // `astro:actions` outside Astro's build: its client half and the server's defineAction (tests/unit/actions/
  // astroActions.ts), so that a form action's input schema is tried as Astro reads a form. The actions' place in a
  // request (the guard, the middleware, the pages) is tested through the built site (tests/e2e).
  // And what src/content.config.ts takes from `astro:content`: defineCollection(), whose module needs no build
  // either (tests/unit/content/contentFiles.test.ts reads the collections).
  resolve: {
    alias: {
      'astro:actions': fileURLToPath(new URL('tests/unit/actions/astroActions.ts', import.meta.url)),
      'astro:content': fileURLToPath(new URL('node_modules/astro/dist/content/config.js', import.meta.url)),
    },
  },
  test: {
    environment: 'node',
    // Generous: in `npm test` the unit tests yield the processor to the browser tests (scripts/test-all.ts).
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // As the browser tests: on CI, where the unit tests run beside the build and the browser tests on two
    // cores, a test that fails is run once more before it counts (`npm test` names every failure).
    retry: process.env.CI ? 1 : 0,
    // Most files share their workers' module caches (a third less time than a fresh worker per file). Those
    // that mock modules, or make the one set of services a process holds (a site server among them), run
    // each in a fresh worker.
    projects: [
      {
        extends: true,
        test: { name: 'shared', include: ['tests/unit/**/*.test.ts'], exclude: ISOLATED, isolate: false },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
    ],
  },
});
