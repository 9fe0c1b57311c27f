import { configDefaults, defineConfig } from 'vitest/config';
import { testTempDir } from './test/temp-dir';

/**
 * Unit tests: no servers, browsers, child processes or databases, and no state left behind. They share a
 * worker thread and its module graph (`isolate: false`) instead of a process and a fresh import per file:
 * these 61 files took 37/39 s user vs 60/69 s, and 222/193 s wall vs 421/379 s (alternating runs, load 24–29).
 */
const UNIT = [
  'packages/core/src/**/*.test.ts',
  'packages/codegen/src/**/*.test.ts',
  'packages/preview/src/**/*.test.ts',
  'packages/app-sdk/src/**/*.test.ts',
  'packages/builder/test/**/*.test.{ts,tsx}',
];
/** Server integration tests: in-process servers on PGlite or PostgreSQL, no child process of their own per file. */
const SERVER = ['packages/server/test/**/*.test.ts'];
/** Kiln started as a child process and driven in Chromium, as a person uses it (e2e/harness.ts). */
const E2E = ['e2e/**/*.test.ts'];
/** Integration tests that change their process (V8 flags): a process of their own. */
const ISOLATED = ['packages/server/src/memory.test.ts'];
/** Unit tests of a module's state before its first use (tree-sitter not initialised): a graph of their own. */
const UNIT_ISOLATED = ['packages/preview/src/partial.test.ts'];

/**
 * The `server` project's files mostly wait (on their in-process servers' PGlite threads, on polls, Chromium and
 * Deno): with two workers, ~25 % of both cores sat idle while they ran (a 1-second CPU sampler over whole runs).
 * They run as a group of their own after the other projects (Vitest runs groups one after another, and only
 * projects of one group may share a worker count) with three workers. Whole runs on one machine, back to back:
 * 530 s with two workers, 513 s with three (idle 114 → 81 core-seconds, busy unchanged at ~935); the `server`
 * files 167 → 149 s. `integration` at three too measured 509 s (within the noise) and its builtin-app browser
 * files are the suite's most timing-sensitive (one timed out on a slow machine even at two), so it keeps two, as
 * do the e2e files: Chromium and their Kiln processes keep both cores busy (~10 % idle).
 */
const WAITING = { sequence: { groupOrder: 1 }, maxWorkers: 3 } as const;

// The run's temporary files in memory when the machine allows (test/temp-dir.ts): set before any worker starts.
process.env.TMPDIR = testTempDir();

// One Vitest run covers unit tests beside the code, package integration tests, and the e2e suite.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    // Two files at a time: Vitest's default on this 2-core machine (cores - 1) runs the suite one file after
    // another, while integration files mostly wait on other processes and threads (Chromium, PGlite's worker
    // threads, Deno). Four mixed files: 139/151 s with one worker, 91/115 s with two. Three on the whole suite
    // (fresh clone, quiet, one run each): vitest 655 s against 705 s — 7 %, not worth more timing pressure on CI.
    // The `server` project is the exception (WAITING above).
    maxWorkers: 2,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: UNIT,
          exclude: [...configDefaults.exclude, ...UNIT_ISOLATED],
          pool: 'threads',
          isolate: false,
        },
      },
      { extends: true, test: { name: 'unit-isolated', include: UNIT_ISOLATED, pool: 'threads' } },
      {
        // Server integration files share their worker processes and module graph (`isolate: false`): the server's
        // ~1,000 modules are imported once per worker instead of once per file. Each file starts its own servers
        // and leaves none behind; the harness sets each file up again (packages/server/test/file-setup.ts, file-hooks.ts).
        extends: true,
        test: {
          name: 'server',
          include: SERVER,
          ...WAITING,
          pool: 'forks',
          isolate: false,
          globalSetup: ['test/chromium-server.ts'],
          setupFiles: ['test/shared-chromium.ts', 'packages/server/test/file-setup.ts'],
        },
      },
      {
        // E2E files share their worker processes and module graph too (`isolate: false`): what they test runs in
        // the Kiln child processes they start (stopped after each file) and in Chromium, and each file's
        // `useKiln`/`useBrowser` hooks start and stop its own. A fresh process and import per file cost ~0.7 s of
        // CPU: ten short e2e files took 14.8 s of Vitest worker CPU and 13.4 s of imports isolated, 7.6 s and 4.7 s
        // shared, with the same Kiln and Chromium CPU.
        extends: true,
        test: {
          name: 'e2e',
          include: E2E,
          // `expect.poll` checks every 200 ms, not Vitest's 50: most polls here ask the shared Chromium for a role
          // locator's text or count (the builder's whole page searched each time). Five poll-heavy files, two runs
          // each way alternating: 82 and 75 s of CPU at 50 ms, 75 and 71 s at 200 ms.
          expect: { poll: { interval: 200 } },
          pool: 'forks',
          isolate: false,
          globalSetup: ['test/chromium-server.ts'],
          setupFiles: ['test/shared-chromium.ts', 'e2e/file-setup.ts'],
        },
      },
      {
        // Package integration tests (servers, Chromium, PGlite, Deno, child processes): files share their worker
        // processes and module graph too (`isolate: false`); each starts what it needs and stops it.
        extends: true,
        test: {
          name: 'integration',
          include: ['packages/*/src/**/*.test.{ts,tsx}', 'packages/*/test/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, ...UNIT, ...SERVER, ...E2E, ...ISOLATED],
          pool: 'forks',
          isolate: false,
          // The run's one Chromium for this project's files and the servers they start (test/chromium-server.ts).
          globalSetup: ['test/chromium-server.ts'],
          setupFiles: ['test/shared-chromium.ts'],
        },
      },
      {
        // Each file in a process of its own (Vitest's default): it changes V8's flags for its process.
        extends: true,
        test: { name: 'isolated', include: ISOLATED, pool: 'forks' },
      },
    ],
  },
});
