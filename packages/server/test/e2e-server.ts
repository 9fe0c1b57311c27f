/**
 * @module Test-only entry of the compiled server (`dist/test-e2e-server.mjs`, built beside `dist/main.mjs` by
 * scripts/build-server.ts): the Kiln processes of the e2e suite (e2e/harness.ts) run it. It installs the tests'
 * disk cache of render check results (render-cache.ts) and then runs `src/main.ts` exactly as `npm start` does.
 * The bundle splits shared code into chunks, so this entry and `main.mjs` share one `jobs/validate.ts` module:
 * the cache installed here is the one main's render checks see. `npm start` never loads this file.
 */
import { useRenderCheckCache } from '../src/jobs/validate';
import { diskRenderCheckCache } from './render-cache';
import { removeInBackground } from './snapshots';

/**
 * A Kiln shared by the e2e files of one Vitest worker (e2e/harness.ts `useSharedKiln`, `KILN_TEST_SHARED_BY` = the
 * worker's pid) stops once that worker has gone: Vitest ends a worker with a signal that never reaches its
 * children, so the Kiln would outlive the run. Its data directory is deleted once it has exited.
 */
function stopWithWorker(workerPid: string): void {
  const watch = setInterval(() => {
    if (String(process.ppid) === workerPid) return;
    clearInterval(watch);
    const dataDir = process.env.KILN_DATA_DIR;
    if (dataDir) process.once('exit', () => removeInBackground(dataDir)); // once the server has closed its files
    process.kill(process.pid, 'SIGINT'); // main's own Ctrl-C handling: the server closes as it does for a person
  }, 500);
  watch.unref();
}

if (process.env.KILN_TEST_SHARED_BY) stopWithWorker(process.env.KILN_TEST_SHARED_BY);
useRenderCheckCache(diskRenderCheckCache());
await import('../src/main');
