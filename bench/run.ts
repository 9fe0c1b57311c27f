/**
 * `npm run bench`: runs every benchmark in this folder, one after the other, each in its own process (a
 * benchmark is not a test: it prints its figures and, where the issue names one, the anchor's and the ratio).
 * `npm run bench -- edit-tokens stream-latency` runs only those.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const HELPERS = new Set(['run.ts', 'preview-harness.ts', 'preview-page.ts']);
const only = process.argv.slice(2);
const benches = readdirSync(import.meta.dirname)
  .filter((f) => f.endsWith('.ts') && !HELPERS.has(f))
  .filter((f) => only.length === 0 || only.includes(f.replace(/\.ts$/, '')))
  .sort();

let failed = 0;
for (const file of benches) {
  console.log(`\n=== ${file}`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, file)], {
    stdio: 'inherit',
  });
  if (run.status !== 0) failed++;
}
process.exitCode = failed > 0 ? 1 : 0;
