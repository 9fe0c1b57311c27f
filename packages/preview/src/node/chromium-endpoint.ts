/**
 * @module Which running Chromium `launchChromium` connects to instead of starting one (headless.ts). Apart from
 * headless.ts, and free of imports, so a caller can set it without loading Playwright (the test suite's setup
 * file, run before every test file, most of which never open a browser).
 */

let endpoint: string | undefined;

/**
 * Connect to a Chromium that is already running (the `wsEndpoint` of Playwright's `chromium.launchServer`)
 * instead of starting one per `launchChromium` call; `undefined` starts them again. A start costs ~3.4 s of CPU
 * (browser, GPU, network and renderer processes) on a 2-core machine, a connection a few milliseconds. Each
 * caller still gets browser contexts of its own, and its `close()` only disconnects, closing what it opened.
 * The server sets it from `KILN_CHROMIUM_ENDPOINT`; the test suite starts one Chromium for all its files.
 */
export function useSharedChromium(wsEndpoint: string | undefined): void {
  endpoint = wsEndpoint;
}

/** The endpoint `useSharedChromium` set, if any. */
export function sharedChromium(): string | undefined {
  return endpoint;
}
