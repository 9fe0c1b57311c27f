/**
 * @module
 * Cold preview: opening a project to its first render, Kiln's preview runtime against Vite's cold start on
 * the same app (issue 6), same machine, same headless Chromium.
 *
 * The app is the builtin generator's todo app (a page and three components, lucide icons), with its
 * Tailwind CSS compiled by the server's compiler beforehand (the product serves it precompiled, cached).
 *
 * Kiln: a fresh browser context (empty cache) opens a builder page that embeds the preview origin; the
 *   runtime is fetched, `kiln:load` is posted the moment the runtime says `kiln:ready`, and the clock stops
 *   when the page's heading and form are in the DOM: runtime fetch + compiler + compile + icons + render.
 * Vite: the page and components are written into a new temp Vite project (react + lucide-react through a
 *   link to this repository's node_modules, a fresh dependency cache), and the clock runs from starting the
 *   dev server to the same DOM condition in a fresh context: server start + dependency pre-bundling +
 *   transform + render. Separately, `npm install` of the same dependencies into an empty project is timed —
 *   the install a fresh Vite project needs first — from the npm cache, or with the registry for what it lacks.
 *
 *   node --import tsx bench/preview-cold.ts
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GenModule } from '@kiln/codegen';
import type { Browser, BrowserContext } from 'playwright-core';
import { compileCss } from '../packages/server/src/css.ts';
import {
  ensureRuntimeBuilt,
  launchChromium,
  startPreviewServer,
  summary,
  todoApp,
  viteProject,
} from './preview-harness.ts';

const KILN_RUNS = 7;
const VITE_RUNS = 3;
const repoRoot = resolve(fileURLToPath(import.meta.url), '../..');
const now = () => performance.timeOrigin + performance.now();

/** In every document of a context: the epoch time at which the page's heading and form are both there. */
const WATCH_FIRST_RENDER = `(() => {
  const check = () => {
    if (window.__renderedAt || !document.querySelector('h1') || !document.querySelector('form')) return;
    window.__renderedAt = performance.timeOrigin + performance.now();
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true });
})()`;

