/**
 * @module
 * Browser test harness: a local server where a builder page on `builder.localhost` drives the preview iframe
 * on `p1.preview.localhost` through `PreviewClient`, and a published app is served on `todo.apps.localhost`;
 * plus one headless Chromium. Each test file calls `setupHarness()` once.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { buildRuntime } from '../scripts/build.ts';
import {
  AI_IMAGE_PATH,
  type AppBuild,
  type AppShellOptions,
  AUTO_CLOSE_PATH,
  type AuthProvider,
  aiImageResponse,
  appBuild,
  appShellHtml,
  autoCloseHtml,
  autoSignInHtml,
  isAuthProvider,
  PAGE_CHUNKS_FOLDER,
  PREVIEW_DIST_DIR,
  type PreviewModule,
  type PreviewToBuilder,
  type PreviewUser,
  previewShellHtml,
} from '../src/index.ts';
import { launchChromium } from '../src/node/headless.ts';
import { testCss } from './fixtures/todo-app.ts';

const packageRoot = resolve(fileURLToPath(import.meta.url), '../..');

/** Rebuilds dist/ only when it is missing or older than the runtime sources. */
export async function ensureBuilt(): Promise<void> {
  const out = join(PREVIEW_DIST_DIR, 'runtime.js');
  if (existsSync(out)) {
    const built = statSync(out).mtimeMs;
    const sources = ['src/runtime', 'src', 'scripts'].flatMap((dir) =>
      readdirFiles(join(packageRoot, dir)).map((f) => statSync(f).mtimeMs),
    );
    if (sources.every((t) => t < built)) return;
  }
  await buildRuntime();
}

function readdirFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => join(dir, d.name));
}

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
};

let server: Server;
export let browser: Browser;
let port = 0;
let clientBundle = '';
/**
 * The modules the published app on `todo.apps.localhost` serves; tests set it before visiting. `split`: served
 * as the server publishes it, split per page (`appBuild`: each page's document, page chunks at
 * `/_kiln/pages/`), with the chunk paths requested noted in `chunkRequests`; `chunksGone` answers them 404
 * (a newer publish replaced them).
 */
export const app = {
  modules: [] as PreviewModule[],
  split: false,
  chunksGone: false,
  chunkRequests: [] as string[],
};

export const origin = (host: string) => `http://${host}.localhost:${port}`;

function builderPage(iframeSrc: string, previewOrigin: string): string {
  return `<!doctype html><html><body>
<iframe id="preview" src="${iframeSrc}" allow="geolocation; camera" style="width:900px;height:700px;border:0"></iframe>
<script>${clientBundle}</script>
<script>
  window.__messages = [];
  window.client = new KilnPreview.PreviewClient(document.getElementById('preview'), ${JSON.stringify(previewOrigin)});
  for (const kind of ['kiln:ready', 'kiln:rendered', 'kiln:error', 'kiln:route', 'kiln:fix']) {
    client.on(kind, (m) => window.__messages.push(m));
  }
</script></body></html>`;
}

