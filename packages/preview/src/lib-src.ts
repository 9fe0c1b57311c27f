/**
 * @module
 * Client-library sources (spec §5, §8): a revision's client integrations name libraries by source; only
 * catalogue sources are valid. Server-side helper (imports `@kiln/core` values, so never used by the runtime).
 */
import { KilnError, MESSAGES } from '@kiln/core';
import { LIBRARY_CATALOGUE, libraryFile } from './catalogue.ts';

/**
 * The file under the asset base (`/_kiln/`) that serves a client-library source, e.g. `recharts` →
 * `lib/recharts.js`. Throws `KilnError('validation', MESSAGES.invalidLibSrc)` for a source not in the catalogue.
 */
export function resolveLibSrc(src: string): string {
  if (!Object.hasOwn(LIBRARY_CATALOGUE, src))
    throw new KilnError('validation', MESSAGES.invalidLibSrc, { src });
  return `lib/${libraryFile(src)}.js`;
}
