/**
 * @module
 * Shared set-up for the preview benchmarks: the built runtime served on two `*.localhost` origins (a minimal
 * builder page embedding the preview iframe and talking to it as `PreviewClient` does), headless Chromium,
 * and summary statistics.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createBuiltinProvider, type GenModule, generate } from '@kiln/codegen';
import { PREVIEW_DIST_DIR, previewShellHtml } from '@kiln/preview';

import { buildRuntime } from '../packages/preview/scripts/build.ts';

export { CHROMIUM_ARGS, launchChromium } from '@kiln/preview/node';

/** Builds `packages/preview/dist` when it is missing. */
export async function ensureRuntimeBuilt(): Promise<void> {
  if (!existsSync(join(PREVIEW_DIST_DIR, 'runtime.js'))) await buildRuntime();
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
};

/**
 * A builder page (`bench-builder.localhost`) embedding the preview (`bench.preview.localhost`). The page
 * exposes `kilnSend(load)`, which stamps `window.__sentAt` (epoch ms) and posts the `kiln:load` through the
 * runtime's port (protocol.ts `ConnectMessage`).
 */
export async function startPreviewServer(): Promise<{
  server: Server;
  builderUrl: string;
  close(): Promise<void>;
}> {
  const server = createServer((req, res) => {
    const host = (req.headers.host ?? '').split(':')[0] ?? '';
    const url = new URL(req.url ?? '/', 'http://localhost');
    const port = (server.address() as AddressInfo).port;
    const previewOrigin = `http://bench.preview.localhost:${port}`;
    const builderOrigin = `http://bench-builder.localhost:${port}`;
    const send = (status: number, type: string, body: string | Buffer) => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'max-age=3600' });
      res.end(body);
    };
    if (url.pathname.startsWith('/_kiln/')) {
      const file = normalize(join(PREVIEW_DIST_DIR, url.pathname.slice('/_kiln/'.length)));
      if (!file.startsWith(PREVIEW_DIST_DIR + sep) || !existsSync(file)) return send(404, 'text/plain', '');
      return send(200, TYPES[extname(file)] ?? 'application/octet-stream', readFileSync(file));
    }
    if (host === 'bench.preview.localhost') {
      return send(200, 'text/html', previewShellHtml({ builderOrigin, projectId: 'bench' }));
    }
    send(
      200,
      'text/html',
      `<!doctype html><html><body>
<iframe id="preview" src="${previewOrigin}/" style="width:1280px;height:720px;border:0"></iframe>
<script>
  const frame = document.getElementById('preview');
  window.__ready = false;
  window.__messages = [];
  // As PreviewClient does: on kiln:ready, hand the runtime a MessagePort and send every load through it.
  let port = null;
  window.addEventListener('message', (e) => {
    if (e.origin !== ${JSON.stringify(previewOrigin)}) return;
    if (e.data && e.data.kind === 'kiln:ready') {
      const channel = new MessageChannel();
      frame.contentWindow.postMessage({ kind: 'kiln:connect' }, ${JSON.stringify(previewOrigin)}, [channel.port2]);
      port = channel.port1;
      window.__ready = true;
    }
    window.__messages.push(e.data);
  });
  window.kilnSend = (load) => {
    window.__sentAt = performance.timeOrigin + performance.now();
    port.postMessage(load);
  };
</script></body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    server,
    builderUrl: `http://bench-builder.localhost:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Median and 90th percentile of a sample, in ms rounded to 0.1. */
export function summary(samples: number[]): { median: number; p90: number; n: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  const round = (x: number) => Math.round(x * 10) / 10;
  return { median: round(at(0.5)), p90: round(at(0.9)), n: sorted.length };
}

/**
 * Source for a page-side watcher: records in `window.__seenAt[marker]` the epoch time at which the element
 * `[data-testid=heading]` first contains `marker`, and resolves whoever waits for it (`SEEN_AT`). Waiting is a
 * promise resolved by the observer, not polling: a poll runs script in the measured page every frame and
 * competes with the update it waits for (this machine has 2 cores for the browser, the server and Node).
 */
export const WATCH_HEADING = `(() => {
  window.__seenAt = {};
  window.__waiters = {};
  const check = () => {
    const h = document.querySelector('[data-testid=heading]');
    const m = h && /EDIT-\\d+/.exec(h.textContent || '');
    if (m && !(m[0] in window.__seenAt)) {
      window.__seenAt[m[0]] = performance.timeOrigin + performance.now();
      window.__waiters[m[0]]?.(window.__seenAt[m[0]]);
    }
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
  check();
})()`;

/** Page function for `evaluate`: the epoch time the marker was seen (waits for it), or null after `timeout` ms. */
export function SEEN_AT([marker, timeout]: [string, number]): Promise<number | null> {
  const w = window as unknown as {
    __seenAt: Record<string, number>;
    __waiters: Record<string, (t: number | null) => void>;
  };
  const seen = w.__seenAt[marker];
  if (seen !== undefined) return Promise.resolve(seen);
  return new Promise((resolve) => {
    w.__waiters[marker] = resolve;
    setTimeout(() => resolve(null), timeout);
  });
}

/** The builtin generator's todo app (deterministic): a page, components, functions and a migration. */
export async function todoApp(): Promise<GenModule[]> {
  for await (const ev of generate(
    { prompt: 'A todo list app with due dates', modules: [], action: 'INITIAL' },
    createBuiltinProvider(),
  )) {
    if (ev.type === 'done') return ev.modules;
  }
  throw new Error('the builtin generator gave no result');
}

/** A new Vite project for the app: files laid out as generated, `@/` → `src/`, the repository's node_modules. */
const repoRoot = resolve(fileURLToPath(import.meta.url), '../..');

export function viteProject(modules: GenModule[], css: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'kiln-bench-vite-cold-'));
  symlinkSync(join(repoRoot, 'node_modules'), join(dir, 'node_modules'), 'dir');
  for (const m of modules) {
    const file = join(dir, m.filePath.replace(/^apps\/web\//, ''));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, m.content);
  }
  writeFileSync(join(dir, 'src/styles.css'), css);
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body></html>',
  );
  writeFileSync(
    join(dir, 'src/main.tsx'),
    `import { createRoot } from 'react-dom/client';\nimport './styles.css';\nimport Page from './app/page';\ncreateRoot(document.getElementById('root')!).render(<Page />);\n`,
  );
  return dir;
}
