/**
 * @module
 * `renderCheck`: does a generated module render? It renders the module through the real preview runtime
 * in headless Chromium — the built `dist/` served by a throwaway local HTTP server on two origins
 * (`check-builder.localhost` embedding `check.preview.localhost`, as in the builder) — and reports the first
 * `kiln:error` or the `kiln:rendered` of the revision. One browser is reused across calls; `closeHeadless()`
 * stops it. Node only: import it from `@kiln/preview/node`, never from browser code.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import type { ModuleType } from '@kiln/core';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { PREVIEW_DIST_DIR } from '../dist-dir.ts';
import type { PreviewMode, PreviewModule } from '../protocol.ts';
import { filePathToRoute } from '../routes.ts';
import { previewShellHtml } from '../shell.ts';
import { sharedChromium } from './chromium-endpoint.ts';

/** What `renderCheck` renders: one module's source, at its path, with the rest of the project if given. */
export interface RenderCheckInput {
  source: string;
  filePath: string;
  /** Which pages render; default: `mobile` for files under `apps/mobile/`, else `web`. */
  mode?: PreviewMode;
  /** Other modules of the project (pages, components); a module at `filePath` is replaced by `source`. */
  modules?: PreviewModule[];
  /** Gives up after this long; default 15 000 ms. */
  timeoutMs?: number;
  /**
   * npm packages outside the catalogue (the server's resolver, pinned to the checked revision); without it,
   * such an import fails as not in the catalogue.
   */
  packages?: PackageSource;
}

/** Resolves npm imports for a check: a bundle's sha256 for an import source, and the file of a bundle. */
export interface PackageSource {
  /** Rejects with an error whose message names the package (shown as the check's error). */
  resolve(source: string): Promise<{ bundle: string; peers?: string[] }>;
  bundleFile(hash: string): string | null;
}

/** Each running check's packages, by its revision id (the runtime's requests carry it). */
const checkPackages = new Map<string, PackageSource>();
/** Bundle files handed out by a check, by sha256. */
const bundleFiles = new Map<string, string>();

/** `/_kiln/npm/resolve?source&revision` and `/_kiln/npm/{sha256}.js`, as the Kiln server answers them. */
async function servePackage(url: URL, send: (status: number, type: string, body: string | Buffer) => void) {
  const json = (status: number, body: unknown) => send(status, 'application/json', JSON.stringify(body));
  if (url.pathname === '/_kiln/npm/resolve') {
    const packages = checkPackages.get(url.searchParams.get('revision') ?? '');
    if (!packages) return send(404, 'text/plain', 'not found');
    try {
      const { bundle, peers = [] } = await packages.resolve(url.searchParams.get('source') ?? '');
      const file = packages.bundleFile(bundle);
      if (file) bundleFiles.set(bundle, file);
      return json(200, { url: `/_kiln/npm/${bundle}.js`, peers });
    } catch (err) {
      const e = err as { kind?: string; message?: string };
      return json(400, { error: { code: e.kind ?? 'internal', message: e.message ?? String(err) } });
    }
  }
  const file = bundleFiles.get(/^\/_kiln\/npm\/([0-9a-f]{64})\.js$/.exec(url.pathname)?.[1] ?? '');
  if (!file || !existsSync(file)) return send(404, 'text/plain', 'not found');
  send(200, CONTENT_TYPES['.js'] ?? 'text/javascript', readFileSync(file));
}

/** `ok` when the page rendered without any module failing; else the first error's message. */
export interface RenderCheckResult {
  ok: boolean;
  error: string | null;
  /** The module the first error belongs to, and where in its source (1-based) when the preview knows. */
  filePath?: string;
  line?: number;
  column?: number;
  /** Wall time of the check, including browser start on the first call. */
  ms: number;
}

/** Flags for Debian's headless Chromium on these machines (no sandbox as root, no background network). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Debian's Chromium at /usr/bin/chromium with Kiln's flags (or a connection to the shared one,
 * `useSharedChromium`); every browser Kiln and its tests start.
 * `ownsSignals`: the caller closes the browser on shutdown, so Playwright must not exit the process on Ctrl-C.
 */
export function launchChromium(opts: { ownsSignals?: boolean } = {}): Promise<Browser> {
  const shared = sharedChromium();
  if (shared) return chromium.connect(shared);
  const signals = opts.ownsSignals ? { handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false } : {};
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS, ...signals });
}

export { useSharedChromium } from './chromium-endpoint.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
};

/** How long after `kiln:rendered` errors from effects (which run after the first commit) still count. */
const SETTLE_MS = 120;
/** Warm builder pages kept for later checks. */
const MAX_IDLE_PAGES = 4;

interface Headless {
  browser: Browser;
  server: Server;
  port: number;
  /**
   * Builder pages whose preview has loaded, ready for the next check. Reusing one keeps checks fast (no
   * runtime reload); each check is a new revision, so the engine replaces every module.
   */
  idle: { context: BrowserContext; page: Page }[];
}

let starting: Promise<Headless> | null = null;

