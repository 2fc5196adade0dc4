import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

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
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    // As the browser tests: on CI, where the unit tests run beside the build and the browser tests on two
    // cores, a test that fails is run once more before it counts (`npm test` names every failure).
    retry: process.env.CI ? 1 : 0,
  },
});
