/**
 * @module
 * `prerenderPages`: a published app's pages rendered once in headless Chromium, in their production form (the
 * deployment's own document and the built runtime), to find which pages need no data and keep their markup.
 * A page is kept only when its render made no data request — no `/api/*` call (functions, `/api/db`, visitor
 * sign-in, uploads), no fetch/XHR/WebSocket anywhere, no read of cookies, localStorage, sessionStorage or
 * IndexedDB — stayed at its route, threw nothing and showed no module failure. Everything the page asks is
 * answered from memory (the document, `/_kiln/*` from the preview's dist); nothing else is reached, so the
 * generated code cannot touch the machine's network. Node only: the code runs in Chromium, never here.
 *
 * The browser is started for one call and closed after it, apart from the render check's shared browser, so a
 * publish never holds Chromium's memory after its pages are done and never disturbs a running check.
 */
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { Browser, Page, Route } from 'playwright-core';
import { PREVIEW_DIST_DIR } from '../dist-dir.ts';
import { PAGE_CHUNKS_FOLDER, ROOT_ELEMENT_ID } from '../runtime/boot.ts';
import { launchChromium } from './headless.ts';

/** What `prerenderPages` renders: one app document, opened at each route. */
export interface PrerenderInput {
  /** The deployment's document as visitors get it (`appShellHtml`), with an empty root element. */
  html: string;
  /** A build split per page (`appBuild`): each page's own document by route, served instead of `html`. */
  documents?: ReadonlyMap<string, string>;
  /** A split build's page chunks by name, served at `/_kiln/pages/{name}`. */
  chunks?: ReadonlyMap<string, string>;
  /** Routes without parameters or query (`/`, `/about`); at most `MAX_PRERENDER_ROUTES` are rendered. */
  routes: string[];
  /** The whole call gives up after this long; pages not reached by then are not prerendered (default 20 000). */
  timeoutMs?: number;
}

/** A page's markup (the root element's innerHTML), or null with the reason it is served without one. */
export interface PrerenderedPage {
  route: string;
  html: string | null;
  reason: string | null;
}

/** Pages rendered per call; a larger app gets its first pages prerendered. */
export const MAX_PRERENDER_ROUTES = 20;
/** Markup larger than this is not embedded (the document would grow more than first paint gains). */
export const MAX_PRERENDER_BYTES = 512 * 1024;
/** How long the page must be quiet (no request in flight) after its first render before its markup is read. */
const QUIET_MS = 150;
/** At most this long for one page to render and settle. */
const PAGE_TIMEOUT_MS = 8_000;
/** Where a split build's page chunks are requested (`appBuild`). */
const CHUNKS_PATH = `/_kiln/${PAGE_CHUNKS_FOLDER}/`;
/** The app's origin in the browser; requests are answered by route handlers, never by the network. */
const ORIGIN = 'http://app.prerender.localhost';

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/** Resource types that are the page's markup (fetched by the visitor's browser as it is), not its data. */
const MARKUP_RESOURCES = new Set(['document', 'script', 'stylesheet', 'image', 'font', 'media', 'manifest']);

/**
 * Installed before any script of the page: notes a read of the visitor's own state (storage, cookies,
 * IndexedDB), which makes the markup visitor-specific. Kiln's own keys (`kiln:`, the runtime's) do not count.
 */
function watchStorage(): void {
  const w = window as unknown as { __kilnPrerenderState?: string };
  const note = (what: string) => {
    w.__kilnPrerenderState ??= what;
  };
  const proto = Storage.prototype;
  const getItem = proto.getItem;
  proto.getItem = function (this: Storage, key: string) {
    if (!String(key).startsWith('kiln:')) note(`storage "${key}"`);
    return getItem.call(this, key);
  };
  const key = proto.key;
  proto.key = function (this: Storage, index: number) {
    note('storage keys');
    return key.call(this, index);
  };
  const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
  if (cookie?.get && cookie.set) {
    const { get, set } = cookie;
    Object.defineProperty(Document.prototype, 'cookie', {
      configurable: true,
      get(this: Document) {
        note('cookies');
        return get.call(this);
      },
      set(this: Document, value: string) {
        set.call(this, value);
      },
    });
  }
  if (typeof indexedDB !== 'undefined') {
    const open = indexedDB.open.bind(indexedDB);
    indexedDB.open = (name: string, version?: number) => {
      note('IndexedDB');
      return open(name, version);
    };
  }
}

/** A file of the built runtime (`/_kiln/…`), or null outside it. */
async function distFile(path: string): Promise<{ body: Buffer; type: string } | null> {
  const file = normalize(join(PREVIEW_DIST_DIR, decodeURIComponent(path.slice('/_kiln/'.length))));
  if (!file.startsWith(PREVIEW_DIST_DIR + sep)) return null;
  try {
    return {
      body: await readFile(file),
      type: CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
    };
  } catch {
    return null;
  }
}

/** The page's state while one route renders: its data requests and requests still in flight. */
interface Watch {
  data: string | null;
  inflight: number;
  lastActivity: number;
  error: string | null;
}

