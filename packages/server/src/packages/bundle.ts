/**
 * @module Bundles one import of an installed package tree into a single browser ES module with esbuild.
 * Nothing of the package runs here: esbuild only reads and rewrites its files.
 *
 * - React is not bundled: `react`, `react-dom`, `react-dom/client`, `react/jsx-runtime` and
 *   `react/jsx-dev-runtime` become the runtime's own (`globalThis.__kiln_shared`), so there is one React.
 * - Peer dependencies (`peers`) are not bundled either: they are `globalThis.__kiln_npm[name]`, the page's
 *   own instance of that package, which the runtime loads first (one chart.js for react-chartjs-2 and the page).
 * - The namespace keeps every named export; a CommonJS package's `module.exports` is the default export (the
 *   runtime reads missing named imports from it).
 * - CSS the package imports (or a `.css` import itself) is put in the module, which adds it to the page once;
 *   fonts and images it references are inlined.
 * - Node built-ins: the package's own `browser` mapping first, then a browser stand-in (`path`, `buffer`,
 *   `events`, `util`, `process`, `url`, `querystring`, `string_decoder`, `punycode`), else a module that throws
 *   an error naming the package and the built-in when it is used.
 */
import { builtinModules, createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { PACKAGE_MESSAGES as M } from './messages';

const require = createRequire(import.meta.url);
/** A file for esbuild's `inject`: `process` and `Buffer` globals from the stand-ins, bundled only when used. */
const GLOBALS_FILE = fileURLToPath(new URL('./globals.js', import.meta.url));
/** The same for server bundles: `Buffer` only. */
const SERVER_GLOBALS_FILE = fileURLToPath(new URL('./server-globals.js', import.meta.url));

/** Modules the runtime provides, so packages share its React. */
export const SHARED_MODULES = [
  'react',
  'react-dom',
  'react-dom/client',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
] as const;

/** Node built-ins with a faithful browser implementation, and the package that provides it. */
export const BUILTIN_STAND_INS: Readonly<Record<string, string>> = Object.freeze({
  path: 'path-browserify',
  buffer: 'buffer/',
  events: 'events/',
  util: 'util/',
  process: 'process/browser.js',
  url: 'url/',
  querystring: 'querystring-es3',
  string_decoder: 'string_decoder/',
  punycode: 'punycode/',
});

/** Where a stand-in's entry file is, or null when this server does not have it installed. */
export function standInPath(builtin: string): string | null {
  const pkg = BUILTIN_STAND_INS[builtin];
  if (!pkg) return null;
  try {
    return require.resolve(pkg);
  } catch {
    return null;
  }
}

const BUILTIN = new RegExp(
  `^(?:node:)?(?:${builtinModules.map((m) => m.replace(/[/.]/g, '\\$&')).join('|')})$`,
);
const SHARED = /^(?:react|react-dom|react-dom\/client|react\/jsx-runtime|react\/jsx-dev-runtime)$/;
const ASSETS = ['.woff', '.woff2', '.ttf', '.otf', '.eot', '.svg', '.png', '.jpg', '.jpeg', '.gif', '.webp'];

/** The package a file belongs to: `/x/node_modules/@a/b/dist/c.js` → `@a/b`. */
function packageOf(path: string): string {
  const m = /.*node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(path);
  return m?.[1]?.replace(/\\/g, '/') ?? 'the package';
}

/**
 * Where a bundle runs: `browser` (the preview and published pages) or `server` (an app's functions, in Deno with
 * no permissions: peers are bundled in, `process` is the function's own, a built-in without a stand-in names the
 * package and says functions do not have it).
 */
export type BundlePlatform = 'browser' | 'server';

/** Export conditions tried for a server bundle besides the browser's: runtimes without Node's I/O. */
const SERVER_CONDITIONS = ['deno', 'worker', 'browser'];

function kilnPlugin(
  root: string,
  source: string,
  entryIsCss: boolean,
  peers: readonly string[],
  platform: BundlePlatform,
): Plugin {
  return {
    name: 'kiln-npm',
    setup(b) {
      // Peer dependencies are the page's own instance (loaded first by the runtime), not a copy in this bundle.
      if (peers.length > 0) {
        const peer = new RegExp(
          `^(?:${peers.map((p) => p.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')})$`,
        );
        b.onResolve({ filter: peer }, (args) => ({ path: args.path, namespace: 'kiln-peer' }));
        b.onLoad({ filter: /.*/, namespace: 'kiln-peer' }, (args) => ({
          contents: `var m = globalThis.__kiln_npm && globalThis.__kiln_npm[${JSON.stringify(args.path)}];
if (!m) throw new Error(${JSON.stringify(`Package "${args.path}" (a peer dependency) was not loaded`)});
module.exports = m;`,
          loader: 'js',
        }));
      }
      b.onResolve({ filter: /^kiln-entry$/ }, () => ({ path: 'entry', namespace: 'kiln-entry' }));
      b.onLoad({ filter: /.*/, namespace: 'kiln-entry' }, () => {
        const ref = JSON.stringify(source);
        return {
          contents: entryIsCss
            ? `import ${ref};`
            : `export * from ${ref}; import * as ns from ${ref}; export default ns.default;`,
          loader: 'js',
          resolveDir: root,
        };
      });
      // The globals' stand-ins are left out of a bundle that does not use them.
      b.onResolve({ filter: /^(?:buffer\/|process\/browser\.js)$/ }, (args) =>
        args.importer === GLOBALS_FILE || args.importer === SERVER_GLOBALS_FILE
          ? { path: require.resolve(args.path), sideEffects: false }
          : undefined,
      );
      b.onResolve({ filter: SHARED }, (args) => ({ path: args.path, namespace: 'kiln-shared' }));
      b.onLoad({ filter: /.*/, namespace: 'kiln-shared' }, (args) => ({
        contents: `var m = globalThis.__kiln_shared && globalThis.__kiln_shared[${JSON.stringify(args.path)}];
if (!m) throw new Error(${JSON.stringify(`Kiln's runtime does not provide "${args.path}"`)});
module.exports = m;`,
        loader: 'js',
      }));
      b.onResolve({ filter: BUILTIN }, async (args) => {
        if (args.pluginData?.kilnInner) return undefined;
        // The package's own mapping (`"browser": { "fs": false }`) or a dependency of the same name wins.
        const own = await b.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: { kilnInner: true },
        });
        if (own.errors.length === 0)
          return { path: own.path, namespace: own.namespace, external: own.external };
        const builtin = args.path.replace(/^node:/, '').split('/')[0] ?? args.path;
        const standIn = standInPath(builtin);
        if (standIn) return { path: standIn };
        return { path: `${builtin}:${packageOf(args.importer)}`, namespace: 'kiln-server-only' };
      });
      b.onLoad({ filter: /.*/, namespace: 'kiln-server-only' }, (args) => {
        const [builtin = '', pkg = ''] = args.path.split(':');
        const message = JSON.stringify(
          platform === 'server' ? M.functionBuiltin(pkg, builtin) : M.serverOnlyDependency(pkg, builtin),
        );
        return {
          contents: `module.exports = new Proxy({}, { get(_, key) {
  if (key === '__esModule' || typeof key === 'symbol') return undefined;
  throw new Error(${message});
} });`,
          loader: 'js',
        };
      });
    },
  };
}

/**
 * Bundles `source` (resolved from `root/node_modules`) into one module's text (an ES module for the browser,
 * CommonJS for the server); throws esbuild's errors.
 */
export async function bundlePackage(
  root: string,
  source: string,
  peers: readonly string[] = [],
  platform: BundlePlatform = 'browser',
): Promise<string> {
  const entryIsCss = /\.css$/i.test(source);
  const injects = [standInPath('process'), standInPath('buffer')].filter((p): p is string => !!p);
  // A function has its own `process` (its env): only `Buffer` comes from the stand-in there.
  const inject = platform === 'server' ? [SERVER_GLOBALS_FILE] : [GLOBALS_FILE];
  const result = await build({
    entryPoints: [{ in: 'kiln-entry', out: 'entry' }],
    absWorkingDir: root,
    bundle: true,
    write: false,
    outdir: `${root}/out`,
    // A server bundle is CommonJS: the functions bundler (functions/bundle.ts) then reads a CommonJS package's
    // named imports from `module.exports` as Node does, which an ES module's static exports cannot offer.
    format: platform === 'server' ? 'cjs' : 'esm',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
    // Never read Kiln's own node_modules for the package's imports: only the tree installed under root.
    nodePaths: [],
    define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
    inject: injects.length === 2 ? inject : [],
    ...(platform === 'server' ? { conditions: SERVER_CONDITIONS } : {}),
    loader: Object.fromEntries(ASSETS.map((ext) => [ext, 'dataurl' as const])),
    plugins: [kilnPlugin(root, source, entryIsCss, platform === 'server' ? [] : peers, platform)],
  });
  let js = '';
  let css = '';
  for (const file of result.outputFiles) {
    if (file.path.endsWith('.js')) js = file.text;
    else if (file.path.endsWith('.css')) css = file.text;
  }
  if (!css) return js;
  const style = `(()=>{if(typeof document>"u")return;const s=document.createElement("style");s.dataset.kilnNpm=${JSON.stringify(source)};s.textContent=${JSON.stringify(css)};document.head.appendChild(s)})();\n`;
  return style + js;
}
