/**
 * @module
 * The render engine: turns a set of modules into a running React app inside the preview iframe or a
 * published app. It keeps one record per module (compiled code, evaluation, stand-ins), renders the page
 * for the current route with an error boundary around every page and component, routes `<a href>` clicks,
 * and reports renders and errors to the builder. Loaded lazily by `entry.ts` so the first bytes are small.
 *
 * This file is the controller: a load (`apply`) and the evaluation of module records. Its parts live beside
 * it: draft coalescing (`drafts.ts`), compiling (`module-compiler.ts`), icons and libraries (`externals.ts`),
 * routes (`navigation.ts`, `pages.ts`), reports to the builder (`reporting.ts`), the boundary (`boundary.tsx`), the page
 * view (`page-view.tsx`) and the render wrappers (`render-wrappers.tsx`).
 */

import { MESSAGES } from '@kiln/core/messages';
import { type ComponentType, createContext, createElement, type ReactNode, useContext } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { builtinProjectSource, unknownLibraryMessage } from '../catalogue.ts';
import { missingProjectImport } from '../project-imports.ts';
import type { PreviewMode, PreviewModule, PreviewToBuilder, PreviewUser } from '../protocol.ts';
import { filePathToRoute } from '../routes.ts';
import { analyticsModule } from './analytics.ts';
import { authShims, previewSession } from './auth.tsx';
import { type AppModule, CSS_ELEMENT_ID } from './boot.ts';
import { type BoundaryHost, ModuleBoundary } from './boundary.tsx';
import { DeviceFrame } from './device-frame.tsx';
import { DraftQueue } from './drafts.ts';
import { type ScopeSources, undefinedName } from './evaluate.ts';
import { expoShims } from './expo-shims.tsx';
import { Externals } from './externals.ts';
import { setProjectFiles } from './images.ts';
import { isCatalogueLibrary } from './libraries.ts';
import { type CompilerLoaders, ModuleCompiler } from './module-compiler.ts';
import { type EvaluatorHost, ModuleEvaluator } from './module-evaluator.ts';
import {
  COMPONENT_TYPES,
  componentNameFor,
  findRecord,
  importBasename,
  type ModuleRecord,
  PAGE_TYPES,
} from './module-records.ts';
import { Navigation } from './navigation.ts';
import { nextShims } from './next-shims.tsx';
import type { PageChunks } from './page-chunks.ts';
import { type PageHost, PageView } from './page-view.tsx';
import { pageFor, pageRouterFor } from './pages.ts';
import type { RefreshProps } from './render-wrappers.tsx';
import { Reporter } from './reporting.ts';
import { RouteContext } from './router-shims.tsx';
import type { ShimHost } from './shim-host.ts';
import { uploadShims } from './upload.ts';
import './shared-modules.ts';

export { RENDER_ERROR_TEXT } from './boundary.tsx';
export { hookSignature, INVALID_NODE_MESSAGE } from './render-wrappers.tsx';

/** What a load asks for: the `kiln:load` message, or a published app's boot data. */
export interface LoadRequest {
  revisionId: string;
  modules: (PreviewModule | AppModule)[];
  css?: string;
  route: string;
  generating: boolean;
  mode: PreviewMode;
  /** The builder's user, signed in for the preview (runtime/auth.tsx); absent in published apps. */
  user?: PreviewUser | null;
}

export interface EngineOptions {
  kind: 'preview' | 'app';
  assetBase: string;
  container: HTMLElement;
  /** Posts a message to the builder; a no-op for published apps. */
  post(message: PreviewToBuilder): void;
  /** Compiles a module (sucrase); loaded lazily because published apps ship compiled code. */
  compile?: CompilerLoaders['compile'];
  /**
   * Checks the chunks an edit patched instead of transpiling (compile.ts `verifyPatchedChunks`); the preview
   * passes it and then compiles its edits with `patch: true`. Returns the chunks whose patch was wrong.
   */
  verifyPatches?: CompilerLoaders['verifyPatches'];
  /**
   * Repairs code that is still being generated (see `partial.ts`): the newest code that parses, or null.
   * Loaded at boot in the preview; awaited by the first load with `generating: true`.
   */
  partial?: CompilerLoaders['partial'];
  /**
   * Adds source locations to a module (`source-locations.ts`) for Select mode: loaded when Select mode is first
   * turned on; null when the grammar cannot load. The preview only: published apps never get it.
   */
  locate?: CompilerLoaders['locate'];
  /** A published app split per page: the chunks of the pages not in its document (page-chunks.ts). */
  chunks?: PageChunks | null;
}

const SeqContext = createContext(0);