/** Starts the server and browser before the file's tests and stops them after. */
export function setupHarness(): void {
  beforeAll(async () => {
    await ensureBuilt();
    clientBundle = (
      await build({
        entryPoints: [join(packageRoot, 'src/client.ts')],
        bundle: true,
        format: 'iife',
        globalName: 'KilnPreview',
        write: false,
        target: 'es2022',
      })
    ).outputFiles[0]!.text;

    server = createServer((req, res) => {
      const host = (req.headers.host ?? '').split(':')[0] ?? '';
      const url = new URL(req.url ?? '/', 'http://x');
      const send = (status: number, type: string, body: string | Buffer) => {
        res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
        res.end(body);
      };
      // What the Kiln server answers on preview and app origins besides the runtime (packages/server app.ts).
      if (
        url.pathname === AI_IMAGE_PATH &&
        (host.endsWith('.preview.localhost') || host.endsWith('.apps.localhost'))
      ) {
        void aiImageResponse(url)
          .text()
          .then((svg) => send(200, 'image/svg+xml; charset=utf-8', svg));
        return;
      }
      const signIn = /^\/~~autosignin\/([^/]+)$/.exec(url.pathname);
      if (host === 'p1.preview.localhost' && signIn && isAuthProvider(signIn[1] ?? '')) {
        return send(200, 'text/html', autoSignInHtml(signIn[1] as AuthProvider));
      }
      if (host === 'p1.preview.localhost' && url.pathname === AUTO_CLOSE_PATH) {
        return send(200, 'text/html', autoCloseHtml());
      }
      if (
        host === 'todo.apps.localhost' &&
        app.split &&
        url.pathname.startsWith(`/_kiln/${PAGE_CHUNKS_FOLDER}/`)
      ) {
        app.chunkRequests.push(url.pathname);
        const chunk = splitApp().chunks.find((c) => url.pathname.endsWith(`/${c.name}`));
        return chunk && !app.chunksGone
          ? send(200, 'application/json', chunk.body)
          : send(404, 'text/plain', 'not found');
      }
      if (url.pathname.startsWith('/_kiln/')) {
        const file = normalize(join(PREVIEW_DIST_DIR, url.pathname.slice('/_kiln/'.length)));
        if (!file.startsWith(PREVIEW_DIST_DIR) || !existsSync(file))
          return send(404, 'text/plain', 'not found');
        return send(200, CONTENT_TYPES[extname(file)] ?? 'application/octet-stream', readFileSync(file));
      }
      if (host === 'builder.localhost') {
        return send(200, 'text/html', builderPage(`${origin('p1.preview')}/`, origin('p1.preview')));
      }
      if (host === 'evil.localhost' && url.pathname === '/forge') {
        const forged = { kind: 'kiln:fix', revisionId: 'r1', filePath: 'x', message: 'forged' };
        return send(
          200,
          'text/html',
          `<script>parent.postMessage(${JSON.stringify(forged)}, '*'); parent.postMessage('forged-done', '*');</script>`,
        );
      }
      if (host === 'evil.localhost') {
        return send(200, 'text/html', `<iframe id="preview" src="${origin('p1.preview')}/"></iframe>`);
      }
      if (host === 'p1.preview.localhost') {
        return send(
          200,
          'text/html',
          previewShellHtml({ builderOrigin: origin('builder'), projectId: 'p1' }),
        );
      }
      // The Kiln server's Auth.js answers for an app with no visitor signed in and no OAuth provider set up.
      if (host === 'todo.apps.localhost' && url.pathname === '/api/auth/session') {
        return send(200, 'application/json', 'null');
      }
      if (host === 'todo.apps.localhost' && url.pathname === '/api/auth/providers') {
        const credentials = (id: string) => ({ id, name: id, type: 'credentials' });
        return send(
          200,
          'application/json',
          JSON.stringify({
            'credentials-signin': credentials('credentials-signin'),
            'credentials-signup': credentials('credentials-signup'),
          }),
        );
      }
      if (host === 'todo.apps.localhost' && app.split) {
        const built = splitApp();
        const own = url.search === '' ? built.pages.find((p) => p.route === url.pathname) : undefined;
        return send(200, 'text/html', own?.html ?? built.html);
      }
      if (host === 'todo.apps.localhost') {
        return send(200, 'text/html', appShellHtml(publishedApp()));
      }
      send(404, 'text/plain', 'unknown host');
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    port = (server.address() as AddressInfo).port;
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((ok) => server?.close(ok));
  });
}

function publishedApp(): AppShellOptions {
  return { title: 'Todos </title>', revisionId: 'r-pub', modules: app.modules, css: testCss };
}

/** The published app as the server's publish builds it, split per page. */
function splitApp(): AppBuild {
  return appBuild(publishedApp(), (body) =>
    createHash('sha256').update(body).digest('base64url').slice(0, 16),
  );
}

export interface Builder {
  page: Page;
  preview: Frame;
  load(
    modules: PreviewModule[],
    opts?: {
      revisionId?: string;
      generating?: boolean;
      route?: string;
      css?: string;
      user?: PreviewUser | null;
    },
  ): Promise<void>;
  messages(): Promise<PreviewToBuilder[]>;
  waitForMessage<K extends PreviewToBuilder['kind']>(
    kind: K,
    where?: Partial<Extract<PreviewToBuilder, { kind: K }>>,
  ): Promise<Extract<PreviewToBuilder, { kind: K }>>;
}

/**
 * The test builder page with its preview iframe, in a new browser context. `beforeOpen` runs on that context
 * before the page loads (to route or watch its requests).
 */
export async function openBuilder(
  mode: 'web' | 'mobile' = 'web',
  opts: { beforeOpen?: (context: BrowserContext) => Promise<unknown> } = {},
): Promise<Builder> {
  const context = await browser.newContext();
  await opts.beforeOpen?.(context);
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('[builder page]', e));
  await page.goto(`${origin('builder')}/`);
  const frameEl = await page.waitForSelector('#preview');
  const preview = (await frameEl.contentFrame())!;
  const builder: Builder = {
    page,
    preview,
    async load(modules, opts = {}) {
      await page.evaluate(
        (msg) => (window as unknown as { client: { load(m: unknown): void } }).client.load(msg),
        {
          revisionId: opts.revisionId ?? 'r1',
          modules,
          css: opts.css ?? testCss,
          route: opts.route ?? '/',
          generating: opts.generating ?? false,
          mode,
          ...(opts.user !== undefined ? { user: opts.user } : {}),
        },
      );
    },
    messages: () => page.evaluate(() => (window as unknown as { __messages: PreviewToBuilder[] }).__messages),
    async waitForMessage(kind, where = {}) {
      const handle = await page.waitForFunction(
        ([k, w]) =>
          (window as unknown as { __messages: Record<string, unknown>[] }).__messages.find(
            (m) => m.kind === k && Object.entries(w).every(([key, v]) => m[key] === v),
          ),
        [kind, where as Record<string, unknown>] as [string, Record<string, unknown>],
      );
      return (await handle.jsonValue()) as never;
    },
  };
  return builder;
}
