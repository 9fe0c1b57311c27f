/**
 * @module
 * Render success over a corpus of single-file React components written the way models write them — clean
 * ones and ones with the usual mistakes (missing imports, adjacent JSX, undefined helpers, named instead of
 * default exports, next/link, process.env, 'use client', Array(n).map, unknown lowercase tags, Expo pages…).
 * Each is rendered as the home page by the real runtime in headless Chromium (`renderCheck`); prints the
 * share that render without error and lists the failures.
 *
 * The corpus lives in `bench/corpus/*.tsx.txt`: the `.txt` keeps model-style code out of `tsc` and Biome.
 * Files named `NN-m-*` are Expo pages (mobile mode). Bugs no cleaning can mend, kept to test that a failure is
 * reported with its module and line, are in `packages/preview/test/fixtures/component-bugs/` (headless.test.ts).
 * `compile.test.ts` and `clean.test.ts` read the files numbered up to 160; this bench renders every one.
 *
 *   node --import tsx bench/preview-corpus.ts [first-number]
 *
 * An optional first number (e.g. `66`) runs only the files numbered from there on, to check new entries.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { closeHeadless, renderCheck } from '../packages/preview/src/node/headless.ts';
import { PackageResolver } from '../packages/server/src/packages/resolver.ts';
import { ensureRuntimeBuilt, summary } from './preview-harness.ts';

const corpusDir = resolve(fileURLToPath(import.meta.url), '../corpus');
/**
 * A check includes the first use of each npm package (resolve, download, bundle from the public registry), which
 * on this 2-core machine under load took up to 14 s alone (@headlessui/react at load 21). What this bench
 * measures is whether the component renders; first-use time is `bench/npm-packages.ts`'s figure.
 */
const CHECK_TIMEOUT_MS = 60_000;
const fromNumber = Number(process.argv[2] ?? 0);
const files = readdirSync(corpusDir)
  .filter((f) => f.endsWith('.tsx.txt') && Number.parseInt(f, 10) >= fromNumber)
  .sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10) || a.localeCompare(b));

await ensureRuntimeBuilt();
// Imports outside the catalogue resolve from npm's configured registry (or KILN_NPM_REGISTRY), as in Kiln;
// KILN_NPM=0 measures the catalogue alone.
const npmData = mkdtempSync(join(tmpdir(), 'kiln-corpus-npm-'));
const resolver =
  process.env.KILN_NPM === '0'
    ? null
    : new PackageResolver({ dataDir: npmData, registry: process.env.KILN_NPM_REGISTRY });
const failures: { file: string; error: string }[] = [];
const times: number[] = [];
try {
  for (const file of files) {
    const mobile = /^\d+-m-/.test(file);
    const result = await renderCheck({
      timeoutMs: CHECK_TIMEOUT_MS,
      source: readFileSync(join(corpusDir, file), 'utf8'),
      filePath: mobile ? 'apps/mobile/src/app/index.tsx' : 'apps/web/src/app/page.tsx',
      mode: mobile ? 'mobile' : 'web',
      ...(resolver
        ? {
            packages: {
              resolve: (s: string) => resolver.resolve(s),
              bundleFile: (h: string) => resolver.bundleFile(h),
            },
          }
        : {}),
    });
    times.push(result.ms);
    if (!result.ok) failures.push({ file, error: result.error ?? 'unknown error' });
  }
} finally {
  await closeHeadless();
  rmSync(npmData, { recursive: true, force: true });
}
const passed = files.length - failures.length;
const t = summary(times.slice(1));
console.log(
  `render success: ${passed}/${files.length} = ${((100 * passed) / files.length).toFixed(1)}% of the corpus render without error`,
);
console.log(`renderCheck time per file (after the first): median ${t.median} ms, p90 ${t.p90} ms`);
if (failures.length > 0) {
  console.log('failures:');
  for (const f of failures) console.log(`  ${f.file.replace(/\.txt$/, '')}: ${f.error.split('\n')[0]}`);
}