/**
 * How deep project components may nest through each other. A component that ends up rendering itself
 * (A → B → A …, or a module importing itself) would otherwise grow React's tree until the renderer runs out
 * of memory and crashes; past this depth it fails like any other render error.
 */
const MAX_MODULE_DEPTH = 50;
export const TOO_DEEP_MESSAGE = 'renders itself without end (project components nested more than 50 deep)';
const DepthContext = createContext(0);

export class Engine implements ShimHost, BoundaryHost, PageHost, EvaluatorHost {
  readonly kind: 'preview' | 'app';
  private readonly root: Root;
  private seq = 0;
  revisionId = '';
  generating = false;
  mode: PreviewMode = 'web';
  private records = new Map<string, ModuleRecord>();
  private componentFiles = new Map<string, string>();
  private pages: { route: string; filePath: string }[] = [];
  private readonly lazies = new Map<string, unknown>();
  private readonly evaluator = new ModuleEvaluator(this);
  /** The default export of each module that last rendered without error: shown while generating. */
  readonly lastGood = new Map<string, unknown>();
  private loaded = false;
  private verifyTimer: ReturnType<typeof setTimeout> | undefined;
  private lastRequest: LoadRequest | null = null;
  private readonly compiler: ModuleCompiler;
  private readonly externals: Externals;
  private readonly navigation: Navigation;
  private readonly reporter: Reporter;
  private readonly drafts = new DraftQueue<LoadRequest>((req) => this.apply(req));
  private readonly chunks: PageChunks | null;
  /** Counts navigations: one waiting for its page's chunk is dropped when another came meanwhile. */
  private navigations = 0;

  constructor(opts: EngineOptions) {
    this.kind = opts.kind;
    this.chunks = opts.chunks ?? null;
    this.compiler = new ModuleCompiler(opts);
    this.externals = new Externals(opts.assetBase, this);
    // The parts read the engine's current load through getters.
    const engine = this;
    this.navigation = new Navigation({
      kind: opts.kind,
      container: opts.container,
      get mode() {
        return engine.mode;
      },
      post: (message) => opts.post(message),
      render: () => this.render(),
    });
    this.reporter = new Reporter({
      kind: opts.kind,
      get revisionId() {
        return engine.revisionId;
      },
      get generating() {
        return engine.generating;
      },
      get mode() {
        return engine.mode;
      },
      get route() {
        return engine.route;
      },
      get seq() {
        return engine.seq;
      },
      get loaded() {
        return engine.loaded;
      },
      post: (message) => opts.post(message),
      hasModule: (filePath) => this.records.has(filePath),
      currentPage: () => this.currentPage(),
    });
    this.root = createRoot(opts.container, {
      onUncaughtError: (error) => this.reportUncaught(error),
      // Boundaries report caught errors; stand-in retries and suppressed errors are not worth a console line.
      onCaughtError: (error) => {
        if (!this.generating && !undefinedName(error)) console.warn('[kiln] error in generated code:', error);
      },
    });
    for (const [source, namespace] of Object.entries({
      ...nextShims(this),
      ...expoShims(this),
      ...authShims(this),
      ...uploadShims(),
      '@/utils/analytics': analyticsModule,
    })) {
      this.libraries.set(source, namespace);
    }
  }

  /** The current route with its query (`/todos?x=1`). */
  get route(): string {
    return this.navigation.route;
  }

  get icons(): Map<string, unknown> {
    return this.externals.icons;
  }

  get libraries(): Map<string, Record<string, unknown>> {
    return this.externals.libraries;
  }

  /**
   * Replaces the modules, stylesheet and route, then renders. A newer load supersedes one still running.
   * In the preview, drafts (`generating`) arrive many times a second, often faster than they can be repaired,
   * compiled and rendered: only the newest one is processed (drafts.ts); a load that is not a draft drops a
   * pending one and is processed at once.
   */
  load(req: LoadRequest): Promise<void> {
    if (!req.generating || this.kind !== 'preview') {
      this.drafts.drop();
      return this.apply(req);
    }
    return this.drafts.push(req);
  }

  /**
   * Turns source locations (Select mode) on or off. Turning them on compiles the shown revision again with
   * `data-kiln-loc` on its elements; later loads keep them until they are turned off. Resolves false when the
   * locations cannot be made (the grammar did not load).
   */
  async setLocations(on: boolean): Promise<boolean> {
    const { was, now } = await this.compiler.setLocating(on);
    if (now && !was && this.lastRequest && !this.lastRequest.generating) await this.apply(this.lastRequest);
    return now === on;
  }

