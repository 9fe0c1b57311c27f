/**
 * @module
 * The runtime's entry script (`/_kiln/runtime.js`), kept tiny: it reads the boot data, starts listening
 * to the builder at once (queueing loads) and says `kiln:ready`, while the engine (React, react-dom) and,
 * in the preview, the compiler (sucrase) load in parallel.
 */
import { AI_IMAGE_PATH } from '../ai-image.ts';
import {
  type BuilderToPreview,
  isBuilderToPreview,
  type PreviewToBuilder,
  SANDBOX_TOKEN_HEADER,
} from '../protocol.ts';
import { installAdAttribution, installAnalytics } from './analytics.ts';
import { BOOT_ELEMENT_ID, type BootConfig, ROOT_ELEMENT_ID } from './boot.ts';
import { installIntlCache } from './intl-cache.ts';
import { installLinkRouting } from './links.ts';
import { installSelectMode } from './select-mode.ts';
import { installStorageFallback } from './storage-fallback.ts';

function readBoot(): BootConfig {
  const text = document.getElementById(BOOT_ELEMENT_ID)?.textContent ?? '';
  return JSON.parse(text) as BootConfig;
}

/** Runs `fn` when the page is next idle (within 2 s), or after a moment where there is no `requestIdleCallback`. */
function whenIdle(fn: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(fn, { timeout: 2000 });
  else setTimeout(fn, 200);
}

function container(): HTMLElement {
  let el = document.getElementById(ROOT_ELEMENT_ID);
  if (!el) {
    el = document.createElement('div');
    el.id = ROOT_ELEMENT_ID;
    document.body.appendChild(el);
  }
  return el;
}

async function startPreview(boot: Extract<BootConfig, { mode: 'preview' }>): Promise<void> {
  installStorageFallback();
  installIntlCache();
  const queue: BuilderToPreview[] = [];
  let deliver = (msg: BuilderToPreview) => {
    queue.push(msg);
  };
  const accept = (data: unknown) => {
    if (!isBuilderToPreview(data) || data.kind === 'kiln:connect') return;
    // Observable by tests and tools: how many builder messages this runtime accepted.
    document.documentElement.dataset.kilnAccepted = String(
      Number(document.documentElement.dataset.kilnAccepted ?? 0) + 1,
    );
    deliver(data);
  };
  // The builder's port (protocol.ts `ConnectMessage`): only the builder holds its other end, and it arrives
  // in an origin-checked message from the parent, so what comes through it is the builder's.
  let port: MessagePort | null = null;
  window.addEventListener('message', (event) => {
    if (event.origin !== boot.builderOrigin || event.source !== window.parent) return;
    if (isBuilderToPreview(event.data) && event.data.kind === 'kiln:connect') {
      const next = event.ports[0];
      if (!next) return;
      port?.close();
      port = next;
      port.onmessage = (e) => accept(e.data);
      return;
    }
    accept(event.data);
  });
  // The streaming parser (web-tree-sitter + tsx grammar wasm, 1.6 MiB), needed only for drafts and Select mode:
  // fetched once, when the first of them needs it or once the first render is on screen and the page is idle —
  // off the cold path to that render (bench/preview-cold.ts, median of medians: 1,386 → 1,248 ms), and
  // usually ready before the next generation's first draft.
  let parser: Promise<((source: string) => string | null) | null> | undefined;
  const partial = () =>
    (parser ??= import('../partial.ts').then(async (m) => {
      try {
        await m.initTreeSitter({
          parser: `${boot.assetBase}wasm/web-tree-sitter.wasm`,
          tsx: `${boot.assetBase}wasm/tree-sitter-tsx.wasm`,
        });
        return m.repairPartialCode;
      } catch (error) {
        console.warn('[kiln] streaming parser unavailable:', error);
        return null;
      }
    }));
  const post = (message: PreviewToBuilder) => {
    window.parent.postMessage(message, boot.builderOrigin);
    if (message.kind === 'kiln:rendered' && parser === undefined) whenIdle(() => void partial());
  };
  post({ kind: 'kiln:ready' });
  const compiler = import('../compile.ts');
  const compile = compiler.then((m) => m.compileModule);
  const { Engine } = await import('./engine.tsx');
  const engine = new Engine({
    kind: 'preview',
    assetBase: boot.assetBase,
    container: container(),
    post,
    compile: () => compile,
    verifyPatches: () => compiler.then((m) => m.verifyPatchedChunks),
    partial,
    // Select mode's source locations use the streaming parser's grammar: available once it has loaded.
    locate: () =>
      partial().then(async (repair) =>
        repair ? (await import('../source-locations.ts')).addSourceLocations : null,
      ),
  });
  const selectMode = installSelectMode(post, () => engine.revisionId);
  installLinkRouting(engine);
  let sandboxToken: string | undefined;
  installFetchRewrite(
    () => engine.revisionId,
    () => sandboxToken,
  );
  window.addEventListener('error', (e) => engine.reportUncaught(e.error));
  window.addEventListener('unhandledrejection', (e) => engine.reportUncaught(e.reason));
  // Generated code that assigns `location.href` reloads the iframe at that path: show it, and tell the builder.
  let reloadedAt = location.pathname !== '/' ? location.pathname + location.search : null;
  deliver = (msg) => {
    if (msg.kind === 'kiln:load') {
      sandboxToken = msg.sandboxToken ?? sandboxToken;
      const route = reloadedAt ?? msg.route;
      if (reloadedAt && reloadedAt !== msg.route) post({ kind: 'kiln:route', route: reloadedAt });
      reloadedAt = null;
      void engine.load({ ...msg, route });
    } else if (msg.kind === 'kiln:navigate') {
      engine.navigate(msg.route, { push: false, notify: false });
    } else if (msg.kind === 'kiln:upload') {
      // The visual-edit panel's image, stored like the app's own uploads (this origin's upload route).
      void import('./upload.ts')
        .then((m) => m.upload({ file: msg.file }))
        .then((r) => post({ kind: 'kiln:uploaded', id: msg.id, url: r.url ?? null, error: r.error ?? null }));
    } else if (msg.kind === 'kiln:select-mode') {
      void engine.setLocations(msg.on).then((ok) => {
        selectMode.setOn(msg.on && ok);
        if (msg.on && !ok) post({ kind: 'kiln:select-mode', on: false });
      });
    }
  };
  // Only the newest load matters; a navigate after it still applies.
  const lastLoad = queue.map((m) => m.kind).lastIndexOf('kiln:load');
  for (const msg of queue.slice(Math.max(0, lastLoad))) deliver(msg);
}

