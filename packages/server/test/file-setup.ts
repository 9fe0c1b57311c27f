/**
 * @module Vitest setup file of the `server` project, whose files share worker processes (`isolate: false`): each
 * file is set up as a fresh process would be (file-hooks.ts), though the harness is imported once per worker.
 */
import { setUpServerTestFile } from './file-hooks';

setUpServerTestFile();
