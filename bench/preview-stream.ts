/**
 * @module
 * Streaming repair: every truncation of the 350-line benchmark page and of the corpus components that
 * compile (cut every 13 characters), repaired by `repairPartialCode` (web-tree-sitter, tsx grammar) and then
 * compiled. Prints the share of truncations that yield compilable code and the repair time.
 *
 *   node --import tsx bench/preview-stream.ts
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileModule } from '../packages/preview/src/compile.ts';
import { initTreeSitter, repairPartialCode } from '../packages/preview/src/partial.ts';
import { summary } from './preview-harness.ts';
import { dashboardPage } from './preview-page.ts';

const require = createRequire(import.meta.url);
const STEP = 13;

await initTreeSitter({
  parser: require.resolve('web-tree-sitter/web-tree-sitter.wasm'),
  tsx: require.resolve('tree-sitter-typescript/tree-sitter-tsx.wasm'),
});

const corpusDir = resolve(fileURLToPath(import.meta.url), '../corpus');
const sources = [
  dashboardPage('EDIT-0'),
  ...readdirSync(corpusDir)
    .filter((f) => f.endsWith('.tsx.txt'))
    .map((f) => readFileSync(join(corpusDir, f), 'utf8')),
].filter((s) => {
  try {
    compileModule(s, 'apps/web/src/app/page.tsx');
    return true;
  } catch {
    return false;
  }
});

let total = 0;
let repaired = 0;
const times: number[] = [];
for (const source of sources) {
  for (let cut = STEP; cut < source.length; cut += STEP) {
    total++;
    const started = performance.now();
    const code = repairPartialCode(source.slice(0, cut));
    times.push(performance.now() - started);
    if (code === null) continue;
    try {
      compileModule(code, 'apps/web/src/app/page.tsx');
      repaired++;
    } catch {
      // counted as not repaired
    }
  }
}
const t = summary(times);
console.log(`streaming repair over ${sources.length} modules, ${total} truncations (every ${STEP} chars):`);
console.log(
  `  repaired to compilable code: ${repaired}/${total} = ${((100 * repaired) / total).toFixed(1)}%`,
);
console.log(`  repair time: median ${t.median} ms, p90 ${t.p90} ms`);