function builderPage(previewOrigin: string): string {
  return `<!doctype html><html><body>
<iframe id="preview" src="${previewOrigin}/" style="width:1280px;height:720px;border:0"></iframe>
<script>
  const previewOrigin = ${JSON.stringify(previewOrigin)};
  const frame = document.getElementById('preview');
  let markReady;
  const ready = new Promise((resolve) => { markReady = resolve; });
  const listeners = new Set();
  // Every message the preview sent, for verification's walk (verify.ts reads and clears it).
  window.kilnEvents = [];
  window.addEventListener('message', (e) => {
    if (e.origin !== previewOrigin || e.source !== frame.contentWindow) return;
    if (e.data && e.data.kind === 'kiln:ready') markReady();
    if (window.kilnEvents.length < 500) window.kilnEvents.push(e.data);
    for (const listener of listeners) listener(e.data);
  });
  window.kilnCheck = async (load, settleMs) => {
    await ready;
    return new Promise((resolve) => {
      let error = null;
      const done = (result) => { listeners.delete(listener); resolve(result); };
      const listener = (m) => {
        if (!m || m.revisionId !== load.revisionId) return;
        if (m.kind === 'kiln:error' && error === null) {
          error = m.filePath === load.checkedFile ? m.message : m.filePath + ': ' + m.message;
          done({ ok: false, error, filePath: m.filePath, line: m.line, column: m.column });
        } else if (m.kind === 'kiln:rendered') {
          setTimeout(() => done({ ok: error === null, error }), settleMs);
        }
      };
      listeners.add(listener);
      const { checkedFile, ...message } = load;
      frame.contentWindow.postMessage(message, previewOrigin);
    });
  };
</script></body></html>`;
}

function startServer(): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => {
    const host = (req.headers.host ?? '').split(':')[0] ?? '';
    const url = new URL(req.url ?? '/', 'http://localhost');
    const port = (server.address() as AddressInfo).port;
    const send = (status: number, type: string, body: string | Buffer) => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'max-age=3600' });
      res.end(body);
    };
    if (url.pathname.startsWith('/_kiln/npm/')) return void servePackage(url, send);
    if (url.pathname.startsWith('/_kiln/')) {
      const file = normalize(join(PREVIEW_DIST_DIR, url.pathname.slice('/_kiln/'.length)));
      if (!file.startsWith(PREVIEW_DIST_DIR + sep) || !existsSync(file))
        return send(404, 'text/plain', 'not found');
      return send(200, CONTENT_TYPES[extname(file)] ?? 'application/octet-stream', readFileSync(file));
    }
    if (host === 'check-builder.localhost') {
      return send(200, 'text/html', builderPage(`http://check.preview.localhost:${port}`));
    }
    if (host === 'check.preview.localhost') {
      const builderOrigin = `http://check-builder.localhost:${port}`;
      return send(200, 'text/html', previewShellHtml({ builderOrigin, projectId: 'check' }));
    }
    send(404, 'text/plain', 'unknown host');
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as AddressInfo).port }));
  });
}

function headless(): Promise<Headless> {
  starting ??= (async () => {
    if (!existsSync(join(PREVIEW_DIST_DIR, 'runtime.js'))) {
      throw new Error('The preview runtime is not built: run `npm run build -w @kiln/preview`.');
    }
    const { server, port } = await startServer();
    try {
      // The server checks every revision with this browser and closes it when it stops (closeHeadless);
      // Playwright's own Ctrl-C handler would end the server's process with 130 before its graceful stop.
      const browser = await launchChromium({ ownsSignals: true });
      return { browser, server, port, idle: [] };
    } catch (error) {
      server.close();
      throw error;
    }
  })();
  starting.catch(() => {
    starting = null;
  });
  return starting;
}

function moduleTypeFor(filePath: string): ModuleType {
  if (filePath.startsWith('apps/mobile/')) return 'EXPO_PAGE';
  if (filePathToRoute(filePath) !== null) return 'PAGE';
  return 'COMPONENT';
}

function componentName(filePath: string): string {
  const base =
    filePath
      .split('/')
      .pop()
      ?.replace(/\.[jt]sx?$/, '') ?? 'Component';
  return /^[A-Za-z_$][\w$]*$/.test(base) ? base : 'Component';
}

/** The route that shows a page: dynamic segments filled with `1`. */
export function routeFor(filePath: string): string {
  return (filePathToRoute(filePath) ?? '/').replace(/\[\.{3}[^\]]+\]|\[[^\]]+\]/g, '1');
}

let revision = 0;

/**
 * A browser context for checks. The checked code runs on the machine that asked (the server validates every
 * revision with it), so it may reach the check's own two origins only: any other request — the machine's
 * other local services, the network — is aborted (`data:` and `blob:` URLs never leave the browser).
 */
async function checkContext(h: Headless): Promise<BrowserContext> {
  const context = await h.browser.newContext();
  const allowed = new Set([`check-builder.localhost:${h.port}`, `check.preview.localhost:${h.port}`]);
  await context.route(
    (url) => !allowed.has(url.host),
    (route) => route.abort('blockedbyclient'),
  );
  return context;
}

