/**
 * @module
 * Builds the browser runtime into `dist/` with esbuild: `runtime.js` (a tiny entry), lazily loaded chunks
 * for the engine (React, react-dom) and the compiler (sucrase), one file per lucide icon under `icons/`
 * and catalogue libraries under `lib/`, all sharing one React. Prints each file group's gzipped size.
 */
import { copyFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import {
  MOBILE_BUILDER_ROUTE_MARKER,
  TABLET_SAFE_AREA_INSETS,
  TREE_SITTER_PARSE_TIMEOUT_MS,
  VIEWPORT,
} from '@kiln/core';
import { build, type Plugin, type PluginBuild } from 'esbuild';
import { LIBRARY_CATALOGUE, libraryFile } from '../src/catalogue.ts';
import { FONT_FILES } from '../src/fonts.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const require = createRequire(join(root, 'package.json'));

function kebab(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1-$2')
    .replace(/([a-zA-Z])([0-9])/g, '$1-$2')
    .toLowerCase();
}

/** lucide-react's icon files, and the export names whose file is not their kebab-case. */
function lucideIcons(): { dir: string; files: string[]; aliases: Record<string, string> } {
  const pkg = join(dirname(require.resolve('lucide-react')), '..', '..');
  const index = readFileSync(join(pkg, 'dist/esm/lucide-react.mjs'), 'utf8');
  const files = new Set<string>();
  const aliases: Record<string, string> = {};
  for (const m of index.matchAll(/export \{([^}]*)\} from '\.\/icons\/([^']+)\.mjs'/g)) {
    const file = m[2] ?? '';
    files.add(file);
    for (const part of (m[1] ?? '').split(',')) {
      const name = part.trim().replace(/^default as /, '');
      if (name.startsWith('Lucide') || name.endsWith('Icon')) continue;
      if (kebab(name) !== file) aliases[name] = file;
    }
  }
  return { dir: join(pkg, 'dist/esm/icons'), files: [...files], aliases };
}

/**
 * The core constants the runtime needs, as a module (importing `@kiln/core` itself would bundle zod); its
 * messages come from the zod-free `@kiln/core/messages`.
 */
function coreValues(): string {
  const values = {
    TABLET_SAFE_AREA_INSETS,
    TREE_SITTER_PARSE_TIMEOUT_MS,
    VIEWPORT,
    MOBILE_BUILDER_ROUTE_MARKER,
  };
  return Object.entries(values)
    .map(([k, v]) => `export const ${k} = ${JSON.stringify(v)};`)
    .join('\n');
}

