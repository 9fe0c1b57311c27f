/**
 * Part of the harness (./harness.ts), run before any app code loads: takes away what the permission flags do not.
 * - Storage (`localStorage`, `sessionStorage`, `caches`, `indexedDB`): Deno keeps it on disk without any permission,
 *   with no quota. A function's state belongs in the app's database; each access throws a clear error saying so.
 * - `Worker`: a worker's realm would have its own, untouched storage APIs and `Deno` object (`node:worker_threads`,
 *   the other way to one, is refused by the import map, ./import-map.ts).
 * - What tells the host's layout without a permission: `Deno.execPath()` (the binary's path), `Deno.ppid` (the
 *   server's pid), `Deno.cwd()` and `Deno.mainModule` (the sandbox's folder), and `Deno[Deno.internal]` (the
 *   runtime's internals, from which any of these can be had again). Node's `process` tells the same (`execPath`,
 *   `ppid`, `argv`, `title`, `cwd()`, through properties that cannot be redefined) and hands out every built-in
 *   module (`getBuiltinModule`), so it goes as a whole; in its place a frozen `process` with only `env`: the
 *   project's secrets the host sends (never the host's environment, which Deno denies anyway).
 * `Deno.pid` stays: it names the function's own process and nothing else. The rest of the machine (files, env,
 * network, subprocesses, FFI, `Deno.hostname()` and the other `sys` calls) is denied by Deno itself, as the process
 * runs with no `--allow-*` flag.
 * @module
 */

declare const Deno: {
  internal: symbol;
  errors: { NotCapable: new (message: string) => Error };
};

const STORAGE = ['localStorage', 'sessionStorage', 'caches', 'indexedDB'] as const;
const HOST_LAYOUT = ['execPath', 'ppid', 'cwd', 'mainModule'] as const;

/** Replaces `target[name]` by a getter that throws, so reading or calling it fails with `error`. */
function withhold(target: object, name: string, error: () => Error): void {
  Object.defineProperty(target, name, {
    get() {
      throw error();
    },
    enumerable: false,
    configurable: false,
  });
}

/** `env` becomes `process.env` (the object itself: the harness fills it in place). */
export function lockDown(env: Record<string, string>): void {
  const global = globalThis as Record<string, unknown>;
  for (const name of STORAGE) {
    withhold(
      global,
      name,
      () => new Error(`${name} is not available in Kiln functions: use the database (sql) instead`),
    );
  }
  const NotCapable = Deno.errors.NotCapable;
  withhold(global, 'Worker', () => new NotCapable('Worker is not available in Kiln functions'));
  const process = Object.freeze({ env });
  Object.defineProperty(global, 'process', { get: () => process, enumerable: false, configurable: false });
  for (const name of HOST_LAYOUT) {
    withhold(Deno, name, () => new NotCapable(`Deno.${name} is not available in Kiln functions`));
  }
  delete (Deno as unknown as Record<symbol, unknown>)[Deno.internal];
}
