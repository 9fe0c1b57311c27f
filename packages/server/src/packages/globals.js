// Injected by esbuild into package bundles (bundle.ts): the `process` and `Buffer` globals Node code expects.
import { Buffer } from 'buffer/';
import process from 'process/browser.js';

export { Buffer, process };
