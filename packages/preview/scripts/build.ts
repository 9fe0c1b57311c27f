/**
 * @module
 * Builds the browser runtime into `dist/` with esbuild: `runtime.js` (a tiny entry), lazily loaded chunks
 * for the engine (React, react-dom) and the compiler (sucrase), one file per lucide icon under `icons/`
 * and catalogue libraries under `lib/`, all sharing one React. Prints each file group's gzipped size.
 */
import { readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const require = createRequire(join(root, 'package.json'));

/** Libraries generated code may import, bundled when installed (the catalogue grows with codegen's). */
const CATALOGUE = [
  'date-fns',
  'zustand',
  'clsx',
  'tailwind-merge',
  'recharts',
  '@tanstack/react-query',
  'framer-motion',
];

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

function libraryFile(source: string): string {
  return source.replace(/^@/, '').replace(/[^a-zA-Z0-9]+/g, '-');
}

function installedLibraries(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const source of CATALOGUE) {
    try {
      require.resolve(source);
      out[source] = libraryFile(source);
    } catch {
      // not installed: imports of it get stand-ins
    }
  }
  return out;
}

function virtualModules(modules: Record<string, string>): Plugin {
  return {
    name: 'kiln-virtual',
    setup(b) {
      b.onResolve({ filter: /^kiln:/ }, (args) => ({ path: args.path, namespace: 'kiln-virtual' }));
      b.onLoad({ filter: /.*/, namespace: 'kiln-virtual' }, (args) => ({
        contents: modules[args.path] ?? 'export default {}',
        loader: 'js',
      }));
    },
  };
}

/** Builds `dist/` from scratch; returns each output file's size and gzipped size, and the build time. */
export async function buildRuntime(): Promise<{
  files: Record<string, { bytes: number; gzip: number }>;
  ms: number;
}> {
  const started = performance.now();
  const icons = lucideIcons();
  const libraries = installedLibraries();
  const entryPoints: Record<string, string> = { runtime: join(root, 'src/runtime/entry.ts') };
  for (const file of icons.files) entryPoints[`icons/${file}`] = join(icons.dir, `${file}.mjs`);
  for (const [source, file] of Object.entries(libraries)) {
    entryPoints[`lib/${file}`] = `kiln:lib:${source}`;
  }
  const libEntries: Record<string, string> = {};
  for (const source of Object.keys(libraries)) {
    libEntries[`kiln:lib:${source}`] = `export * from '${source}';`;
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
    plugins: [
      virtualModules({
        'kiln:icon-aliases': `export default ${JSON.stringify(icons.aliases)};`,
        'kiln:libraries': `export default ${JSON.stringify(libraries)};`,
        ...libEntries,
      }),
    ],
  });
  const files: Record<string, { bytes: number; gzip: number }> = {};
  for (const out of Object.keys(result.metafile.outputs)) {
    const data = readFileSync(join(root, out));
    files[out.slice('dist/'.length)] = { bytes: data.length, gzip: gzipSync(data, { level: 9 }).length };
  }
  const ms = Math.round(performance.now() - started);
  return { files, ms };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { files, ms } = await buildRuntime();
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  let iconCount = 0;
  let iconGzip = 0;
  for (const [name, size] of Object.entries(files).sort()) {
    if (name.startsWith('icons/')) {
      iconCount++;
      iconGzip += size.gzip;
      continue;
    }
    console.log(`${name.padEnd(44)} ${kb(size.bytes).padStart(10)}  gz ${kb(size.gzip).padStart(9)}`);
  }
  console.log(`icons/*.js: ${iconCount} files, ${kb(iconGzip / Math.max(1, iconCount))} gz each on average`);
  console.log(`built dist/ in ${ms} ms`);
}
