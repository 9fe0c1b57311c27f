/**
 * @module Vitest global setup of the `server` and `integration` projects: one Chromium for each project's files
 * (two in a run). Starting Debian's Chromium costs ~3.4 s of CPU (browser, GPU, network and renderer processes;
 * launch + first page + close on this 2-core machine), and the suite used to start one per test file, per
 * in-process server's render checks and per e2e server. Every `launchChromium` of a test file, of a server it
 * starts in-process and of an e2e server process (`KILN_CHROMIUM_ENDPOINT`) connects to it instead
 * (`useSharedChromium`, test/shared-chromium.ts); each works in browser contexts of its own, and its `close()`
 * disconnects, closing what it opened. A test that needs flags of its own (the same-site security test's host
 * resolver rules) launches its own browser.
 */
import { CHROMIUM_ARGS } from '@kiln/preview/node';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared Chromium's `wsEndpoint` (test/chromium-server.ts). */
    chromiumEndpoint: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await chromium.launchServer({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return () => server.close();
}
