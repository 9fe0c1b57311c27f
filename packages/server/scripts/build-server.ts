/**
 * `npm run build` (and so `npm start`): compiles the server ahead of time into `packages/server/dist/main.mjs`,
 * so `npm start` runs plain JavaScript instead of TypeScript through tsx's loader (a loader thread and its
 * esbuild service kept ~30–45 MiB resident for the server's whole life). Kiln's own packages are bundled in;
 * npm packages stay imports (resolved from node_modules as before, loaded lazily where the code says so).
 * Each source file keeps its own `import.meta.url` (its path in the source tree), so files the code reads next
 * to itself (migrations, the GraphQL schema, worker scripts, templates) are found where they always were.
 * @module
 */
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PREVIEW_DIST_DIR } from '@kiln/preview';
import { build, type Plugin } from 'esbuild';
import { precompressAssets } from '../src/hosting/assets';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');

/** `import.meta.url` in each bundled source file becomes that file's own URL. */
const ownImportMetaUrl: Plugin = {
  name: 'own-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.(?:ts|tsx|mts)$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      const url = JSON.stringify(pathToFileURL(args.path).href);
      return {
        contents: text
          .replaceAll('import.meta.url', url)
          .replaceAll('import.meta.dirname', JSON.stringify(dirname(args.path))),
        loader: args.path.endsWith('x') ? 'tsx' : 'ts',
      };
    });
  },
};

/** npm packages stay imports; Kiln's workspace packages (TypeScript sources) are bundled. */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@kiln/') ? undefined : { path: args.path, external: true },
    );
  },
};

const started = performance.now();
const startedAt = Date.now();
// Chunk names are content hashes: without this, every build would leave the previous one's chunks behind.
await rm(join(serverDir, 'dist'), { recursive: true, force: true });
const result = await build({
  entryPoints: {
    main: join(serverDir, 'src/main.ts'),
    'test-e2e-server': join(serverDir, 'test/e2e-server.ts'),
  },
  outdir: join(serverDir, 'dist'),
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [externalPackages, ownImportMetaUrl],
  metafile: true,
});
// Paths in the metafile are relative to the working directory esbuild ran in.
const inputs = [
  fileURLToPath(import.meta.url),
  ...Object.keys(result.metafile.inputs).map((f) => resolve(f)),
];
await writeFile(join(serverDir, 'dist/build-inputs.json'), JSON.stringify({ startedAt, inputs }));
console.log(`server compiled to packages/server/dist in ${Math.round(performance.now() - started)} ms`);

// The files the server sends browsers, encoded once here instead of by every server process on first request
// (hosting/assets.ts). Built before the server by `npm run build`; a dist not built yet is skipped.
const encodingCache = join(serverDir, '../../node_modules/.cache/kiln-assets');
for (const dist of [PREVIEW_DIST_DIR, join(serverDir, '../builder/dist')]) {
  if (!existsSync(dist)) continue;
  const encodingStarted = performance.now();
  const { files, encoded } = await precompressAssets(dist, encodingCache);
  console.log(
    `${relative(join(serverDir, '../..'), dist)}: ${files} files brotli/gzip-encoded (${encoded} new) in ${Math.round(performance.now() - encodingStarted)} ms`,
  );
}
