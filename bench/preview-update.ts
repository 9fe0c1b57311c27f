/**
 * @module
 * Update latency: new source text → DOM updated, for a 350-line TSX page, 50 edits each, Kiln's preview
 * runtime against a Vite dev server's HMR (vite + @vitejs/plugin-react, React Fast Refresh) on the same page,
 * same machine, same headless Chromium.
 *
 * Kiln: the clock starts when the builder page posts `kiln:load` with the edited source and stops when a
 * MutationObserver in the preview iframe sees the edited heading. Vite: the clock starts just before the
 * edited file is written and stops when the page's observer sees the heading.
 *
 *   node --import tsx bench/preview-update.ts
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Browser, Frame, Page } from 'playwright-core';
import { createServer, version as viteVersion } from 'vite';
import {
  ensureRuntimeBuilt,
  launchChromium,
  SEEN_AT,
  startPreviewServer,
  summary,
  WATCH_HEADING,
} from './preview-harness.ts';
import { dashboardPage } from './preview-page.ts';

const EDITS = 50;
const WARMUP = 5;
const repoRoot = resolve(fileURLToPath(import.meta.url), '../..');

const now = () => performance.timeOrigin + performance.now();

async function seenAt(target: Page | Frame, marker: string, timeout = 15_000): Promise<number> {
  const seen = await target.evaluate(SEEN_AT, [marker, timeout] as [string, number]);
  if (seen === null) throw new Error(`${marker} not seen within ${timeout} ms`);
  return seen;
}

/** Vite updates a file Vite's watcher missed (seen once under heavy load) are retried and not counted. */
let viteMissed = 0;

async function benchKiln(browser: Browser, codeEdit = false): Promise<number[]> {
  await ensureRuntimeBuilt();
  const server = await startPreviewServer();
  const page = await browser.newPage();
  try {
    await page.goto(server.builderUrl);
    await page.waitForFunction(() => (window as unknown as { __ready: boolean }).__ready);
    const frame = page.frames().find((f) => f.url().includes('bench.preview.localhost'));
    if (!frame) throw new Error('preview frame not found');
    await frame.evaluate(WATCH_HEADING);
    const send = (i: number) =>
      page.evaluate((load) => (window as unknown as { kilnSend(l: unknown): void }).kilnSend(load), {
        kind: 'kiln:load',
        revisionId: 'bench',
        modules: [
          {
            filePath: 'apps/web/src/app/page.tsx',
            moduleType: 'PAGE',
            name: 'Homepage',
            content: dashboardPage(`EDIT-${i}`, { codeEdit }),
          },
        ],
        css: '',
        route: '/',
        generating: false,
        mode: 'web',
      });
    const samples: number[] = [];
    for (let i = 0; i <= WARMUP + EDITS; i++) {
      await send(i);
      const seen = await seenAt(frame, `EDIT-${i}`);
      const sent = await page.evaluate(() => (window as unknown as { __sentAt: number }).__sentAt);
      if (i > WARMUP) samples.push(seen - sent);
    }
    return samples;
  } finally {
    await page.close();
    await server.close();
  }
}

async function benchVite(browser: Browser): Promise<number[]> {
  // A throwaway app outside the repository (Vite does not watch node_modules), resolving react and
  // lucide-react through a link to the repository's node_modules.
  const dir = mkdtempSync(join(tmpdir(), 'kiln-bench-vite-'));
  mkdirSync(join(dir, 'src'));
  symlinkSync(join(repoRoot, 'node_modules'), join(dir, 'node_modules'), 'dir');
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body></html>',
  );
  writeFileSync(
    join(dir, 'src/main.tsx'),
    `import { createRoot } from 'react-dom/client';\nimport App from './App';\ncreateRoot(document.getElementById('root')!).render(<App />);\n`,
  );
  const app = join(dir, 'src/App.tsx');
  writeFileSync(app, dashboardPage('EDIT-0'));
  const vite = await createServer({
    root: dir,
    configFile: false,
    logLevel: 'silent',
    plugins: [react()],
    server: { host: '127.0.0.1', port: 0, strictPort: false },
  });
  await vite.listen();
  const url = vite.resolvedUrls?.local[0];
  if (!url) throw new Error('vite did not report its URL');
  const page = await browser.newPage();
  try {
    await page.goto(url);
    await page.getByTestId('heading').waitFor({ timeout: 60_000 });
    await page.evaluate(WATCH_HEADING);
    const samples: number[] = [];
    for (let i = 1; i <= WARMUP + EDITS; i++) {
      const written = now();
      writeFileSync(app, dashboardPage(`EDIT-${i}`));
      let seen: number;
      try {
        seen = await seenAt(page, `EDIT-${i}`, 5000);
      } catch {
        viteMissed++;
        writeFileSync(app, `${dashboardPage(`EDIT-${i}`)}\n`);
        await seenAt(page, `EDIT-${i}`);
        continue;
      }
      if (i > WARMUP) samples.push(seen - written);
    }
    return samples;
  } finally {
    await page.close();
    await vite.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const browser = await launchChromium();
try {
  const lines = dashboardPage('EDIT-0').split('\n').length;
  const kiln = summary(await benchKiln(browser));
  const kilnCode = summary(await benchKiln(browser, true));
  const vite = summary(await benchVite(browser));
  console.log(
    `update latency, ${lines}-line TSX page, ${EDITS} edits (after ${WARMUP} warm-up), source → DOM:`,
  );
  console.log(`  kiln preview runtime: median ${kiln.median} ms, p90 ${kiln.p90} ms (text edits: patched)`);
  console.log(
    `  kiln, code edits    : median ${kilnCode.median} ms, p90 ${kilnCode.p90} ms (the changed declaration transpiled)`,
  );
  console.log(
    `  vite ${viteVersion} HMR (React): median ${vite.median} ms, p90 ${vite.p90} ms${viteMissed ? ` (${viteMissed} missed updates retried, not counted)` : ''}`,
  );
  console.log(
    `  ratio vite/kiln     : median ${(vite.median / kiln.median).toFixed(1)}×, p90 ${(vite.p90 / kiln.p90).toFixed(1)}×`,
  );
  console.log(
    `  ratio, code edits   : median ${(vite.median / kilnCode.median).toFixed(1)}×, p90 ${(vite.p90 / kilnCode.p90).toFixed(1)}×`,
  );
} finally {
  await browser.close();
}
