import { defineConfig } from 'vitest/config';

// One Vitest run covers unit tests beside the code, package integration tests, and the e2e suite.
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.{ts,tsx}', 'packages/*/test/**/*.test.{ts,tsx}', 'e2e/**/*.test.ts'],
    testTimeout: 30_000,
    // Two files at a time: Vitest's default on this 2-core machine (cores - 1) runs the suite one file after
    // another, while integration files mostly wait on other processes and threads (Chromium, PGlite's worker
    // threads, Deno). Four mixed files: 139/151 s with one worker, 91/115 s with two.
    maxWorkers: 2,
    hookTimeout: 120_000,
  },
});
