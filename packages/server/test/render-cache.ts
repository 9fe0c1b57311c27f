/**
 * @module Render check results kept on disk for tests (`useRenderCheckCache`, jobs/validate.ts): most test
 * projects are builtin apps whose pages every test file renders again, and a file whose checks all hit never
 * starts Chromium (its start and the first render: ~4–8 s of a loaded 2-core machine per file). A result is
 * filed under a key over the check's inputs (validate.ts) in a directory named after everything else that
 * decides it: the built preview runtime (`packages/preview/dist`, each file's name, size and time), the preview
 * package's source (the check's page, server and shell), Chromium's binary and Playwright's version. A rebuilt
 * runtime or another browser starts an empty directory; nothing is ever answered from a different setup.
 */
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import type { RenderCheckCache, RenderOutcome } from '../src/jobs/validate';

const PREVIEW = resolve(import.meta.dirname, '../../preview');
/**
 * The browsers a render check may run in: Kiln's Chromium and the tests' headless shell (test/chromium-server.ts),
 * each a wrapper script and its binary.
 */
const CHROMIUM = [
  '/usr/bin/chromium',
  '/usr/lib/chromium/chromium',
  '/usr/bin/chromium-headless-shell',
  '/usr/lib/chromium/chromium-headless-shell',
];

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((f) => join(dir, f))
    .filter((f) => statSync(f).isFile())
    .sort();
}

/** A digest of what, besides its inputs, decides a render check's result on this machine. */
function setupDigest(): string {
  const h = createHash('sha256');
  // The built runtime: thousands of files (fonts, wasm), so their names, sizes and times rather than contents.
  for (const f of filesUnder(join(PREVIEW, 'dist'))) {
    const s = statSync(f);
    h.update(`${relative(PREVIEW, f)}\0${s.size}\0${s.mtimeMs}\0`);
  }
  // The preview's source (renderCheck, its builder page and shell), by content.
  for (const f of filesUnder(join(PREVIEW, 'src'))) h.update(relative(PREVIEW, f)).update(readFileSync(f));
  for (const bin of CHROMIUM) {
    if (!existsSync(bin)) continue;
    const s = statSync(realpathSync(bin));
    h.update(`${bin}\0${s.size}\0${s.mtimeMs}\0`);
  }
  const playwright = createRequire(join(PREVIEW, 'package.json')).resolve('playwright-core/package.json');
  h.update(JSON.parse(readFileSync(playwright, 'utf8')).version);
  return h.digest('hex').slice(0, 16);
}

/** The cache `startTestKiln`'s harness installs: `{tmpdir}/kiln-test-snapshots/render-checks-{setup}/{key}.json`. */
export function diskRenderCheckCache(): RenderCheckCache {
  let dir: Promise<string> | undefined;
  const directory = () => {
    dir ??= (async () => {
      const d = join(tmpdir(), 'kiln-test-snapshots', `render-checks-${setupDigest()}`);
      await mkdir(d, { recursive: true });
      return d;
    })();
    return dir;
  };
  return {
    async get(key) {
      try {
        const outcome = JSON.parse(await readFile(join(await directory(), `${key}.json`), 'utf8'));
        return typeof outcome?.ok === 'boolean' ? (outcome as RenderOutcome) : undefined;
      } catch {
        return undefined;
      }
    },
    async set(key, outcome) {
      // Written aside and renamed: another test process never reads half a file.
      const d = await directory();
      const aside = join(d, `${key}.${randomUUID()}.tmp`);
      await writeFile(aside, JSON.stringify({ ok: outcome.ok, error: outcome.error }));
      await rename(aside, join(d, `${key}.json`));
    },
  };
}