const ESM_SYNTAX = /^\s*(?:export|import)\s*[{*\w]/m;
const DEFAULT_EXPORT = /\bexport\s+default\b|\bas\s+default\b/;

/**
 * The entry module of one catalogue library: re-exports everything (and the default, when there is one).
 * A CommonJS package gets its export names listed, read by requiring it in Node, since `export *` cannot
 * see into CommonJS.
 */
async function libraryEntry(b: PluginBuild, source: string): Promise<string> {
  const entry = LIBRARY_CATALOGUE[source];
  if (!entry) return 'export {}';
  const spec = 'file' in entry ? join(root, entry.file) : entry.package;
  const resolved = await b.resolve(spec, { kind: 'import-statement', resolveDir: root });
  if (resolved.errors.length > 0) throw new Error(`cannot resolve ${spec} for ${source}`);
  const text = readFileSync(resolved.path, 'utf8');
  const ref = JSON.stringify(resolved.path);
  if (ESM_SYNTAX.test(text)) {
    return `export * from ${ref};${DEFAULT_EXPORT.test(text) ? ` export { default } from ${ref};` : ''}`;
  }
  const names = Object.keys(require(spec) as object).filter(
    (k) => /^[A-Za-z_$][\w$]*$/.test(k) && k !== 'default',
  );
  return `import m from ${ref}; export default m; export const { ${names.join(', ')} } = m;`;
}

/**
 * Our own modules import lucide icons by name (`import { Check } from 'lucide-react'`). Through the index,
 * esbuild's code splitting would make them pull every icon chunk, so point each name at its icon file.
 */
function lucideByFile(icons: ReturnType<typeof lucideIcons>): Plugin {
  return {
    name: 'kiln-lucide-by-file',
    setup(b) {
      b.onLoad({ filter: /[\\/]src[\\/](?:ui|mobile)[\\/][^\\/]+\.tsx?$/ }, (args) => {
        const text = readFileSync(args.path, 'utf8').replace(
          /import\s*\{([^}]*)\}\s*from\s*'lucide-react';/g,
          (_all, list: string) =>
            list
              .split(',')
              .map((n) => n.trim())
              .filter(Boolean)
              .map(
                (n) =>
                  `import ${n} from ${JSON.stringify(join(icons.dir, `${icons.aliases[n] ?? kebab(n)}.mjs`))};`,
              )
              .join('\n'),
        );
        return { contents: text, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
      });
    },
  };
}

function virtualModules(modules: Record<string, string>): Plugin {
  return {
    name: 'kiln-virtual',
    setup(b) {
      b.onResolve({ filter: /^kiln:/ }, (args) => ({ path: args.path, namespace: 'kiln-virtual' }));
      b.onLoad({ filter: /.*/, namespace: 'kiln-virtual' }, async (args) => ({
        contents: args.path.startsWith('kiln:lib:')
          ? await libraryEntry(b, args.path.slice('kiln:lib:'.length))
          : (modules[args.path] ?? 'export default {}'),
        loader: 'js',
        resolveDir: root,
      }));
    },
  };
}

/** Builds `dist/` from scratch; returns each output file's size and gzipped size, and the build time. */
export async function buildRuntime(): Promise<{
  files: Record<string, { bytes: number; gzip: number }>;
  /** Each output's static imports (other outputs), for what a file costs on first use. */
  imports: Record<string, string[]>;
  ms: number;
}> {
  const started = performance.now();
  const icons = lucideIcons();
  const libraries = Object.fromEntries(Object.keys(LIBRARY_CATALOGUE).map((s) => [s, libraryFile(s)]));
  const entryPoints: Record<string, string> = { runtime: join(root, 'src/runtime/entry.ts') };
  for (const file of icons.files) entryPoints[`icons/${file}`] = join(icons.dir, `${file}.mjs`);
  for (const [source, file] of Object.entries(libraries)) {
    entryPoints[`lib/${file}`] = `kiln:lib:${source}`;
  }
  rmSync(dist, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints,
    outdir: dist,
    entryNames: '[dir]/[name]',
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    jsx: 'automatic',
    legalComments: 'none',
    metafile: true,
    logLevel: 'warning',
    define: { 'process.env.NODE_ENV': '"production"' },
    // web-tree-sitter imports these only when it runs in Node.
    external: ['fs/promises', 'module'],
    plugins: [
      lucideByFile(icons),
      virtualModules({
        'kiln:icon-aliases': `export default ${JSON.stringify(icons.aliases)};`,
        'kiln:libraries': `export default ${JSON.stringify(libraries)};`,
        'kiln:core': coreValues(),
      }),
    ],
  });
  // The streaming parser's wasm files, fetched once by the preview from `/_kiln/wasm/`.
  mkdirSync(join(dist, 'wasm'), { recursive: true });
  const wasm = {
    'web-tree-sitter.wasm': require.resolve('web-tree-sitter/web-tree-sitter.wasm'),
    'tree-sitter-tsx.wasm': require.resolve('tree-sitter-typescript/tree-sitter-tsx.wasm'),
  };
  for (const [name, from] of Object.entries(wasm)) copyFileSync(from, join(dist, 'wasm', name));
  // The fonts of core's FONT_FAMILIES (latin woff2), served at `/_kiln/fonts/` (src/fonts.ts).
  mkdirSync(join(dist, 'fonts'), { recursive: true });
  for (const font of FONT_FILES) {
    const pkg = dirname(require.resolve(`${font.from.package}/package.json`));
    copyFileSync(join(pkg, font.from.path), join(dist, 'fonts', font.file));
  }
  const outputs = [
    ...Object.keys(result.metafile.outputs),
    ...Object.keys(wasm).map((n) => `dist/wasm/${n}`),
    ...FONT_FILES.map((f) => `dist/fonts/${f.file}`),
  ];
  const files: Record<string, { bytes: number; gzip: number }> = {};
  for (const out of outputs) {
    const data = readFileSync(join(root, out));
    files[out.slice('dist/'.length)] = { bytes: data.length, gzip: gzipSync(data, { level: 9 }).length };
  }
  const imports: Record<string, string[]> = {};
  for (const [out, meta] of Object.entries(result.metafile.outputs)) {
    imports[out.slice('dist/'.length)] = meta.imports
      .filter((i) => i.kind === 'import-statement')
      .map((i) => i.path.slice('dist/'.length));
  }
  const ms = Math.round(performance.now() - started);
  return { files, imports, ms };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { files, imports, ms } = await buildRuntime();
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  const closure = (file: string, into = new Set<string>()) => {
    if (into.has(file)) return into;
    into.add(file);
    for (const dep of imports[file] ?? []) closure(dep, into);
    return into;
  };
  // What is loaded before any library: the entry and the engine it imports dynamically.
  const engine = Object.keys(files).find((f) => f.startsWith('chunks/engine-')) ?? '';
  const base = closure(engine, closure('runtime.js'));
  const extraGzip = (file: string) =>
    [...closure(file)].filter((f) => !base.has(f)).reduce((sum, f) => sum + (files[f]?.gzip ?? 0), 0);
  let iconCount = 0;
  let iconGzip = 0;
  let chunkCount = 0;
  let fontCount = 0;
  let fontBytes = 0;
  console.log(
    `${'file'.padEnd(50)} ${'size'.padStart(10)}  ${'gz'.padStart(12)}  gz on first use (+ shared chunks)`,
  );
  for (const [name, size] of Object.entries(files).sort()) {
    if (name.startsWith('icons/')) {
      iconCount++;
      iconGzip += size.gzip;
      continue;
    }
    if (name.startsWith('chunks/chunk-')) {
      chunkCount++;
      continue;
    }
    if (name.startsWith('fonts/')) {
      fontCount++;
      fontBytes += size.bytes;
      continue;
    }
    const extra = name.startsWith('lib/') || name.startsWith('chunks/') ? kb(extraGzip(name)) : '';
    console.log(
      `${name.padEnd(50)} ${kb(size.bytes).padStart(10)}  gz ${kb(size.gzip).padStart(9)}  ${extra}`,
    );
  }
  const firstPaint = [...base].reduce((sum, f) => sum + (files[f]?.gzip ?? 0), 0);
  console.log(`first paint (runtime.js + engine + their chunks): ${kb(firstPaint)} gz`);
  console.log(`shared chunks: ${chunkCount}`);
  console.log(`icons/*.js: ${iconCount} files, ${kb(iconGzip / Math.max(1, iconCount))} gz each on average`);
  console.log(
    `fonts/*.woff2: ${fontCount} files, ${kb(fontBytes)} (each loaded only by a page that uses it)`,
  );
  console.log(`built dist/ in ${ms} ms`);
}