  private async apply(req: LoadRequest): Promise<void> {
    const seq = ++this.seq;
    this.reporter.loadStarted();
    if (req.css !== undefined) applyCss(req.css);
    if (this.compiler.needsCompiler(req.modules)) {
      await this.compiler.loadCompiler();
      if (seq !== this.seq) return;
    }
    this.lastRequest = req;
    if (this.compiler.needsRepair(req.generating)) {
      await this.compiler.loadRepair();
      if (seq !== this.seq) return;
    }
    const records = this.newRecords(req.modules, req.mode, req.generating);
    await this.externals.load(records, req.revisionId);
    if (seq !== this.seq) return;
    this.checkImports(
      records,
      req.modules.map((m) => m.filePath),
      req.generating,
    );

    this.records = records;
    this.indexRecords();
    this.reporter.clearReported();
    previewSession.setBuilderUser(this.kind === 'preview' ? (req.user ?? null) : null);
    setProjectFiles(req.modules.flatMap((m) => (m.moduleType === 'FILE' ? [m.filePath] : [])));
    this.revisionId = req.revisionId;
    this.generating = req.generating;
    this.mode = req.mode;
    this.navigation.route = req.route || '/';
    this.reporter.clearFailing();
    for (const rec of records.values()) this.evaluate(rec);
    this.recompileUnparsedPatches(records, req);
    this.loaded = true;
    // An edit commits in the task that brought it, instead of waiting for React's scheduler; drafts while
    // generating render as React schedules them.
    if (req.generating) this.render();
    else flushSync(() => this.render());
    this.scheduleVerify(seq);
  }

  /** A record per page (of the load's mode) and component, compiled (or taken as compiled at publish). */
  private newRecords(
    modules: readonly (PreviewModule | AppModule)[],
    mode: PreviewMode,
    generating: boolean,
  ): Map<string, ModuleRecord> {
    const records = new Map<string, ModuleRecord>();
    for (const m of modules) {
      const isPage = PAGE_TYPES[mode].includes(m.moduleType);
      const isComponent = COMPONENT_TYPES.includes(m.moduleType);
      if (!isPage && !isComponent) continue;
      const rec: ModuleRecord = {
        filePath: m.filePath,
        moduleType: m.moduleType,
        componentName: isComponent ? componentNameFor(m) : null,
        route: isPage ? filePathToRoute(m.filePath) : null,
        standIns: [],
      };
      this.compiler.compileInto(rec, m, generating);
      records.set(m.filePath, rec);
    }
    return records;
  }

  /**
   * Fails the modules whose imports cannot be met: a library neither in the catalogue nor resolved by the server
   * as an npm package, or (once the code is finished) a project module nobody wrote among `filePaths`.
   */
  private checkImports(
    records: ReadonlyMap<string, ModuleRecord>,
    filePaths: readonly string[],
    generating: boolean,
  ): void {
    for (const rec of records.values()) {
      const unknown = rec.compiled?.imports.find(
        (imp) => imp.kind === 'library' && !this.libraries.has(imp.source) && !isCatalogueLibrary(imp.source),
      );
      if (unknown) {
        rec.compileError = {
          message: this.externals.packageErrors.get(unknown.source) ?? unknownLibraryMessage(unknown.source),
        };
      }
      // Drafts may still bring a missing module.
      const missing =
        !generating && rec.compiled && !rec.compileError
          ? missingProjectImport(rec.compiled.imports, [...filePaths])
          : null;
      if (missing)
        rec.compileError = { message: MESSAGES.missingProjectModule(missing.name, missing.source) };
    }
  }

  /** The components by scope name and the pages by route, from the records. */
  private indexRecords(): void {
    const records = [...this.records.values()];
    this.componentFiles = new Map(
      records.flatMap((r) => (r.componentName ? [[r.componentName, r.filePath] as const] : [])),
    );
    this.pages = records.flatMap((r) => (r.route !== null ? [{ route: r.route, filePath: r.filePath }] : []));
  }

  /**
   * A split published app (issue 15): adds a page chunk's modules to the shown revision without touching the
   * modules already running (their state, module-level values included, carries on), then renders.
   */
  private async addModules(modules: readonly AppModule[]): Promise<void> {
    const added = this.newRecords(
      modules.filter((m) => !this.records.has(m.filePath)),
      this.mode,
      false,
    );
    await this.externals.load(added, this.revisionId);
    this.checkImports(added, [...this.records.keys(), ...added.keys()], false);
    for (const [filePath, rec] of added) this.records.set(filePath, rec);
    this.indexRecords();
    for (const rec of added.values()) this.evaluate(rec);
  }