/** Renders one module through the preview runtime in headless Chromium; see the module comment. */
export async function renderCheck(input: RenderCheckInput): Promise<RenderCheckResult> {
  const started = performance.now();
  const h = await headless();
  const mode: PreviewMode = input.mode ?? (input.filePath.startsWith('apps/mobile/') ? 'mobile' : 'web');
  const moduleType =
    input.modules?.find((m) => m.filePath === input.filePath)?.moduleType ?? moduleTypeFor(input.filePath);
  const checked: PreviewModule = {
    filePath: input.filePath,
    moduleType,
    name: componentName(input.filePath),
    content: input.source,
  };
  const modules = [...(input.modules ?? []).filter((m) => m.filePath !== input.filePath), checked];
  let route = '/';
  const isPage = moduleType === 'PAGE' || moduleType === 'EXPO_PAGE' || moduleType.startsWith('AUTH_PAGE');
  if (isPage) route = routeFor(input.filePath);
  else {
    // A component renders on a page of its own, which the runtime resolves by the component's name.
    const host =
      mode === 'mobile'
        ? 'apps/mobile/src/app/__kiln_check/index.tsx'
        : 'apps/web/src/app/__kiln_check/page.tsx';
    const name = componentName(input.filePath);
    modules.push({
      filePath: host,
      moduleType: mode === 'mobile' ? 'EXPO_PAGE' : 'PAGE',
      name: 'Check',
      content: `export default function KilnCheck() { return <${name} />; }`,
    });
    route = '/__kiln_check';
  }
  const revisionId = `check-${++revision}`;
  if (input.packages) checkPackages.set(revisionId, input.packages);
  const warm = h.idle.pop();
  const context = warm?.context ?? (await checkContext(h));
  let timer: ReturnType<typeof setTimeout> | undefined;
  let reusable = false;
  let page: Page | undefined;
  try {
    page = warm?.page;
    if (!page) {
      page = await context.newPage();
      await page.goto(`http://check-builder.localhost:${h.port}/`);
    }
    const timeoutMs = input.timeoutMs ?? 15_000;
    const load = {
      kind: 'kiln:load',
      revisionId,
      modules,
      css: '',
      route,
      generating: false,
      mode,
      checkedFile: input.filePath,
    };
    const result = await Promise.race([
      page.evaluate(
        ([msg, settle]) =>
          (
            window as unknown as {
              kilnCheck(m: unknown, s: number): Promise<Omit<RenderCheckResult, 'ms'>>;
            }
          ).kilnCheck(msg, settle),
        [load, SETTLE_MS] as const,
      ),
      new Promise<Omit<RenderCheckResult, 'ms'>>((resolve) => {
        timer = setTimeout(
          () => resolve({ ok: false, error: `Render check timed out after ${timeoutMs} ms` }),
          timeoutMs,
        );
      }),
    ]);
    reusable = !result.error?.startsWith('Render check timed out');
    const where: Partial<RenderCheckResult> = {};
    if (result.filePath) where.filePath = result.filePath;
    if (result.line) where.line = result.line;
    if (result.column) where.column = result.column;
    return { ok: result.ok, error: result.error, ...where, ms: Math.round(performance.now() - started) };
  } finally {
    clearTimeout(timer);
    checkPackages.delete(revisionId);
    if (reusable && page && h.idle.length < MAX_IDLE_PAGES && starting) h.idle.push({ context, page });
    else await context.close();
  }
}

/** A warm check page lent to `fn` (verify.ts): the builder page embedding the preview, and the check's origins. */
export interface CheckPage {
  page: Page;
  builderOrigin: string;
  previewOrigin: string;
}

/**
 * Lends one of the shared browser's check pages to `fn` and takes it back afterwards (closed instead when `fn`
 * threw or the pool is full), so verification renders with the same warm runtime as the render check.
 */
export async function withCheckPage<T>(fn: (check: CheckPage) => Promise<T>): Promise<T> {
  const h = await headless();
  const warm = h.idle.pop();
  const context = warm?.context ?? (await checkContext(h));
  let reusable = false;
  try {
    let page = warm?.page;
    if (!page) {
      page = await context.newPage();
      await page.goto(`http://check-builder.localhost:${h.port}/`);
    }
    const result = await fn({
      page,
      builderOrigin: `http://check-builder.localhost:${h.port}`,
      previewOrigin: `http://check.preview.localhost:${h.port}`,
    });
    reusable = true;
    if (h.idle.length < MAX_IDLE_PAGES && starting) h.idle.push({ context, page });
    return result;
  } finally {
    if (!reusable || !h.idle.some((w) => w.context === context)) await context.close();
  }
}

/** Closes the shared browser and the local server; the next `renderCheck` starts them again. */
export async function closeHeadless(): Promise<void> {
  const h = await starting?.catch(() => null);
  starting = null;
  if (!h) return;
  h.idle.length = 0;
  await h.browser.close();
  await new Promise<void>((resolve) => h.server.close(() => resolve()));
}