/**
 * In the preview, `/api/…` calls go to the revision's sandbox: `/sandbox/api/{revisionId}/…` (spec §7);
 * `/api/db/{databaseId}` calls (the database's id, never its name) and Kiln's image placeholders (`/api/ai-img`,
 * served by the preview origin) are left alone. Both backend paths carry the builder's sandbox token (the
 * development branch is the builder user's, not the public's; a VIEWER's token reads only).
 */
function installFetchRewrite(revisionId: () => string, token: () => string | undefined): void {
  const original = window.fetch.bind(window);
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const parsed = new URL(url, location.href);
    if (
      parsed.origin !== location.origin ||
      !parsed.pathname.startsWith('/api/') ||
      parsed.pathname === AI_IMAGE_PATH
    ) {
      return original(input, init);
    }
    if (!parsed.pathname.startsWith('/api/db/')) {
      parsed.pathname = `/sandbox/api/${encodeURIComponent(revisionId())}/${parsed.pathname.slice('/api/'.length)}`;
    }
    const request = new Request(parsed.href, input instanceof Request ? new Request(input, init) : init);
    const value = token();
    if (value) request.headers.set(SANDBOX_TOKEN_HEADER, value);
    return original(request);
  };
}

async function startApp(boot: Extract<BootConfig, { mode: 'app' }>): Promise<void> {
  installIntlCache();
  installAdAttribution();
  installAnalytics();
  // A split build's document may lack the opened page (a route with parameters, a query): its chunk is
  // fetched while the engine loads. Failing that, the page shows as not found, like a missing page.
  const loadingEngine = import('./engine.tsx');
  const chunks = boot.chunks ? new (await import('./page-chunks.ts')).PageChunks(boot.chunks) : null;
  const route = location.pathname + location.search;
  const first = chunks?.pending(route, (filePath) => boot.modules.some((m) => m.filePath === filePath));
  const [{ Engine }, firstModules] = await Promise.all([
    loadingEngine,
    first && chunks ? chunks.load(first).catch(() => []) : [],
  ]);
  const engine = new Engine({
    kind: 'app',
    assetBase: boot.assetBase,
    container: container(),
    post: () => {},
    compile: () => import('../compile.ts').then((m) => m.compileModule),
    chunks,
  });
  installLinkRouting(engine);
  window.addEventListener('popstate', () => {
    engine.navigate(location.pathname + location.search + location.hash, { push: false, notify: false });
  });
  await engine.load({
    revisionId: boot.revisionId,
    modules: [...boot.modules, ...firstModules],
    route,
    generating: false,
    mode: boot.pages ?? 'web',
  });
  if (location.hash) engine.scrollToAnchor(location.hash.slice(1));
}

const boot = readBoot();
if (boot.mode === 'preview') void startPreview(boot);
else void startApp(boot);
