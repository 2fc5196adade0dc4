import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // What src/server code takes from `astro:actions` (isInputError, ActionError) outside Astro's build: its client
  // half, which needs no virtual module. Actions themselves are tested through the built site (tests/e2e).
  // And what src/content.config.ts takes from `astro:content`: defineCollection(), whose module needs no build
  // either (tests/unit/content/contentFiles.test.ts reads the collections).
  resolve: {
    alias: {
      'astro:actions': fileURLToPath(new URL('node_modules/astro/dist/actions/runtime/client.js', import.meta.url)),
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
