/**
 * @module Test-only entry of the compiled server (`dist/test-e2e-server.mjs`, built beside `dist/main.mjs` by
 * scripts/build-server.ts): the Kiln processes of the e2e suite (e2e/harness.ts) run it. It installs the tests'
 * disk cache of render check results (render-cache.ts) and then runs `src/main.ts` exactly as `npm start` does.
 * The bundle splits shared code into chunks, so this entry and `main.mjs` share one `jobs/validate.ts` module:
 * the cache installed here is the one main's render checks see. `npm start` never loads this file.
 */
import { useRenderCheckCache } from '../src/jobs/validate';
import { diskRenderCheckCache } from './render-cache';

useRenderCheckCache(diskRenderCheckCache());
await import('../src/main');
