/**
 * Turns one route and the app sources it imports into a single ES module for the sandbox (esbuild, from
 * memory, nothing written to disk): relative and `@/…` imports resolve among the app's sources, the database
 * module and the integrations (`@/integrations/ai`, `email`, `stripe`: ./integrations/) are Kiln's, npm
 * packages are bundled in for the server platform when the caller gives a resolver (./npm.ts), and any other
 * import (`node:…`, URLs, packages without a resolver) fails the route with
 * `Module "x" is not available in functions`. Each route is bundled on its own, as Next.js does, so a broken
 * route does not take the others down. Also builds the harness (./harness.ts) that runs the bundles in Deno.
 * @module
 */

import { posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Loader, type Message, type Plugin } from 'esbuild';
import { type FunctionPackages, isPackageImport } from './npm';
import { AUTH_GLOBAL, AUTH_MODULE, SOURCE_ROOT, SQL_GLOBAL, SQL_MODULE, SQL_MODULE_PATH } from './protocol';
import type { FunctionSource } from './types';

/** A bundled route, or why it could not be bundled (shown to the caller as a 500). */
export type RouteBundle = { code: string } | { error: string };

const EXTENSIONS = ['.ts', '.tsx', '.js', '.jsx', '.mjs'];
const LOADERS: Record<string, Loader> = {
  '.ts': 'ts',
  '.tsx': 'tsx',
  '.js': 'js',
  '.jsx': 'jsx',
  '.mjs': 'js',
};
const PLUGIN_NAME = 'kiln-functions';
const SQL_PATH = '\0sql';
const NEXT_SERVER_PATH = '\0next-server';
const AUTH_PATH = '\0auth';
const NPM_NAMESPACE = 'kiln-npm';
/** `@/auth`: `auth()` resolves to the signed-in visitor's session (the host verified it), or null. */
const AUTH_SOURCE = `const auth = globalThis.${AUTH_GLOBAL};\nexport default auth;\nexport { auth };\n`;
/** Kiln's integrations generated functions import (`@/integrations/{name}`), real files beside this one. */
export const INTEGRATIONS = ['ai', 'email', 'stripe'] as const;
const INTEGRATIONS_DIR = fileURLToPath(new URL('./integrations/', import.meta.url));
const INTEGRATION_RE = new RegExp(`^@/integrations/(${INTEGRATIONS.join('|')})$`);

/**
 * `next/server` as models trained on Next.js route handlers use it: `NextResponse.json(…)`,
 * `NextResponse.redirect(url)`, `new NextResponse(body, init)`, and `NextRequest` (the standard Request, with
 * `nextUrl`). Only the Web-standard parts; nothing Next-specific (cookies helpers, rewrites) exists here.
 */
const NEXT_SERVER_SOURCE = `export class NextResponse extends Response {
  static json(data, init) { return Response.json(data, init); }
  static redirect(url, init) { return Response.redirect(url, typeof init === 'number' ? init : (init?.status ?? 307)); }
  static next() { return new Response(null, { status: 200 }); }
}
export class NextRequest extends Request {
  get nextUrl() { return new URL(this.url); }
}
Object.defineProperty(Request.prototype, 'nextUrl', { get() { return new URL(this.url); }, configurable: true });
`;

/** The message for an import the sandbox cannot provide. */
export function moduleNotAvailable(specifier: string): string {
  return `Module "${specifier}" is not available in functions`;
}

