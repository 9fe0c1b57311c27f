/**
 * @module Loaded with `--import` (after `--import tsx`) into a Kiln process the e2e harness starts
 * (e2e/harness.ts): its render checks use the tests' disk cache of results (render-cache.ts), as the in-process
 * servers of `startTestKiln` do. Plain JavaScript, and a no-op off the main thread: worker threads (the app
 * databases' PGlite) inherit `--import` without tsx's loader.
 */
import { isMainThread } from 'node:worker_threads';

if (isMainThread) {
  const [{ useRenderCheckCache }, { diskRenderCheckCache }] = await Promise.all([
    import('../src/jobs/validate.ts'),
    import('./render-cache.ts'),
  ]);
  useRenderCheckCache(diskRenderCheckCache());
}