async function renderedAt(context: BrowserContext, timeout = 60_000): Promise<number> {
  const end = Date.now() + timeout;
  for (;;) {
    for (const page of context.pages()) {
      for (const frame of page.frames()) {
        const at = await frame
          .evaluate(() => (window as unknown as { __renderedAt?: number }).__renderedAt)
          .catch(() => undefined);
        if (at) return at;
      }
    }
    if (Date.now() > end) throw new Error('no first render');
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function benchKiln(browser: Browser, modules: GenModule[], css: string): Promise<number[]> {
  await ensureRuntimeBuilt();
  const server = await startPreviewServer();
  const previewOrigin = server.builderUrl
    .replace('bench-builder.localhost', 'bench.preview.localhost')
    .replace(/\/$/, '');
  const load = {
    kind: 'kiln:load',
    revisionId: 'cold',
    modules: modules.map((m) => ({
      filePath: m.filePath,
      moduleType: m.moduleType,
      name:
        m.filePath
          .split('/')
          .pop()
          ?.replace(/\.[jt]sx?$/, '') ?? 'Module',
      content: m.content,
    })),
    css,
    route: '/',
    generating: false,
    mode: 'web',
  };
  // The builder page posts the load as soon as the runtime is ready, without a round trip to this process.
  const autoLoad = `(() => {
    const load = ${JSON.stringify(load)};
    window.addEventListener('message', (e) => {
      if (e.origin !== ${JSON.stringify(previewOrigin)} || !e.data || e.data.kind !== 'kiln:ready') return;
      document.getElementById('preview').contentWindow.postMessage(load, ${JSON.stringify(previewOrigin)});
    });
  })()`;
  const samples: number[] = [];
  try {
    for (let i = 0; i < KILN_RUNS; i++) {
      const context = await browser.newContext();
      await context.addInitScript(WATCH_FIRST_RENDER);
      await context.addInitScript(`if (location.hostname === 'bench-builder.localhost') ${autoLoad}`);
      const page = await context.newPage();
      const started = now();
      await page.goto(server.builderUrl);
      samples.push((await renderedAt(context)) - started);
      await context.close();
    }
  } finally {
    await server.close();
  }
  return samples;
}

async function benchVite(browser: Browser, modules: GenModule[], css: string): Promise<number[]> {
  const { createServer } = await import('vite');
  const { default: react } = await import('@vitejs/plugin-react');
  const samples: number[] = [];
  for (let i = 0; i < VITE_RUNS; i++) {
    const dir = viteProject(modules, css);
    const context = await browser.newContext();
    await context.addInitScript(WATCH_FIRST_RENDER);
    const started = now();
    const vite = await createServer({
      root: dir,
      configFile: false,
      logLevel: 'silent',
      cacheDir: join(dir, '.vite'), // a cold dependency cache, as a fresh project has
      plugins: [react()],
      resolve: { alias: { '@': join(dir, 'src') } },
      server: { host: '127.0.0.1', port: 0, strictPort: false },
    });
    try {
      await vite.listen();
      const url = vite.resolvedUrls?.local[0];
      if (!url) throw new Error('vite did not report its URL');
      const page = await context.newPage();
      await page.goto(url);
      samples.push((await renderedAt(context)) - started);
    } finally {
      await context.close();
      await vite.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return samples;
}

/**
 * `npm install` of the app's dependencies into an empty project, the install a fresh Vite project needs first:
 * from the npm cache alone (`--offline`) when it holds them, else `--prefer-offline` (the cache first, the
 * registry for what it lacks — package metadata, usually). Null when neither works (no registry).
 */
function timeInstall(): { ms: number | null; note: string } {
  const deps = ['react', 'react-dom', 'lucide-react', 'vite', '@vitejs/plugin-react'];
  const version = (name: string) =>
    (
      JSON.parse(readFileSync(join(repoRoot, 'node_modules', name, 'package.json'), 'utf8')) as {
        version: string;
      }
    ).version;
  const failures: string[] = [];
  for (const mode of ['--offline', '--prefer-offline']) {
    const dir = mkdtempSync(join(tmpdir(), 'kiln-bench-npm-'));
    try {
      writeFileSync(
        join(dir, 'package.json'),
        JSON.stringify({
          name: 'cold',
          private: true,
          dependencies: Object.fromEntries(deps.map((d) => [d, version(d)])),
        }),
      );
      const started = now();
      const run = spawnSync('npm', ['install', mode, '--no-audit', '--no-fund', '--loglevel=error'], {
        cwd: dir,
        encoding: 'utf8',
        timeout: 300_000,
      });
      const ms = now() - started;
      if (run.status === 0) return { ms, note: `npm install ${mode}: ${deps.join(', ')}` };
      const reason =
        (run.stderr || run.stdout || '').split('\n').find((l) => /ERR|error/.test(l)) ?? `exit ${run.status}`;
      failures.push(`${mode} failed (${reason.trim()})`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return { ms: null, note: failures.join('; ') };
}

const modules = await todoApp();
const css = await compileCss(modules.map((m) => m.content));
const browser = await launchChromium();
try {
  const kiln = summary(await benchKiln(browser, modules, css));
  const vite = summary(await benchVite(browser, modules, css));
  const install = timeInstall();
  const pages = modules.filter((m) => m.moduleType === 'PAGE').length;
  console.log(
    `cold preview, builtin todo app (${modules.length} modules, ${pages} page), open → first render (fresh browser context):`,
  );
  console.log(`  kiln preview runtime : median ${kiln.median} ms, p90 ${kiln.p90} ms (${kiln.n} runs)`);
  console.log(
    `  vite cold start      : median ${vite.median} ms, p90 ${vite.p90} ms (${vite.n} runs, fresh dep cache)`,
  );
  if (install.ms !== null) {
    const total = vite.median + install.ms;
    console.log(`  vite's npm install   : ${Math.round(install.ms)} ms (${install.note})`);
    console.log(`  vite install + start : ${Math.round(total)} ms`);
    console.log(
      `  ratio vite/kiln      : ${(vite.median / kiln.median).toFixed(1)}× start alone, ${(total / kiln.median).toFixed(1)}× with the install`,
    );
  } else {
    console.log(`  npm install          : not measured — ${install.note}; Vite's start alone is compared`);
    console.log(`  ratio vite/kiln      : ${(vite.median / kiln.median).toFixed(1)}× (start alone)`);
  }
} finally {
  await browser.close();
}
