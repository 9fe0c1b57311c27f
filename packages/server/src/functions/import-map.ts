/**
 * The import map every functions process runs with. The bundler (./bundle.ts) refuses `node:…` imports it can
 * see, but an import computed at run time (`import('node:' + name)`) reaches Deno's Node built-ins without any
 * permission — `node:worker_threads` starts a fresh realm with its own storage APIs and `Deno` object,
 * `node:process` tells the binary's path and the server's pid. The map sends each built-in to a module that
 * throws `Module "node:x" is not available in functions`, the bundler's message. Only `node:async_hooks` stays:
 * the harness uses it, and it reaches nothing outside the process.
 * @module
 */
import { moduleNotAvailable } from './bundle';

/** The harness's own import. */
const HARNESS_BUILTIN = 'node:async_hooks';

/**
 * Deno 2.9's `builtinModules` (from `node:module`), with Node's few more; `issue-13-functions-isolation.test.ts`
 * checks the installed Deno offers no other.
 */
export const NODE_BUILTINS: readonly string[] = [
  '_http_agent',
  '_http_client',
  '_http_common',
  '_http_incoming',
  '_http_outgoing',
  '_http_server',
  '_stream_duplex',
  '_stream_passthrough',
  '_stream_readable',
  '_stream_transform',
  '_stream_wrap',
  '_stream_writable',
  '_tls_common',
  '_tls_wrap',
  'assert',
  'assert/strict',
  'async_hooks',
  'buffer',
  'child_process',
  'cluster',
  'console',
  'constants',
  'crypto',
  'dgram',
  'diagnostics_channel',
  'dns',
  'dns/promises',
  'domain',
  'events',
  'fs',
  'fs/promises',
  'http',
  'http2',
  'https',
  'inspector',
  'inspector/promises',
  'module',
  'net',
  'os',
  'path',
  'path/posix',
  'path/win32',
  'perf_hooks',
  'process',
  'punycode',
  'querystring',
  'readline',
  'readline/promises',
  'repl',
  'sea',
  'sqlite',
  'stream',
  'stream/consumers',
  'stream/promises',
  'stream/web',
  'string_decoder',
  'sys',
  'test',
  'test/reporters',
  'timers',
  'timers/promises',
  'tls',
  'trace_events',
  'tty',
  'url',
  'util',
  'util/types',
  'v8',
  'vm',
  'wasi',
  'worker_threads',
  'zlib',
];

/** The import map as a `data:` URL, for `--import-map`. */
export function importMapUrl(): string {
  const imports: Record<string, string> = {};
  for (const name of NODE_BUILTINS) {
    const specifier = `node:${name}`;
    if (specifier === HARNESS_BUILTIN) continue;
    const code = `throw new Error(${JSON.stringify(moduleNotAvailable(specifier))});`;
    imports[specifier] = `data:text/javascript,${encodeURIComponent(code)}`;
  }
  const json = JSON.stringify({ imports });
  return `data:application/json;base64,${Buffer.from(json).toString('base64')}`;
}
