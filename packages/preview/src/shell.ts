/**
 * @module
 * The HTML pages the server sends for the preview origin and for published apps. Both load the runtime
 * from the asset base (`/_kiln/` by default) and hand it boot data in a JSON script element.
 */
import { type CompiledModule, compileModule } from './compile.ts';
import type { PreviewMode, PreviewModule } from './protocol.ts';
import {
  type AppModule,
  BOOT_ELEMENT_ID,
  type BootConfig,
  CSS_ELEMENT_ID,
  PAGE_CHUNKS_FOLDER,
  type PageChunkRef,
  ROOT_ELEMENT_ID,
} from './runtime/boot.ts';
import { splitModules } from './split.ts';

const COMPONENT_TYPES = ['COMPONENT', 'DESIGN_SYSTEM_COMPONENT'];
/** The modules a published app ships: its web pages (or, an Expo-only project, its mobile pages) and components. */
const RENDERED_TYPES: Record<PreviewMode, ReadonlySet<string>> = {
  web: new Set(['PAGE', 'AUTH_PAGE_SIGN_IN', 'AUTH_PAGE_SIGN_UP', 'AUTH_PAGE_LOGOUT', ...COMPONENT_TYPES]),
  mobile: new Set(['EXPO_PAGE', ...COMPONENT_TYPES]),
};

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** JSON that is safe inside `<script>`: no `</script>`, `<!--`, or line separators can end or confuse it. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** CSS that cannot close its `<style>` element early. */
function styleText(css: string): string {
  return css.replace(/<\/(style)/gi, '<\\/$1');
}

function normalizeBase(assetBase: string | undefined): string {
  const base = assetBase ?? '/_kiln/';
  return base.endsWith('/') ? base : `${base}/`;
}

function page(opts: { title: string; css: string; boot: BootConfig; assetBase: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(opts.title)}</title>
<style id="${CSS_ELEMENT_ID}">${styleText(opts.css)}</style>
<script type="application/json" id="${BOOT_ELEMENT_ID}">${scriptJson(opts.boot)}</script>
<script type="module" src="${escapeHtml(opts.assetBase)}runtime.js"></script>
</head>
<body>
<div id="${ROOT_ELEMENT_ID}"></div>
</body>
</html>
`;
}

/** The page served at every path of a preview origin; the builder then sends `kiln:load`. */
export function previewShellHtml(opts: {
  builderOrigin: string;
  projectId: string;
  assetBase?: string;
}): string {
  const assetBase = normalizeBase(opts.assetBase);
  return page({
    title: 'Preview',
    css: '',
    assetBase,
    boot: { mode: 'preview', builderOrigin: opts.builderOrigin, projectId: opts.projectId, assetBase },
  });
}

/** What `appShellHtml` and `appBuild` take: the revision's modules and how the app shows. */
export interface AppShellOptions {
  title: string;
  revisionId: string;
  modules: PreviewModule[];
  css: string;
  assetBase?: string;
  /** Applied to each compiled module's code (the server's production build minifies it); default: none. */
  minify?: (compiled: string) => string;
  /** `mobile`: an Expo-only project's web build (react-native-web), its mobile pages full screen; default web. */
  pages?: PreviewMode;
  /**
   * Compiles and minifies one module (default: `compileModule`, then `minify`); the server passes the same
   * behind a cache, so a publish compiles only the modules that changed. Throws when the module does not compile.
   */
  compile?: (content: string, filePath: string) => CompiledModule;
}

/** The modules a published app ships, compiled here (so visitors never load the compiler), or their errors. */
function appModules(opts: AppShellOptions): AppModule[] {
  const minify = opts.minify ?? ((code: string) => code);
  const compile =
    opts.compile ??
    ((content: string, filePath: string) => {
      const compiled = compileModule(content, filePath);
      return { ...compiled, code: minify(compiled.code) };
    });
  const pages = opts.pages ?? 'web';
  return opts.modules
    .filter((m) => RENDERED_TYPES[pages].has(m.moduleType))
    .map(({ content, ...meta }) => {
      try {
        return { ...meta, compiled: compile(content, meta.filePath) };
      } catch (error) {
        return { ...meta, compileError: error instanceof Error ? error.message : String(error) };
      }
    });
}

function appPage(opts: AppShellOptions, modules: AppModule[], chunks?: PageChunkRef[]): string {
  const assetBase = normalizeBase(opts.assetBase);
  const pages = opts.pages ?? 'web';
  return page({
    title: opts.title,
    css: opts.css,
    assetBase,
    boot: {
      mode: 'app',
      revisionId: opts.revisionId,
      modules,
      assetBase,
      pages,
      ...(chunks ? { chunks } : {}),
    },
  });
}

/**
 * A published app's page: the revision's pages and components compiled here (so visitors never load the
 * compiler), its CSS, and real URL routing. A module that does not compile shows the error box.
 */
export function appShellHtml(opts: AppShellOptions): string {
  return appPage(opts, appModules(opts));
}

/** A page's chunk as the server stores and serves it: `{assetBase}pages/{name}`, never changed. */
export interface AppChunk {
  /** `{hash}.json`: the content hash `appBuild`'s caller computes. */
  name: string;
  /** `{"modules":[…]}`: the page's own modules as the runtime loads them. */
  body: string;
}

/** A published app's production build, split per page (./split.ts). */
export interface AppBuild {
  /**
   * The document for paths without their own (a route with parameters, a query, no page): the shared
   * modules; the runtime loads the opened page's chunk before its first render.
   */
  html: string;
  /** Each page's own document (the shared modules and the page's, no chunk to wait for), by route. */
  pages: { route: string; html: string }[];
  /** Each page's chunk, loaded when a visitor moves to that page from another. */
  chunks: AppChunk[];
}

/**
 * `appShellHtml`, split per page when the app allows it (./split.ts): one document per page with that page's
 * code inline, and a chunk per page for moving between pages. `hash` names a chunk by its content (the
 * server's sha256). An app that is not split gets the one document of `appShellHtml` for every path.
 */
export function appBuild(opts: AppShellOptions, hash: (text: string) => string): AppBuild {
  const modules = appModules(opts);
  const split = splitModules(modules, opts.pages ?? 'web');
  if (!split) return { html: appPage(opts, modules), pages: [], chunks: [] };
  const assetBase = normalizeBase(opts.assetBase);
  const chunks: AppChunk[] = [];
  const refs: PageChunkRef[] = [];
  for (const p of split.pages) {
    const body = JSON.stringify({ modules: p.modules });
    const name = `${hash(body)}.json`;
    chunks.push({ name, body });
    refs.push({ route: p.route, filePath: p.filePath, url: `${assetBase}${PAGE_CHUNKS_FOLDER}/${name}` });
  }
  return {
    html: appPage(opts, split.shared, refs),
    pages: split.pages.map((p) => ({
      route: p.route,
      html: appPage(opts, [...split.shared, ...p.modules], refs),
    })),
    chunks,
  };
}
