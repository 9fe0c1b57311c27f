/**
 * @module Vitest setup file of the `server`, `e2e` and `integration` projects: this file's browsers, and those of the
 * servers it starts (in-process, and as e2e child processes through `KILN_CHROMIUM_ENDPOINT`), connect to the
 * project's one Chromium (test/chromium-server.ts) instead of each starting its own. It loads no Playwright: most
 * files open no browser.
 */
import { useSharedChromium } from '@kiln/preview/chromium-endpoint';
import { inject } from 'vitest';

const endpoint = inject('chromiumEndpoint');
useSharedChromium(endpoint);
process.env.KILN_CHROMIUM_ENDPOINT = endpoint;