  /**
   * After an edit has rendered, checks the chunks it patched against sucrase (off the edit's path: the DOM is
   * already updated). A wrong patch — never seen in the tests, but possible — is replaced by sucrase's output
   * and the same load runs again.
   */
  private scheduleVerify(seq: number): void {
    if (!this.compiler.verifies) return;
    clearTimeout(this.verifyTimer);
    this.verifyTimer = setTimeout(() => {
      const wrong = this.compiler.wrongPatches();
      if (wrong.length === 0 || seq !== this.seq || !this.lastRequest) return;
      console.warn('[kiln] a patched edit differed from a full compile; compiling again');
      this.compiler.clear();
      void this.apply(this.lastRequest);
    }, 0);
  }

  /**
   * An edit patched into the previous output (compile.ts) that does not parse as JavaScript — TypeScript or JSX
   * the patch rules let through — is checked against sucrase at once instead of after the render: the modules
   * that failed to parse are compiled and evaluated again, so the wrong patch is never shown.
   */
  private recompileUnparsedPatches(records: Map<string, ModuleRecord>, req: LoadRequest): void {
    const unparsed = [...records.values()].filter((r) => r.evalError instanceof SyntaxError);
    if (unparsed.length === 0 || !this.compiler.verifies || this.compiler.wrongPatches().length === 0) return;
    for (const rec of unparsed) {
      const m = req.modules.find((x) => x.filePath === rec.filePath);
      if (!m || !('content' in m)) continue;
      this.compiler.forget(m.filePath, m.content);
      rec.compiled = undefined;
      rec.compileError = undefined;
      rec.evalError = undefined;
      rec.exports = undefined;
      this.compiler.compileInto(rec, m, req.generating);
      this.evaluate(rec);
    }
  }

  // --- module records: evaluation, stand-ins, component types ---------------------------------------

  /** Runs a module, replacing undefined names by stand-ins until it evaluates (module-evaluator.ts). */
  private evaluate(rec: ModuleRecord): void {
    this.evaluator.evaluate(rec);
  }

  /** Called by a boundary when a render threw "X is not defined": stand X in and evaluate again. */
  retryWithStandIn(filePath: string, error: unknown): boolean {
    return this.evaluator.retryWithStandIn(this.records.get(filePath), error);
  }

  /** The component type a module's default export renders through, keeping state across edits (module-evaluator.ts). */
  refreshType(filePath: string, impl: unknown): ComponentType<RefreshProps> | null {
    return this.evaluator.refreshType(this.records.get(filePath), impl);
  }

  /** A module re-rendered in place after an edit failed: remount it, once per edit. */
  remountAfterEdit(filePath: string): boolean {
    return this.evaluator.remountAfterEdit(filePath);
  }

  readonly scopeSources: ScopeSources = makeScopeSources(this);

  lazyComponentIfExists(name: string): unknown {
    return this.componentFiles.has(name) ? this.lazyComponent(name) : undefined;
  }

  componentNames(): string[] {
    return [...this.componentFiles.keys()];
  }

  /** Exports of the project module an import source points at, evaluating it first if needed. */
  moduleExports(source: string): Record<string, unknown> | undefined {
    const rec = this.findModule(source);
    if (!rec) {
      const builtin = builtinProjectSource(source);
      return builtin ? this.libraries.get(builtin) : undefined;
    }
    if (rec.evaluating) return undefined;
    this.evaluate(rec);
    return rec.exports;
  }

  private findModule(source: string): ModuleRecord | undefined {
    const rec = findRecord(this.records, source);
    if (rec) return rec;
    const file = this.componentFiles.get(importBasename(source));
    return file ? this.records.get(file) : undefined;
  }

  /** A stable component standing for the project component `name`, resolving its code at render time. */
  lazyComponent(name: string): unknown {
    let lazy = this.lazies.get(name);
    if (!lazy) {
      const Lazy = (props: Record<string, unknown>) => {
        const seq = useContext(SeqContext);
        const depth = useContext(DepthContext);
        const filePath = this.componentFiles.get(name);
        if (!filePath) return null;
        if (depth >= MAX_MODULE_DEPTH) throw new Error(`${name} ${TOO_DEEP_MESSAGE}`);
        return createElement(
          DepthContext.Provider,
          { value: depth + 1 },
          createElement(ModuleBoundary, { engine: this, filePath, seq, props }),
        );
      };
      Object.defineProperty(Lazy, 'name', { value: name });
      lazy = Lazy;
      this.lazies.set(name, lazy);
    }
    return lazy;
  }

  record(filePath: string): ModuleRecord | undefined {
    return this.records.get(filePath);
  }