/** Renders each route of the app document; see the module comment. Never throws for a page's own failure. */
export async function prerenderPages(input: PrerenderInput): Promise<PrerenderedPage[]> {
  const deadline = Date.now() + (input.timeoutMs ?? 20_000);
  const routes = input.routes.slice(0, MAX_PRERENDER_ROUTES);
  const browser: Browser = await launchChromium();
  try {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    await context.addInitScript(watchStorage);
    const watch: Watch = { data: null, inflight: 0, lastActivity: Date.now(), error: null };
    const pending = new Set<object>();
    const settle = (request: object) => {
      if (pending.delete(request)) {
        watch.inflight -= 1;
        watch.lastActivity = Date.now();
      }
    };
    await context.route('**/*', async (route: Route) => {
      const request = route.request();
      const url = new URL(request.url());
      const markup = MARKUP_RESOURCES.has(request.resourceType());
      if (url.origin !== ORIGIN) {
        // Off the app's origin: an image or font the visitor's browser fetches itself is markup; data is not.
        if (!markup) watch.data ??= `a request to ${url.origin}`;
        return route.abort('blockedbyclient');
      }
      if (request.isNavigationRequest() && request.frame() === request.frame().page().mainFrame()) {
        const html = (url.search === '' && input.documents?.get(url.pathname)) || input.html;
        return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html });
      }
      if (url.pathname === '/_kiln/analytics') return route.fulfill({ status: 204 });
      if (url.pathname.startsWith(CHUNKS_PATH)) {
        const chunk = input.chunks?.get(url.pathname.slice(CHUNKS_PATH.length));
        return chunk === undefined
          ? route.fulfill({ status: 404, body: 'not found' })
          : route.fulfill({ status: 200, contentType: 'application/json', body: chunk });
      }
      if (url.pathname.startsWith('/_kiln/') && !url.pathname.startsWith('/_kiln/npm/')) {
        const file = await distFile(url.pathname);
        return file
          ? route.fulfill({ status: 200, contentType: file.type, body: file.body })
          : route.fulfill({ status: 404, body: 'not found' });
      }
      // `/api/*` (functions, /api/db, sign-in, uploads), npm package resolution and anything else the app asks.
      if (!markup) watch.data ??= `${request.method()} ${url.pathname}`;
      return route.abort('blockedbyclient');
    });
    // WebSockets bypass `route`: answered here, never connected (the page must not reach this machine's services).
    await context.routeWebSocket(/.*/, (ws) => {
      watch.data ??= `a WebSocket to ${ws.url()}`;
      void ws.close();
    });
    const page = await context.newPage();
    page.on('request', (r) => {
      pending.add(r);
      watch.inflight += 1;
      watch.lastActivity = Date.now();
    });
    page.on('requestfinished', settle);
    page.on('requestfailed', settle);
    page.on('pageerror', (error) => {
      watch.error ??= error.message;
    });
    const results: PrerenderedPage[] = [];
    for (const route of routes) {
      const left = deadline - Date.now();
      if (left <= 0) {
        results.push({ route, html: null, reason: 'not reached before the prerender deadline' });
        continue;
      }
      watch.data = null;
      watch.error = null;
      results.push(await renderRoute(page, route, watch, Math.min(left, PAGE_TIMEOUT_MS)));
    }
    return results;
  } finally {
    await browser.close();
  }
}

async function renderRoute(page: Page, route: string, watch: Watch, timeoutMs: number) {
  const skip = (reason: string): PrerenderedPage => ({ route, html: null, reason });
  const until = Date.now() + timeoutMs;
  try {
    await page.goto(`${ORIGIN}${route}`, { waitUntil: 'load', timeout: timeoutMs });
    await page.waitForFunction(
      (id) => (document.getElementById(id)?.childNodes.length ?? 0) > 0,
      ROOT_ELEMENT_ID,
      { timeout: Math.max(1, until - Date.now()), polling: 20 },
    );
    // Effects start requests right after the first commit: wait until nothing is in flight for a while.
    while (watch.inflight > 0 || Date.now() - watch.lastActivity < QUIET_MS) {
      if (Date.now() > until) return skip('still loading when its time ran out');
      if (watch.data) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  } catch (error) {
    return skip(`did not render: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
  if (watch.data) return skip(`needs data (${watch.data})`);
  if (watch.error) return skip(`threw: ${watch.error}`);
  const seen = await page.evaluate((id) => {
    const root = document.getElementById(id);
    const copy = root?.cloneNode(true) as HTMLElement | undefined;
    // Scripts a page puts in its markup do not run when React renders it: they must not run from the document.
    for (const script of copy?.querySelectorAll('script') ?? []) script.remove();
    return {
      path: location.pathname,
      state: (window as unknown as { __kilnPrerenderState?: string }).__kilnPrerenderState ?? null,
      failed: root?.querySelector('[data-kiln-error]') !== null,
      html: copy?.innerHTML ?? '',
    };
  }, ROOT_ELEMENT_ID);
  if (seen.state) return skip(`reads the visitor's ${seen.state}`);
  if (seen.failed) return skip('a module failed to render');
  if (seen.path !== new URL(route, ORIGIN).pathname) return skip(`moved to ${seen.path}`);
  if (!seen.html.trim()) return skip('rendered nothing');
  if (Buffer.byteLength(seen.html) > MAX_PRERENDER_BYTES) return skip('markup too large');
  return { route, html: seen.html, reason: null };
}
