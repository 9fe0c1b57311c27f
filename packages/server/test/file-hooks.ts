/**
 * @module What every test file that starts servers sets up once: one Chromium for the render checks of all its
 * servers (held until the file ends; each server's stop would otherwise close it), and render checks answered
 * from disk (render-cache.ts). The harness sets it up when it is imported. Apart from the harness so that a
 * Vitest project running server files without isolation (one worker imports the harness once for many files)
 * can set each later file up again from a setup file (`setupFiles`) that calls `setUpServerTestFile()`: the
 * `server` project does (file-setup.ts). Tried first on 8 server/test files: 164 s wall, 41 s user vs 222 s, 49 s
 * isolated (load 32–35).
 */
import { afterAll } from 'vitest';
import { holdValidation, useRenderCheckCache } from '../src/jobs/validate';
import { diskRenderCheckCache } from './render-cache';

let release: (() => Promise<void>) | undefined;

/** Sets up the current test file (again after an earlier file ended); a no-op when it is already set up. */
export function setUpServerTestFile(): void {
  if (release) return;
  release = holdValidation();
  useRenderCheckCache(diskRenderCheckCache());
  afterAll(async () => {
    const done = release;
    release = undefined;
    // The next file in a shared worker starts as a fresh process would: no cache until it sets one up.
    useRenderCheckCache(undefined);
    await done?.();
  });
}
