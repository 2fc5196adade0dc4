import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    // As the browser tests: on CI, where the unit tests run beside the build and the browser tests on two
    // cores, a test that fails is run once more before it counts (`npm test` names every failure).
    retry: process.env.CI ? 1 : 0,
  },
});
