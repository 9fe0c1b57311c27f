/**
 * @module `vite build` for several exported apps in one Node process (export-anywhere.test.ts): what each
 * export's `npm run build` runs (its `build` script is `vite build`, asserted by the test), made the way Vite's
 * CLI makes it — `createBuilder` and `buildApp` from the exports' own Vite, in the export's folder — one export
 * after another. Run as `node e2e/build-exports.mjs DIR…` with the exports sharing one node_modules; prints one
 * JSON line per export as its build ends: `{"dir":…,"ok":true}` or `{"dir":…,"ok":false,"error":…}`.
 *
 * Why: `npm run build` per export cost ~2 s of CPU each (npm, then Node and Vite loaded again), and the test
 * builds 25 exports; in one process the 25 took 9.7 s of CPU instead of ~50. The test still runs `npm run build`
 * itself for one export.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { inspect } from 'node:util';

const dirs = process.argv.slice(2);
if (dirs.length > 0) {
  // The exports' Vite (from their node_modules), not the workspace's.
  const require = createRequire(join(dirs[0], 'package.json'));
  const { createBuilder } = await import(require.resolve('vite'));
  for (const dir of dirs) {
    process.chdir(dir);
    try {
      const builder = await createBuilder({ root: dir, logLevel: 'warn' }, null);
      await builder.buildApp();
      console.log(JSON.stringify({ dir, ok: true }));
    } catch (err) {
      console.log(JSON.stringify({ dir, ok: false, error: inspect(err).slice(-2000) }));
    }
  }
}
