/**
 * @module The server process's memory after start (issue 15, footprint). Starting leaves garbage behind — the
 * platform database's migrations, module compilation, GraphQL schema building — that V8 collects only when the
 * heap next fills, so an idle server kept ~25–30 MiB of it resident (and its young generation at its grown
 * size). One full collection shortly after start returns it; `npm start` needs no extra Node flags for it.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** How long after start the collection runs: past the first requests' burst of a restart (health checks). */
export const SETTLE_AFTER_START_MS = 3_000;

/** A full garbage collection now (`--expose-gc` turned on at run time; its `gc` reached in a fresh context). */
export function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as (() => void) | undefined;
  gc?.();
}

/** Collects the start's garbage once, SETTLE_AFTER_START_MS from now; the timer does not hold the process. */
export function settleAfterStart(): void {
  setTimeout(collectGarbage, SETTLE_AFTER_START_MS).unref();
}