function normalise(filePath: string): string {
  return posix.normalize(filePath.replace(/^\.?\//, ''));
}

/** The source an import points at (trying the usual extensions and index files), the sql module, or null. */
function resolveImport(
  specifier: string,
  importer: string,
  files: ReadonlyMap<string, string>,
): string | null {
  if (specifier === SQL_MODULE) return SQL_PATH;
  if (specifier === 'next/server') return NEXT_SERVER_PATH;
  if (
    specifier === AUTH_MODULE &&
    !files.has(`${SOURCE_ROOT}auth.ts`) &&
    !files.has(`${SOURCE_ROOT}auth.js`)
  ) {
    return AUTH_PATH;
  }
  let base: string;
  if (specifier.startsWith('@/')) base = SOURCE_ROOT + specifier.slice(2);
  else if (specifier.startsWith('./') || specifier.startsWith('../')) {
    base = posix.join(posix.dirname(importer), specifier);
  } else return null;
  base = posix.normalize(base);
  if (base.startsWith('../')) return null;
  const withoutExtension = base.replace(/\.(?:ts|tsx|js|jsx|mjs)$/, '');
  if (withoutExtension === SQL_MODULE_PATH) return SQL_PATH;
  const candidates = [
    base,
    ...EXTENSIONS.map((ext) => base + ext),
    // `./x.js` naming `x.ts`, as TypeScript allows.
    ...EXTENSIONS.map((ext) => withoutExtension + ext),
    ...EXTENSIONS.map((ext) => `${base}/index${ext}`),
  ];
  return candidates.find((candidate) => files.has(candidate)) ?? null;
}

function appPlugin(files: ReadonlyMap<string, string>, npm: FunctionPackages | undefined): Plugin {
  return {
    name: PLUGIN_NAME,
    setup(b) {
      b.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === 'entry-point') return { path: args.path, namespace: 'app' };
        // Kiln's own integration files import each other (and the protocol's constants) as files on disk.
        if (args.namespace === 'file') return undefined;
        const integration = INTEGRATION_RE.exec(args.path)?.[1];
        if (integration) return { path: posix.join(INTEGRATIONS_DIR, `${integration}.ts`) };
        const target = resolveImport(args.path, args.importer, files);
        if (target === SQL_PATH || target === NEXT_SERVER_PATH || target === AUTH_PATH)
          return { path: target, namespace: 'kiln' };
        if (target !== null) return { path: target, namespace: 'app' };
        if (npm && isPackageImport(args.path)) return { path: args.path, namespace: NPM_NAMESPACE };
        return { errors: [{ text: moduleNotAvailable(args.path) }] };
      });
      b.onLoad({ filter: /.*/, namespace: 'app' }, (args) => ({
        contents: files.get(args.path) ?? '',
        loader: LOADERS[posix.extname(args.path)] ?? 'ts',
      }));
      b.onLoad({ filter: /.*/, namespace: NPM_NAMESPACE }, async (args) => {
        try {
          return { contents: (await npm?.(args.path)) ?? '', loader: 'js' };
        } catch (e) {
          return { errors: [{ text: e instanceof Error ? e.message : String(e) }] };
        }
      });
      b.onLoad({ filter: /.*/, namespace: 'kiln' }, (args) => ({
        contents:
          args.path === NEXT_SERVER_PATH
            ? NEXT_SERVER_SOURCE
            : args.path === AUTH_PATH
              ? AUTH_SOURCE
              : `const sql = globalThis.${SQL_GLOBAL};\nexport default sql;\nexport { sql };\n`,
        loader: 'js',
      }));
    },
  };
}

function describe(message: Message): string {
  if (message.pluginName === PLUGIN_NAME || !message.location) return message.text;
  const { file, line, column } = message.location;
  return `${file.replace(/^app:/, '')}:${line}:${column + 1}: ${message.text}`;
}

/** Bundles the route at `routePath` with the app's other sources (and its npm imports, given `npm`). */
export async function bundleRoute(
  sources: readonly FunctionSource[],
  routePath: string,
  npm?: FunctionPackages,
): Promise<RouteBundle> {
  const files = new Map(sources.map((s) => [normalise(s.filePath), s.code] as const));
  try {
    const result = await build({
      entryPoints: [normalise(routePath)],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'neutral',
      target: 'esnext',
      logLevel: 'silent',
      legalComments: 'none',
      plugins: [appPlugin(files, npm)],
    });
    return { code: result.outputFiles[0]?.text ?? '' };
  } catch (e) {
    const errors = (e as { errors?: Message[] }).errors;
    if (errors?.[0]) return { error: describe(errors[0]) };
    return { error: e instanceof Error ? e.message : String(e) };
  }
}

let harness: Promise<string> | null = null;

/** The harness as one ES module (built once per server process). */
export function harnessCode(): Promise<string> {
  harness ??= build({
    entryPoints: [fileURLToPath(new URL('./harness.ts', import.meta.url))],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    target: 'esnext',
    external: ['node:*'],
    logLevel: 'silent',
  }).then((result) => result.outputFiles[0]?.text ?? '');
  harness.catch(() => {
    harness = null;
  });
  return harness;
}
