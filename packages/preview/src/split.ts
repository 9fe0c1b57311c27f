/**
 * @module
 * A published app's modules split per page (issue 15): each page's own code — the page and the components only
 * it uses — goes into a chunk of its own, loaded when a visitor first opens that page, and everything more than
 * one page uses stays in the shared part every document carries. Publish-time and pure (the server builds the
 * chunks and documents from it); the runtime loads the chunks (runtime/page-chunks.ts).
 *
 * A module uses a component when its compiled code names the component (components are in scope by name, with
 * or without an import) or imports its file by path. A name that only looks like a use (the same word in a
 * string) makes the component shared: more shared code, never a missing one. An app is not split when it has
 * one page, when a module imports a client-side router (its `<Routes>` page serves routes no file names, so any
 * page may be needed first), or when a module imports a page by path.
 */
import type { PreviewMode } from './protocol.ts';
import { filePathToRoute } from './routes.ts';
import type { AppModule } from './runtime/boot.ts';
import {
  COMPONENT_TYPES,
  componentNameFor,
  findRecord,
  importBasename,
  PAGE_TYPES,
  ROUTER_PACKAGES,
} from './runtime/module-records.ts';

/** One page's own modules: the page first, then the components only it uses. */
export interface PageSplit {
  route: string;
  filePath: string;
  modules: AppModule[];
}

export interface SplitModules {
  /** What every document carries: components used by several pages (or none), modules that are neither. */
  shared: AppModule[];
  pages: PageSplit[];
}

const IDENTIFIER = /[A-Za-z_$][\w$]*/g;

/** The words of a module's compiled code and its import sources (what it may use). */
function usesOf(m: AppModule): { words: Set<string>; sources: string[] } {
  const code = m.compiled?.code ?? '';
  return {
    words: new Set(code.match(IDENTIFIER) ?? []),
    sources: (m.compiled?.imports ?? []).filter((i) => i.kind === 'project').map((i) => i.source),
  };
}

/**
 * The app's modules split per page, or null when it is not split (see the module comment). `modules` are the
 * ones a published app ships (`appShellHtml`'s, compiled); their order is kept within each part.
 */
export function splitModules(modules: readonly AppModule[], mode: PreviewMode): SplitModules | null {
  const isPage = (m: AppModule) => PAGE_TYPES[mode].includes(m.moduleType);
  const pages = modules.filter(isPage);
  if (pages.length < 2) return null;
  if (
    modules.some((m) =>
      m.compiled?.imports.some((i) => i.kind === 'library' && ROUTER_PACKAGES.includes(i.source)),
    )
  )
    return null;
  const byPath = new Map(modules.map((m) => [m.filePath, m]));
  const components = modules.filter((m) => COMPONENT_TYPES.includes(m.moduleType));
  const names = new Map(components.map((c) => [c.filePath, componentNameFor(c)]));
  /** The modules `m` uses directly (components by name or path, any module by path). */
  const usedBy = (m: AppModule): Set<string> => {
    const u = usesOf(m);
    const out = new Set<string>();
    for (const c of components) if (c !== m && u.words.has(names.get(c.filePath)!)) out.add(c.filePath);
    for (const source of u.sources) {
      // By path, else a component by the file's base name (the engine's two ways to resolve an import).
      const target =
        findRecord(byPath, source)?.filePath ??
        components.find((c) => names.get(c.filePath) === importBasename(source))?.filePath;
      if (target && target !== m.filePath) out.add(target);
    }
    return out;
  };
  const edges = new Map(modules.map((m) => [m.filePath, usedBy(m)]));
  // A page imported by another module may be needed before its own route is opened.
  const pagePaths = new Set(pages.map((p) => p.filePath));
  for (const used of edges.values()) for (const target of used) if (pagePaths.has(target)) return null;
  /** Every module reached from `from` through any chain of uses, `from` included. */
  const reach = (from: readonly string[]): Set<string> => {
    const seen = new Set<string>();
    const stack = [...from];
    while (stack.length > 0) {
      const at = stack.pop()!;
      if (seen.has(at)) continue;
      seen.add(at);
      stack.push(...(edges.get(at) ?? []));
    }
    return seen;
  };
  // Which pages reach each module.
  const reachedBy = new Map<string, Set<string>>();
  for (const page of pages) {
    for (const at of reach([page.filePath])) {
      reachedBy.set(at, (reachedBy.get(at) ?? new Set<string>()).add(page.filePath));
    }
  }
  // A module no page reaches stays shared, and so does everything it uses (its imports must resolve).
  const sharedToo = reach(modules.filter((m) => !reachedBy.has(m.filePath)).map((m) => m.filePath));
  const ownerOf = (m: AppModule): string | null => {
    if (isPage(m)) return m.filePath;
    const reached = reachedBy.get(m.filePath);
    return reached?.size === 1 && !sharedToo.has(m.filePath) ? [...reached][0]! : null;
  };
  const shared: AppModule[] = [];
  const own = new Map<string, AppModule[]>(pages.map((p) => [p.filePath, []]));
  for (const m of modules) {
    const owner = ownerOf(m);
    if (owner === null) shared.push(m);
    else if (owner === m.filePath) own.get(owner)!.unshift(m);
    else own.get(owner)!.push(m);
  }
  return {
    shared,
    pages: pages.map((p) => ({
      route: filePathToRoute(p.filePath) ?? '/',
      filePath: p.filePath,
      modules: own.get(p.filePath)!,
    })),
  };
}
