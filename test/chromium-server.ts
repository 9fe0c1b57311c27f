/**
 * @module Vitest global setup of the `server`, `e2e` and `integration` projects: one Chromium for the run, shared by
 * the three projects' files (each project's setup starts it or finds it started, and the last one's teardown closes
 * it). Starting Debian's Chromium costs ~3.4 s of CPU (browser, GPU, network and renderer processes; launch + first
 * page + close on this 2-core machine), and the suite used to start one per test file, per in-process server's
 * render checks and per e2e server, then one per project. Every `launchChromium` of a test file, of a server it
 * starts in-process and of an e2e server process (`KILN_CHROMIUM_ENDPOINT`) connects to it instead
 * (`useSharedChromium`, test/shared-chromium.ts); each works in browser contexts of its own, and its `close()`
 * disconnects, closing what it opened. A test that needs flags of its own (the same-site security test's host
 * resolver rules) launches its own browser.
 *
 * The tests' Chromium runs without site isolation (`TEST_ARGS`): the builder, its preview iframe and a published
 * app then share renderer processes instead of one each. On three e2e files (code editor, visual edits, message
 * blocks) that made 18 renderers instead of 32 and cut Chromium's CPU by 13 % (41.1 → 35.7 s); the same-origin
 * policy still holds, and the same-site security test launches a browser of its own with Kiln's flags. Kiln's
 * own browser (render checks of generated code, verification, prerendering) keeps site isolation.
 *
 * It is Debian's `chromium-headless-shell` when installed (`.ci/run` installs it), else `/usr/bin/chromium`: the same
 * Chromium release built as the headless-only shell, the binary Playwright itself runs for headless tests. On three
 * e2e files (code editor, visual edits, message blocks), two runs each way alternating: 104 and 133 s wall with
 * 195 and 254 s of CPU (both cores) on `/usr/bin/chromium`, 80 and 97 s with 149 and 180 s on the shell: a
 * quarter less.
 */

import { existsSync } from 'node:fs';
import { CHROMIUM_ARGS } from '@kiln/preview/node';
import { type BrowserServer, chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared Chromium's `wsEndpoint` (test/chromium-server.ts). */
    chromiumEndpoint: string;
  }
}

/** Kiln's flags, and site isolation off (see the module doc). */
const TEST_ARGS = [...CHROMIUM_ARGS, '--disable-site-isolation-trials'];
/** The headless shell when installed, else the full Chromium (see the module doc). */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const TEST_CHROMIUM = existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium';

/** The run's Chromium and how many projects use it, kept where every project's copy of this module finds it. */
interface Shared {
  server: BrowserServer;
  users: number;
}
const SHARED = Symbol.for('kiln.tests.chromium');
const registry = globalThis as { [SHARED]?: Promise<Shared> };

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  registry[SHARED] ??= chromium
    .launchServer({ executablePath: TEST_CHROMIUM, args: TEST_ARGS })
    .then((server) => ({ server, users: 0 }));
  const shared = await registry[SHARED];
  shared.users++;
  project.provide('chromiumEndpoint', shared.server.wsEndpoint());
  return async () => {
    if (--shared.users > 0) return;
    delete registry[SHARED];
    await shared.server.close();
  };
}