  /** `<Plus />` without importing it: if a lucide icon has that name, load it and evaluate again. */
  loadImplicitIcon(name: string): void {
    this.externals.loadImplicitIcon(name, () => {
      let changed = false;
      for (const rec of this.records.values()) {
        if (!rec.standIns.includes(name)) continue;
        rec.exports = undefined;
        rec.evalError = undefined;
        this.evaluate(rec);
        changed = true;
      }
      if (changed) this.render();
    });
  }

  // --- navigation -----------------------------------------------------------------------------------

  /** Goes back one route: the browser history in a published app, the preview's own stack in the preview. */
  back(): void {
    this.navigation.back();
  }

  /**
   * Shows another route: in the preview in memory, in a published app through the history. In a split app a
   * page not loaded yet is shown once its chunk has arrived (the address changes then, as the page does); if
   * the chunk cannot be fetched (a newer publish replaced it, the network), the browser opens the address
   * itself and gets the server's document for it.
   */
  navigate(to: string, opts: { push: boolean; notify: boolean }): void {
    const seq = ++this.navigations;
    const pending = this.chunks?.pending(to, (filePath) => this.records.has(filePath));
    if (!pending || !this.chunks) {
      this.navigation.navigate(to, opts);
      return;
    }
    void this.chunks.load(pending).then(
      async (modules) => {
        await this.addModules(modules);
        if (seq === this.navigations) this.navigation.navigate(to, opts);
      },
      () => {
        if (seq !== this.navigations) return;
        if (opts.push) location.assign(to);
        else location.reload();
      },
    );
  }

  scrollToAnchor(id: string): void {
    this.navigation.scrollToAnchor(id);
  }

  /**
   * The page for the current route, or null (404). A route no page file serves belongs to the page holding a
   * client-side router (react-router's `<Routes>`), the one nearest the root, when the revision has one.
   */
  currentPage(): { filePath: string; params: Record<string, string> } | null {
    return pageFor(this.pages, this.records, this.route);
  }

  /**
   * The router put around the page when any module of the revision imports react-router (so its hooks work
   * without a router in the code); none when the revision brings a data router (`RouterProvider`).
   */
  pageRouter(): ComponentType<{ children?: ReactNode }> | null {
    return pageRouterFor(this.records, this.libraries);
  }

  hasPages(): boolean {
    return this.pages.length > 0 || (this.chunks?.size ?? 0) > 0;
  }

  private render(): void {
    this.root.render(
      <SeqContext.Provider value={this.seq}>
        <RouteContext.Provider value={this.route}>
          {this.mode === 'mobile' && this.kind !== 'app' ? (
            <DeviceFrame>
              <PageView engine={this} seq={this.seq} route={this.route} />
            </DeviceFrame>
          ) : (
            <PageView engine={this} seq={this.seq} route={this.route} />
          )}
        </RouteContext.Provider>
      </SeqContext.Provider>,
    );
  }

  // --- errors and reports (reporting.ts) ------------------------------------------------------------

  /** A boundary caught an error in `filePath`. Reports it once per load unless code is being generated. */
  reportError(filePath: string, error: unknown): void {
    this.reporter.reportError(filePath, error);
  }

  /** A boundary of `filePath` committed without error. */
  moduleRendered(filePath: string, impl: unknown): void {
    this.reporter.moduleRendered(filePath);
    if (impl !== undefined) this.lastGood.set(filePath, impl);
    queueMicrotask(() => this.checkRendered());
  }

  /** Posts `kiln:rendered` the first time a revision's page rendered with no module failing (reporting.ts). */
  checkRendered(): void {
    this.reporter.checkRendered();
  }

  requestFix(filePath: string, message: string): void {
    this.reporter.requestFix(filePath, message);
  }

  /** Errors outside render (event handlers, timers): attributed to a module by the stack's source URL. */
  reportUncaught(error: unknown): void {
    this.reporter.reportUncaught(error);
  }
}

/** The evaluator's view of the engine: components by name, other modules' exports, loaded externals. */
function makeScopeSources(engine: Engine): ScopeSources {
  return {
    component: (name) => engine.lazyComponentIfExists(name),
    projectExports: (source) => engine.moduleExports(source),
    get icons() {
      return engine.icons;
    },
    get libraries() {
      return engine.libraries;
    },
    get componentNames() {
      return engine.componentNames();
    },
  };
}

function applyCss(css: string): void {
  let style = document.getElementById(CSS_ELEMENT_ID);
  if (!style) {
    style = document.createElement('style');
    style.id = CSS_ELEMENT_ID;
    document.head.appendChild(style);
  }
  if (style.textContent !== css) style.textContent = css;
}
