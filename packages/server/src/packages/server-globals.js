// Injected by esbuild into server (functions) package bundles (bundle.ts): the `Buffer` global Node code expects.
// `process` is left alone: the functions harness provides the function's own, with its `env`.
import { Buffer } from 'buffer/';

export { Buffer };
