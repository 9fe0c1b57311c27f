/**
 * @module The server process's memory after start (issue 15, footprint). Starting leaves garbage behind — the
 * platform database's migrations, module compilation, GraphQL schema building — that V8 collects only when the
 * heap next fills, so an idle server kept ~25–30 MiB of it resident (and its young generation at its grown
 * size). One full collection shortly after start returns it; `npm start` needs no extra Node flags for it.
 *
 * The embedded databases (PGlite: PostgreSQL compiled to WebAssembly) run on V8's baseline compiler only
 * (`baselineWasmOnly`, when the platform database is PGlite and KILN_WASM_TIER_UP is off): optimising their
 * hot functions in the background kept ~45–60 MiB more resident at idle after a restart (optimised code plus
 * the compilers' freed but kept memory), a sixth of the server. Queries then run ~1.3–1.6× slower inside
 * the database (measured on PGlite 0.5, 2,000 catalogue joins); the platform's queries are small, and a
 * deployment that needs more speed sets KILN_WASM_TIER_UP=1 or uses PostgreSQL (`DATABASE_URL`). A large
 * tier-up budget only for the platform database was tried: it kept most of the memory.
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

/**
 * From now on, WebAssembly runs on V8's baseline compiler (Liftoff) only, in every thread of the process: the
 * optimising tier is not used. Turning it back on later does not work (modules compiled afterwards, in workers
 * too, stayed on Liftoff; V8 11), so this is a process-wide choice made once at start.
 */
export function baselineWasmOnly(): void {
  setFlagsFromString('--liftoff-only');
}

/** Collects the start's garbage once, SETTLE_AFTER_START_MS from now; the timer does not hold the process. */
export function settleAfterStart(): void {
  setTimeout(collectGarbage, SETTLE_AFTER_START_MS).unref();
}
