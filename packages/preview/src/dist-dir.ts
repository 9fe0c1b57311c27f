/**
 * @module
 * Where the built runtime lives on disk, for the server to serve at `/_kiln/*`. Computed from the module
 * URL without `node:` imports so this package's index also loads in the browser.
 */

function distDir(): string {
  try {
    const url = new URL('../dist', import.meta.url);
    if (url.protocol !== 'file:') return url.pathname;
    const path = decodeURIComponent(url.pathname);
    return /^\/[A-Za-z]:\//.test(path) ? path.slice(1) : path;
  } catch {
    return '';
  }
}

/** Absolute path of `packages/preview/dist` (the esbuild output of `scripts/build.ts`). */
export const PREVIEW_DIST_DIR: string = distDir();
