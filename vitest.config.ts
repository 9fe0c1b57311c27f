import { defineConfig } from 'vitest/config';

// One Vitest run covers unit tests beside the code, package integration tests, and the e2e suite.
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.{ts,tsx}', 'packages/*/test/**/*.test.{ts,tsx}', 'e2e/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
