/**
 * @module
 * The render engine: turns a set of modules into a running React app inside the preview iframe or a
 * published app. It keeps one record per module (compiled code, evaluation, stand-ins), renders the page
 * for the current route with an error boundary around every page and component, routes `<a href>` clicks,
 * and reports renders and errors to the builder. Loaded lazily by `entry.ts` so the first bytes are small.
 */

import { MESSAGES } from '@kiln/core/messages';
import {
  Component,
  type ComponentType,
  createContext,
  createElement,
  type ErrorInfo,
  isValidElement,
  type ReactNode,
  useContext,
  useEffect,
  useState,
} from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { builtinProjectSource, unknownLibraryMessage } from '../catalogue.ts';
import type { CompiledModule } from '../compile.ts';
import { missingProjectImport } from '../project-imports.ts';
import type { PreviewMode, PreviewModule, PreviewToBuilder, PreviewUser } from '../protocol.ts';
import { filePathToRoute, matchRoute, normalizeRoute } from '../routes.ts';
import { analyticsModule } from './analytics.ts';
import { authShims, previewSession } from './auth.tsx';
import { type AppModule, CSS_ELEMENT_ID } from './boot.ts';
import { DeviceFrame, SCREEN_ATTRIBUTE } from './device-frame.tsx';
import {
  buildScope,
  importBasename,
  MAX_STAND_INS,
  runModule,
  type ScopeSources,
  undefinedName,
} from './evaluate.ts';
import { expoShims } from './expo-shims.tsx';
import { setProjectFiles } from './images.ts';
import { markPureComponent, useElementReuse } from './jsx.ts';
import { isCatalogueLibrary, loadIcon, loadLibrary, loadPackage } from './libraries.ts';
import { nextShims } from './next-shims.tsx';
import {
  bindRouterLibrary,
  DATA_ROUTER_EXPORT,
  engineRouterOf,
  ROUTER_PACKAGES,
  RouteContext,
} from './router-shims.tsx';
import type { ShimHost } from './shim-host.ts';
import { uploadShims } from './upload.ts';
import './shared-modules.ts';
import {
  LOCAL_BINDING,
  LOCALS_RECORD,
  makeForwarder,
  moduleLocals,
  recordLocals,
  setForwarderTarget,
  withLocalRefresh,
} from './refresh.ts';
import { FunctionReuse } from './reuse.ts';

/** The user-facing text of the render-failure box (spec §8). */
export const RENDER_ERROR_TEXT = MESSAGES.errorInGeneratedCode;
/** Thrown when a module's export or a component's output cannot be rendered (spec §8). */
export const INVALID_NODE_MESSAGE = MESSAGES.invalidReactNode;

const PAGE_TYPES: Record<PreviewMode, readonly string[]> = {
  web: ['PAGE', 'AUTH_PAGE_SIGN_IN', 'AUTH_PAGE_SIGN_UP', 'AUTH_PAGE_LOGOUT'],
  mobile: ['EXPO_PAGE'],
};
const COMPONENT_TYPES = ['COMPONENT', 'DESIGN_SYSTEM_COMPONENT'];

interface ModuleRecord {
  filePath: string;
  moduleType: string;
  /** Scope name of a component module; null for pages. */
  componentName: string | null;
  route: string | null;
  compiled?: CompiledModule;
  compileError?: ErrorData;
  exports?: Record<string, unknown>;
  evalError?: unknown;
  standIns: string[];
  evaluating?: boolean;
}

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
  compile?: () => Promise<(source: string, filePath: string, opts?: { patch?: boolean }) => CompiledModule>;
  /**
   * Checks the chunks an edit patched instead of transpiling (compile.ts `verifyPatchedChunks`); the preview
   * passes it and then compiles its edits with `patch: true`. Returns the chunks whose patch was wrong.
   */
  verifyPatches?: () => Promise<() => string[]>;
  /**
   * Repairs code that is still being generated (see `partial.ts`): the newest code that parses, or null.
   * Loaded at boot in the preview; awaited by the first load with `generating: true`.
   */
  partial?: () => Promise<((source: string) => string | null) | null>;
  /**
   * Adds source locations to a module (`source-locations.ts`) for Select mode: loaded when Select mode is first
   * turned on; null when the grammar cannot load. The preview only: published apps never get it.
   */
  locate?: () => Promise<((source: string, filePath: string) => string) | null>;
}

function componentNameFor(m: { filePath: string; name: string }): string {
  const base =
    m.filePath
      .split('/')
      .pop()
      ?.replace(/\.[jt]sx?$/, '') ?? '';
  if (/^[A-Za-z_$][\w$]*$/.test(base) && base !== 'page' && base !== 'index') return base;
  return m.name
    .replace(/(?:^|[^A-Za-z0-9]+)([A-Za-z0-9])/g, (_a, c: string) => c.toUpperCase())
    .replace(/^\d+/, '');
}

interface ErrorData {
  message: string;
  stack?: string;
  /** 1-based position in the module's source, when known. */
  line?: number;
  column?: number;
}

/**
 * Lines the evaluator's `new Function` wrapper puts before a module's first line (evaluate.ts: the
 * `function anonymous(…` header, its `) {` line and `return (function () {`), so a stack frame's line in
 * `kiln:///file` is the source line plus this. Cleaning and sucrase keep lines where they are (compile.ts).
 */
const EVAL_WRAPPER_LINES = 3;

/** Where in `filePath`'s source an error happened: sucrase's `loc` (0-based column), or the first stack frame. */
function errorPlace(error: unknown, filePath?: string): { line?: number; column?: number } {
  const loc = (error as { loc?: { line?: unknown; column?: unknown } } | null)?.loc;
  if (loc && typeof loc.line === 'number' && typeof loc.column === 'number')
    return { line: loc.line, column: loc.column + 1 };
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  if (!filePath || !stack) return {};
  const escaped = filePath.replace(/^\/+/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const frame = new RegExp(`kiln:///${escaped}:(\\d+):(\\d+)`).exec(stack);
  if (!frame) return {};
  const line = Number(frame[1]) - EVAL_WRAPPER_LINES;
  return line > 0 ? { line, column: Number(frame[2]) } : {};
}

function errorData(error: unknown, filePath?: string): ErrorData {
  if (error instanceof Error)
    return { message: error.message || error.name, stack: error.stack, ...errorPlace(error, filePath) };
  // A compile error is already `{ message, stack?, line?, column? }` data.
  if (error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string') {
    const { message, stack, line, column } = error as ErrorData;
    return {
      message,
      ...(typeof stack === 'string' ? { stack } : {}),
      ...(typeof line === 'number' ? { line } : {}),
      ...(typeof column === 'number' ? { column } : {}),
    };
  }
  return { message: String(error) };
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

/** The longest a draft waits for an animation frame before it is processed anyway. */
const DRAFT_WAIT_MS = 50;

export class Engine implements ShimHost {
  readonly kind: 'preview' | 'app';
  private readonly opts: EngineOptions;
  private readonly root: Root;
  private seq = 0;
  revisionId = '';
  generating = false;
  mode: PreviewMode = 'web';
  route = '/';
  private records = new Map<string, ModuleRecord>();
  private componentFiles = new Map<string, string>();
  private pages: { route: string; filePath: string }[] = [];
  private readonly lazies = new Map<string, unknown>();
  private readonly compileCache = new Map<string, ModuleRecord['compiled'] | ModuleRecord['compileError']>();
  private readonly standInsByCode = new Map<string, string[]>();
  /** The preview's edits keep a module's unchanged functions (runtime/reuse.ts). */
  private readonly functionReuse = new FunctionReuse();
  /** The default export of each module that last rendered without error: shown while generating. */
  readonly lastGood = new Map<string, unknown>();
  private readonly failing = new Set<string>();
  private readonly reportedErrors = new Set<string>();
  private readonly renderedRevisions = new Set<string>();
  private loadStartedAt = 0;
  private loaded = false;
  private compiler?: (source: string, filePath: string, opts?: { patch?: boolean }) => CompiledModule;
  private verifyPatches?: () => string[];
  private verifyTimer: ReturnType<typeof setTimeout> | undefined;
  private lastRequest: LoadRequest | null = null;
  private repair?: ((source: string) => string | null) | null;
  private readonly repaired = new Map<string, string>();
  /** Select mode's source locations: the function once loaded (null: unavailable), and whether they are on. */
  private locator?: ((source: string, filePath: string) => string) | null;
  private locating = false;

  constructor(opts: EngineOptions) {
    this.opts = opts;
    this.kind = opts.kind;
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

  /**
   * Replaces the modules, stylesheet and route, then renders. A newer load supersedes one still running.
   * In the preview, drafts (`generating`) arrive many times a second, often faster than they can be repaired,
   * compiled and rendered: only the newest one is processed, at the next animation frame (or after
   * `DRAFT_WAIT_MS` when the iframe gets no frames, e.g. in a background tab); a load that is not a draft
   * drops a pending one and is processed at once.
   */
  load(req: LoadRequest): Promise<void> {
    if (!req.generating || this.kind !== 'preview') {
      this.draft = null;
      return this.apply(req);
    }
    this.draft = req;
    this.draftRun ??= new Promise<void>((resolve) => {
      let done = false;
      const run = () => {
        if (done) return;
        done = true;
        cancelAnimationFrame(frame);
        clearTimeout(timer);
        this.draftRun = null;
        const draft = this.draft;
        this.draft = null;
        resolve(draft ? this.apply(draft) : undefined);
      };
      const frame = requestAnimationFrame(run);
      const timer = setTimeout(run, DRAFT_WAIT_MS);
    });
    return this.draftRun;
  }

  private draft: LoadRequest | null = null;
  private draftRun: Promise<void> | null = null;

  /**
   * Turns source locations (Select mode) on or off. Turning them on compiles the shown revision again with
   * `data-kiln-loc` on its elements; later loads keep them until they are turned off. Resolves false when the
   * locations cannot be made (the grammar did not load).
   */
  async setLocations(on: boolean): Promise<boolean> {
    if (on && this.locator === undefined) this.locator = (await this.opts.locate?.()) ?? null;
    const was = this.locating;
    this.locating = on && !!this.locator;
    if (this.locating && !was && this.lastRequest && !this.lastRequest.generating)
      await this.apply(this.lastRequest);
    return this.locating === on;
  }

  private async apply(req: LoadRequest): Promise<void> {
    const seq = ++this.seq;
    this.loadStartedAt = performance.now();
    if (req.css !== undefined) applyCss(req.css);
    if (!this.compiler && req.modules.some((m) => 'content' in m) && this.opts.compile) {
      this.compiler = await this.opts.compile();
      if (this.opts.verifyPatches) this.verifyPatches = await this.opts.verifyPatches();
      if (seq !== this.seq) return;
    }
    this.lastRequest = req;
    if (req.generating && this.repair === undefined && this.opts.partial) {
      this.repair = await this.opts.partial();
      if (seq !== this.seq) return;
    }
    const records = new Map<string, ModuleRecord>();
    const filePaths = req.modules.map((m) => m.filePath);
    for (const m of req.modules) {
      const isPage = PAGE_TYPES[req.mode].includes(m.moduleType);
      const isComponent = COMPONENT_TYPES.includes(m.moduleType);
      if (!isPage && !isComponent) continue;
      const rec: ModuleRecord = {
        filePath: m.filePath,
        moduleType: m.moduleType,
        componentName: isComponent ? componentNameFor(m) : null,
        route: isPage ? filePathToRoute(m.filePath) : null,
        standIns: [],
      };
      this.compileInto(rec, m, req.generating);
      records.set(m.filePath, rec);
    }
    await this.loadExternals(records, req.revisionId);
    if (seq !== this.seq) return;
    // An import neither in the catalogue nor resolved by the server as an npm package fails its module.
    for (const rec of records.values()) {
      const unknown = rec.compiled?.imports.find(
        (imp) => imp.kind === 'library' && !this.libraries.has(imp.source) && !isCatalogueLibrary(imp.source),
      );
      if (unknown) {
        rec.compileError = {
          message: this.packageErrors.get(unknown.source) ?? unknownLibraryMessage(unknown.source),
        };
      }
      // A project module nobody wrote is an error once the code is finished (drafts may still bring it).
      const missing =
        !req.generating && rec.compiled && !rec.compileError
          ? missingProjectImport(rec.compiled.imports, filePaths)
          : null;
      if (missing)
        rec.compileError = { message: MESSAGES.missingProjectModule(missing.name, missing.source) };
    }

    this.records = records;
    this.componentFiles = new Map(
      [...records.values()].flatMap((r) => (r.componentName ? [[r.componentName, r.filePath] as const] : [])),
    );
    this.pages = [...records.values()].flatMap((r) =>
      r.route !== null ? [{ route: r.route, filePath: r.filePath }] : [],
    );
    this.reportedErrors.clear();
    previewSession.setBuilderUser(this.kind === 'preview' ? (req.user ?? null) : null);
    setProjectFiles(req.modules.flatMap((m) => (m.moduleType === 'FILE' ? [m.filePath] : [])));
    this.revisionId = req.revisionId;
    this.generating = req.generating;
    this.mode = req.mode;
    this.route = req.route || '/';
    this.failing.clear();
    for (const rec of records.values()) this.evaluate(rec);
    this.recompileUnparsedPatches(records, req);
    this.loaded = true;
    // An edit commits in the task that brought it, instead of waiting for React's scheduler; drafts while
    // generating render as React schedules them.
    if (req.generating) this.render();
    else flushSync(() => this.render());
    this.scheduleVerify(seq);
  }

  /**
   * After an edit has rendered, checks the chunks it patched against sucrase (off the edit's path: the DOM is
   * already updated). A wrong patch — never seen in the tests, but possible — is replaced by sucrase's output
   * and the same load runs again.
   */
  private scheduleVerify(seq: number): void {
    const verify = this.verifyPatches;
    if (!verify) return;
    clearTimeout(this.verifyTimer);
    this.verifyTimer = setTimeout(() => {
      const wrong = verify();
      if (wrong.length === 0 || seq !== this.seq || !this.lastRequest) return;
      console.warn('[kiln] a patched edit differed from a full compile; compiling again');
      this.compileCache.clear();
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
    if (unparsed.length === 0 || !this.verifyPatches || this.verifyPatches().length === 0) return;
    for (const rec of unparsed) {
      const m = req.modules.find((x) => x.filePath === rec.filePath);
      if (!m || !('content' in m)) continue;
      this.compileCache.delete(`${m.filePath}\n${m.content}`);
      rec.compiled = undefined;
      rec.compileError = undefined;
      rec.evalError = undefined;
      rec.exports = undefined;
      this.compileInto(rec, m, req.generating);
      this.evaluate(rec);
    }
  }

  /** While generating: the newest code that parses, made from the module's partial source. */
  private partialSource(content: string): string {
    if (!this.repair) return content;
    let code = this.repaired.get(content);
    if (code === undefined) {
      try {
        code = this.repair(content) ?? content;
      } catch {
        code = content;
      }
      this.repaired.set(content, code);
      if (this.repaired.size > 200) this.repaired.delete(this.repaired.keys().next().value as string);
    }
    return code;
  }

  private compileInto(rec: ModuleRecord, m: PreviewModule | AppModule, generating = false): void {
    if ('compiled' in m && m.compiled) {
      rec.compiled = m.compiled;
      return;
    }
    if ('compileError' in m && m.compileError) {
      rec.compileError = { message: m.compileError };
      return;
    }
    if (!('content' in m) || !this.compiler) {
      rec.compileError = { message: 'Module has no code' };
      return;
    }
    const plain = generating ? this.partialSource(m.content) : m.content;
    // Select mode: the finished code with each element's source location (compiled whole, never patched).
    const content = this.locating && !generating && this.locator ? this.locator(plain, m.filePath) : plain;
    const key = `${m.filePath}\n${content}`;
    let result = this.compileCache.get(key);
    if (!result) {
      try {
        // An edit of finished code may patch plain-text changes into the previous output (checked right after).
        result = this.compiler(content, m.filePath, {
          patch: !generating && content === plain && this.verifyPatches !== undefined,
        });
      } catch (error) {
        result = errorData(error, m.filePath);
        if (content !== plain) {
          try {
            result = this.compiler(plain, m.filePath);
          } catch {
            // The module's own error stays the one shown.
          }
        }
      }
      this.compileCache.set(key, result);
      if (this.compileCache.size > 400)
        this.compileCache.delete(this.compileCache.keys().next().value as string);
    }
    if ('code' in result) rec.compiled = result;
    else rec.compileError = result;
  }

  readonly icons = new Map<string, unknown>();
  readonly libraries = new Map<string, Record<string, unknown>>();

  /** Why an npm package outside the catalogue could not be loaded, by import source (the last load's). */
  private readonly packageErrors = new Map<string, string>();

  /** Loads every icon and library the modules import, in parallel; npm packages pinned to the revision. */
  private async loadExternals(records: Map<string, ModuleRecord>, revisionId: string): Promise<void> {
    const waits: Promise<void>[] = [];
    for (const rec of records.values()) {
      for (const imp of rec.compiled?.imports ?? []) {
        if (imp.kind === 'icons') {
          for (const n of imp.named) {
            if (this.icons.has(n.imported)) continue;
            waits.push(
              loadIcon(this.opts.assetBase, n.imported).then((icon) => {
                if (!icon) return;
                markPureComponent(icon);
                this.icons.set(n.imported, icon);
              }),
            );
          }
        } else if (imp.kind === 'library' || imp.kind === 'project') {
          // A project import of `@/components/ui/*` or `@/lib/utils` the project lacks gets the built-in one.
          const source = imp.kind === 'library' ? imp.source : builtinProjectSource(imp.source);
          if (!source || this.libraries.has(source)) continue;
          if (imp.kind === 'project' && findRecord(records, imp.source)) continue;
          if (imp.kind === 'library' && !isCatalogueLibrary(source)) {
            waits.push(
              loadPackage(this.opts.assetBase, source, revisionId).then((r) => {
                if ('lib' in r) {
                  this.packageErrors.delete(source);
                  // react-router follows the engine's route (runtime/router-shims.tsx).
                  const lib = ROUTER_PACKAGES.includes(source) ? bindRouterLibrary(this, r.lib) : r.lib;
                  this.libraries.set(source, lib);
                } else this.packageErrors.set(source, r.error);
              }),
            );
            continue;
          }
          waits.push(
            loadLibrary(this.opts.assetBase, source).then((lib) => {
              if (lib) this.libraries.set(source, lib);
            }),
          );
        }
      }
    }
    await Promise.all(waits);
  }

  /** Runs a module, replacing undefined names by stand-ins (up to MAX_STAND_INS) until it evaluates. */
  private evaluate(rec: ModuleRecord): void {
    const compiled = rec.compiled;
    if (!compiled || rec.exports || rec.evalError !== undefined) return;
    rec.evaluating = true;
    rec.standIns = [...(this.standInsByCode.get(compiled.code) ?? rec.standIns)];
    // In the preview, the module's own components keep their component type across edits (runtime/refresh.ts).
    const code = this.kind === 'preview' ? withLocalRefresh(compiled.code) : compiled.code;
    for (;;) {
      const { scope } = buildScope(compiled, this.scopeSources, rec.standIns, rec.componentName);
      if (code !== compiled.code) {
        scope.set(LOCAL_BINDING, this.localBinding(rec.filePath, this.generating));
        scope.set(LOCALS_RECORD, recordLocals);
      }
      try {
        const { pieces } = compiled;
        const reusing = this.kind === 'preview' && !this.generating;
        rec.exports = runModule(
          code,
          scope,
          reusing && pieces
            ? (names, values) =>
                this.functionReuse.prepare(
                  rec.filePath,
                  code,
                  pieces,
                  names,
                  values,
                  hookSignature(compiled.code),
                )
            : undefined,
        );
        if (reusing) this.functionReuse.settle(rec.filePath, rec.exports);
        // A cached evaluation returns its old exports: point its forwarders at its code again.
        for (const [, impl, bound] of moduleLocals(rec.exports)) setForwarderTarget(bound, impl);
        break;
      } catch (error) {
        const name = undefinedName(error);
        if (name && rec.standIns.length < MAX_STAND_INS && !rec.standIns.includes(name)) {
          rec.standIns.push(name);
          this.loadImplicitIcon(name);
          continue;
        }
        rec.evalError = error;
        break;
      }
    }
    this.standInsByCode.set(compiled.code, rec.standIns);
    rec.evaluating = false;
  }

  private readonly localBindings = new Map<string, (name: string, impl: unknown) => unknown>();
  private readonly forwarders = new Map<string, Map<string, unknown>>();

  /**
   * `__kiln_local` for one file: a module's own component → its forwarder, one per file, name and hook
   * signature of the module (a changed hook list remounts, as Fast Refresh does). While generating, drafts
   * keep their own functions (a separate binding, so evaluations cached in one state are not reused in the
   * other), and the forwarders keep pointing at the last finished code.
   */
  private localBinding(filePath: string, generating: boolean): (name: string, impl: unknown) => unknown {
    const id = `${generating}\n${filePath}`;
    let bind = this.localBindings.get(id);
    if (!bind) {
      bind = (name, impl) => {
        if (generating || typeof impl !== 'function') return impl;
        const key = `${hookSignature(this.records.get(filePath)?.compiled?.code ?? '')}\n${name}`;
        const byKey = this.forwarders.get(filePath) ?? new Map<string, unknown>();
        this.forwarders.set(filePath, byKey);
        let forwarder = byKey.get(key);
        if (forwarder === undefined) {
          forwarder = makeForwarder(name, impl as (...args: unknown[]) => unknown);
          byKey.set(key, forwarder);
          if (byKey.size > 100) byKey.delete(byKey.keys().next().value as string);
        } else setForwarderTarget(forwarder, impl);
        return forwarder;
      };
      this.localBindings.set(id, bind);
    }
    return bind;
  }

  /** Called by a boundary when a render threw "X is not defined": stand X in and evaluate again. */
  retryWithStandIn(filePath: string, error: unknown): boolean {
    const rec = this.records.get(filePath);
    const name = undefinedName(error);
    if (!rec || !name || rec.standIns.length >= MAX_STAND_INS || rec.standIns.includes(name)) return false;
    rec.standIns.push(name);
    rec.exports = undefined;
    rec.evalError = undefined;
    this.standInsByCode.delete(rec.compiled?.code ?? '');
    this.evaluate(rec);
    this.loadImplicitIcon(name);
    return true;
  }

  private readonly iconAttempts = new Set<string>();

  /** `<Plus />` without importing it: if a lucide icon has that name, load it and evaluate again. */
  private loadImplicitIcon(name: string): void {
    if (!/^[A-Z][A-Za-z0-9]*$/.test(name) || this.iconAttempts.has(name) || this.icons.has(name)) return;
    this.iconAttempts.add(name);
    void loadIcon(this.opts.assetBase, name).then((icon) => {
      if (!icon) return;
      markPureComponent(icon);
      this.icons.set(name, icon);
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

  private readonly scopeSources: ScopeSources = makeScopeSources(this);

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

  /**
   * Edits keep component state, as Vite's Fast Refresh does: a module's default export renders through one
   * component type per file, hook signature (`hookSignature`) and generating state, which calls whatever
   * the current code is. So an edit that keeps the module's hook calls re-renders in place — React diffs
   * the DOM instead of rebuilding it, and state survives — while one that changes them remounts. Null for
   * what cannot render that way (classes, async functions, memo/forwardRef objects).
   */
  refreshType(filePath: string, impl: unknown): ComponentType<RefreshProps> | null {
    const rec = this.records.get(filePath);
    if (typeof impl !== 'function' || !rec?.compiled || isAsyncFunction(impl)) return null;
    if ((impl as { prototype?: { isReactComponent?: unknown } }).prototype?.isReactComponent) return null;
    const key = `${this.generating}\n${hookSignature(rec.compiled.code)}`;
    let entry = this.refreshTypes.get(filePath);
    if (!entry || entry.key !== key) {
      entry = { key, type: refreshable(impl.name, this.generating), impl, reused: false };
      this.refreshTypes.set(filePath, entry);
    } else if (entry.impl !== impl) {
      entry.impl = impl;
      entry.reused = true;
    }
    return entry.type;
  }

  /**
   * A module re-rendered in place after an edit failed: its hooks may not match the old ones after all
   * (a hook from another module changed). Forget its component type so it remounts; once per edit.
   */
  remountAfterEdit(filePath: string): boolean {
    const entry = this.refreshTypes.get(filePath);
    if (!entry?.reused) return false;
    this.refreshTypes.delete(filePath);
    return true;
  }

  private readonly refreshTypes = new Map<
    string,
    { key: string; type: ComponentType<RefreshProps>; impl: unknown; reused: boolean }
  >();

  record(filePath: string): ModuleRecord | undefined {
    return this.records.get(filePath);
  }

  private readonly backStack: string[] = [];

  /** Goes back one route: the browser history in a published app, the preview's own stack in the preview. */
  back(): void {
    if (this.kind === 'app') history.back();
    else {
      const previous = this.backStack.pop();
      if (previous !== undefined) this.navigate(previous, { push: false, notify: true });
    }
  }

  /** Shows another route: in the preview in memory, in a published app through the history. */
  navigate(to: string, opts: { push: boolean; notify: boolean }): void {
    const route = to.startsWith('/') ? to : `/${to}`;
    const [pathAndQuery, hash] = route.split('#', 2) as [string, string | undefined];
    const changed = pathAndQuery !== this.route;
    if (changed && opts.push && this.kind === 'preview') this.backStack.push(this.route);
    this.route = pathAndQuery;
    if (this.kind === 'app' && opts.push) history.pushState(null, '', route);
    if (changed) {
      this.render();
      if (opts.notify) this.opts.post({ kind: 'kiln:route', route: this.route });
    }
    if (hash) requestAnimationFrame(() => this.scrollToAnchor(hash));
    else if (changed) this.scrollContainer().scrollTo?.(0, 0);
  }

  /** What scrolls: the window of a published app, the phone's screen in the mobile preview, else the root. */
  private scrollContainer(): Window | Element {
    if (this.kind === 'app') return window;
    return (
      (this.mode === 'mobile' && this.opts.container.querySelector(`[${SCREEN_ATTRIBUTE}]`)) ||
      this.opts.container
    );
  }

  scrollToAnchor(id: string): void {
    const decoded = decodeURIComponent(id);
    const target =
      this.opts.container.querySelector<HTMLElement>(`#${CSS.escape(decoded)}`) ??
      this.opts.container.querySelector(`[name="${CSS.escape(decoded)}"]`);
    target?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }

  /**
   * The page for the current route, or null (404). A route no page file serves belongs to the page holding a
   * client-side router (react-router's `<Routes>`), the one nearest the root, when the revision has one.
   */
  currentPage(): { filePath: string; params: Record<string, string> } | null {
    const m = matchRoute(this.pages, this.route);
    if (m) return { filePath: m.page.filePath, params: m.params };
    const holder = this.pages
      .filter((p) => this.importsRouter(p.filePath))
      .sort((a, b) => a.route.length - b.route.length)[0];
    return holder ? { filePath: holder.filePath, params: {} } : null;
  }

  private importsRouter(filePath: string): boolean {
    return !!this.records
      .get(filePath)
      ?.compiled?.imports.some((imp) => imp.kind === 'library' && ROUTER_PACKAGES.includes(imp.source));
  }

  /**
   * The router put around the page when any module of the revision imports react-router (so its hooks work
   * without a router in the code); none when the revision brings a data router (`RouterProvider`).
   */
  pageRouter(): ComponentType<{ children?: ReactNode }> | null {
    let router: ComponentType<{ children?: ReactNode }> | null = null;
    for (const rec of this.records.values()) {
      for (const imp of rec.compiled?.imports ?? []) {
        if (imp.kind !== 'library' || !ROUTER_PACKAGES.includes(imp.source)) continue;
        if (imp.named.some((n) => n.imported === DATA_ROUTER_EXPORT)) return null;
        router ??= engineRouterOf(this.libraries.get(imp.source));
      }
    }
    return router;
  }

  hasPages(): boolean {
    return this.pages.length > 0;
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

  // --- errors and reports -------------------------------------------------------------------------

  /** A boundary caught an error in `filePath`. Reports it once per load unless code is being generated. */
  reportError(filePath: string, error: unknown): void {
    this.failing.add(filePath);
    if (this.generating) return;
    const data = errorData(error, filePath);
    const key = `${this.seq}\n${filePath}`;
    if (this.reportedErrors.has(key)) return;
    this.reportedErrors.add(key);
    if (this.kind === 'app') console.error(`[kiln] ${filePath}:`, error);
    this.opts.post({
      kind: 'kiln:error',
      revisionId: this.revisionId,
      filePath,
      mode: this.mode,
      message: data.message,
      ...(data.stack ? { stack: data.stack } : {}),
      ...(data.line ? { line: data.line } : {}),
      ...(data.column ? { column: data.column } : {}),
    });
  }

  /** A boundary of `filePath` committed without error. */
  moduleRendered(filePath: string, impl: unknown): void {
    this.failing.delete(filePath);
    if (impl !== undefined) this.lastGood.set(filePath, impl);
    queueMicrotask(() => this.checkRendered());
  }

  /**
   * Posts `kiln:rendered` the first time a revision's page rendered with no module failing: once for its drafts
   * and once for its finished code, so the revision's first render is never a partial draft.
   */
  checkRendered(): void {
    const key = `${this.revisionId}\n${this.generating}`;
    if (!this.loaded || this.failing.size > 0 || this.renderedRevisions.has(key)) return;
    if (!this.currentPage()) return;
    this.renderedRevisions.add(key);
    this.opts.post({
      kind: 'kiln:rendered',
      revisionId: this.revisionId,
      route: this.route,
      ms: Math.round((performance.now() - this.loadStartedAt) * 10) / 10,
      generating: this.generating,
    });
  }

  requestFix(filePath: string, message: string): void {
    this.opts.post({ kind: 'kiln:fix', revisionId: this.revisionId, filePath, message });
  }

  /** Errors outside render (event handlers, timers): attributed to a module by the stack's source URL. */
  reportUncaught(error: unknown): void {
    const stack = error instanceof Error ? (error.stack ?? '') : '';
    const filePath = /kiln:\/\/\/([^\s:)]+)/.exec(stack)?.[1];
    if (filePath && this.records.has(filePath)) this.reportError(filePath, error);
    else if (this.kind === 'app') console.error(error);
  }
}

/** The module an import source points at by path (`@/components/TodoItem`, `../lib/format.ts`). */
function findRecord(records: Map<string, ModuleRecord>, source: string): ModuleRecord | undefined {
  const wanted = source
    .replace(/^(?:@|~)\//, '')
    .replace(/^(?:\.\.?\/)+/, '')
    .replace(/\.[jt]sx?$/, '');
  for (const rec of records.values()) {
    const path = rec.filePath.replace(/\.[jt]sx?$/, '');
    if (path.endsWith(`/${wanted}`)) return rec;
  }
  return undefined;
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

// --- React views ------------------------------------------------------------------------------------

function PageView({ engine, seq, route }: { engine: Engine; seq: number; route: string }) {
  const page = engine.currentPage();
  // biome-ignore lint/correctness/useExhaustiveDependencies: check after every load (seq) and route change.
  useEffect(() => engine.checkRendered(), [engine, seq, route]);
  if (!page) {
    if (!engine.hasPages() || engine.generating) return null;
    return <NotFound route={normalizeRoute(route)} />;
  }
  const search = route.includes('?') ? route.slice(route.indexOf('?') + 1) : '';
  const props = { params: page.params, searchParams: Object.fromEntries(new URLSearchParams(search)) };
  const boundary = (
    <ModuleBoundary key={page.filePath} engine={engine} filePath={page.filePath} seq={seq} props={props} />
  );
  const Router = engine.pageRouter();
  return Router ? <Router key={`router:${page.filePath}`}>{boundary}</Router> : boundary;
}

function NotFound({ route }: { route: string }) {
  return (
    <div
      style={{
        minHeight: '60vh',
        display: 'grid',
        placeItems: 'center',
        fontFamily: 'system-ui, sans-serif',
      }}
    >
      <div style={{ textAlign: 'center', color: '#4b5563' }}>
        <div style={{ fontSize: 48, fontWeight: 700, color: '#111827' }}>404</div>
        <p style={{ margin: '8px 0 16px' }}>There is no page at {route}.</p>
        <a href="/" style={{ color: '#2563eb' }}>
          Go to the home page
        </a>
      </div>
    </div>
  );
}

interface BoundaryProps {
  engine: Engine;
  filePath: string;
  seq: number;
  props: Record<string, unknown>;
}

interface BoundaryState {
  error: unknown;
  hasError: boolean;
  seq: number;
  /** Bumped after a stand-in retry so the module renders again. */
  attempt: number;
}

const checkedComponents = new WeakMap<object, unknown>();
const checkedWhileGenerating = new WeakMap<object, unknown>();

/**
 * Thrown while generating when a page renders nothing — typically code cut before its `return` — so the
 * boundary keeps the module's last good render instead of going blank. Never reported.
 */
const EMPTY_WHILE_GENERATING = 'kiln: rendered nothing while generating';

function isRenderableNode(value: unknown): boolean {
  if (value === null || value === undefined || typeof value !== 'object') return typeof value !== 'function';
  if (isValidElement(value) || Array.isArray(value) || '$$typeof' in value) return true;
  return Symbol.iterator in value || typeof (value as { then?: unknown }).then === 'function';
}

/**
 * Wraps a function component so a non-renderable return value fails with the spec's message (and, while
 * generating, so does rendering nothing).
 */
function checked(impl: (props: unknown) => unknown, generating: boolean): unknown {
  const cache = generating ? checkedWhileGenerating : checkedComponents;
  let wrapper = cache.get(impl);
  if (!wrapper) {
    const run = isAsyncFunction(impl) ? awaited(impl) : impl;
    // Not a hook factory: one wrapper per generated component, cached.
    const Checked = (props: unknown) => {
      // Always first, before the generated code's hooks (runtime/jsx.ts).
      const out = useElementReuse(() => run(props));
      if (!isRenderableNode(out)) throw new Error(INVALID_NODE_MESSAGE);
      if (generating && (out === null || out === undefined)) throw new Error(EMPTY_WHILE_GENERATING);
      return out as ReactNode;
    };
    Object.defineProperty(Checked, 'name', { value: impl.name || 'Component' });
    wrapper = Checked;
    cache.set(impl, wrapper);
  }
  return wrapper;
}

interface RefreshProps {
  impl: (props: unknown) => unknown;
  props: Record<string, unknown>;
}

/** The component type a module renders through (see `Engine.refreshType`): it runs the current code. */
function refreshable(name: string, generating: boolean): ComponentType<RefreshProps> {
  const Refreshable = ({ impl, props }: RefreshProps) => {
    // Always first, before the generated code's hooks (runtime/jsx.ts).
    const out = useElementReuse(() => impl(props));
    if (!isRenderableNode(out)) throw new Error(INVALID_NODE_MESSAGE);
    if (generating && (out === null || out === undefined)) throw new Error(EMPTY_WHILE_GENERATING);
    return out as ReactNode;
  };
  Object.defineProperty(Refreshable, 'name', { value: name || 'Component' });
  return Refreshable;
}

/**
 * The hook calls of a module, in order, with the initial value of each `useState`/`useReducer` (as Fast
 * Refresh does, so a changed initial value starts afresh). Equal signatures: an edit may keep the state.
 */
export function hookSignature(code: string): string {
  let sig = signatures.get(code);
  if (sig !== undefined) return sig;
  sig = '';
  for (const m of code.matchAll(/\b(use[A-Z]\w*)\s*\(/g)) {
    sig += `${m[1]},`;
    if (m[1] === 'useState' || m[1] === 'useReducer') {
      const end = code.indexOf('\n', m.index);
      sig += `${code.slice(m.index, end < 0 ? undefined : end)}\n`;
    }
  }
  signatures.set(code, sig);
  if (signatures.size > 200) signatures.delete(signatures.keys().next().value as string);
  return sig;
}

const signatures = new Map<string, string>();

function isAsyncFunction(fn: unknown): boolean {
  return typeof fn === 'function' && fn.constructor?.name === 'AsyncFunction';
}

/**
 * An `async function Page()` (a Next.js server-component habit) cannot render on the client: run it once
 * per mount and render its result when it resolves (nothing until then); a rejection fails the render.
 */
function awaited(impl: (props: unknown) => unknown): (props: unknown) => unknown {
  // Not a hook factory: one wrapper per async component, cached by `checked`.
  return function useAwaited(props: unknown) {
    const [state, setState] = useState<{ out?: unknown; error?: unknown; done: boolean }>({ done: false });
    // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per mount, as a server component would.
    useEffect(() => {
      let live = true;
      Promise.resolve(impl(props)).then(
        (out) => live && setState({ out, done: true }),
        (error: unknown) => live && setState({ error, done: true }),
      );
      return () => {
        live = false;
      };
    }, []);
    if (state.error !== undefined) throw state.error;
    return state.done ? (state.out ?? null) : null;
  };
}

function Invalid(): ReactNode {
  throw new Error(INVALID_NODE_MESSAGE);
}

function elementFor(impl: unknown, props: Record<string, unknown>, generating = false): ReactNode {
  if (typeof impl === 'function') {
    const isClass = Boolean(
      (impl as { prototype?: { isReactComponent?: unknown } }).prototype?.isReactComponent,
    );
    return createElement(
      // biome-ignore lint/suspicious/noExplicitAny: generated components take arbitrary props.
      (isClass ? impl : checked(impl as (p: unknown) => unknown, generating)) as any,
      props,
    );
  }
  if (isValidElement(impl)) return impl;
  // biome-ignore lint/suspicious/noExplicitAny: memo / forwardRef / lazy objects.
  if (impl && typeof impl === 'object' && '$$typeof' in impl) return createElement(impl as any, props);
  return <Invalid />;
}

/** Error boundary around one page or component: fallback box, stand-in retries, last good render. */
class ModuleBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, hasError: false, seq: this.props.seq, attempt: 0 };
  private renderedImpl: unknown;
  private readonly failedImpls = new Set<unknown>();
  private handledError: unknown;

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.seq !== state.seq ? { error: null, hasError: false, seq: props.seq } : null;
  }

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo): void {
    const { engine, filePath } = this.props;
    if (engine.retryWithStandIn(filePath, error) || engine.remountAfterEdit(filePath)) {
      this.setState((s) => ({ error: null, hasError: false, attempt: s.attempt + 1 }));
      return;
    }
    engine.reportError(filePath, error);
  }

  override componentDidMount(): void {
    this.committed();
  }

  override componentDidUpdate(prev: BoundaryProps): void {
    if (prev.seq !== this.props.seq) this.failedImpls.clear();
    this.committed();
  }

  private committed(): void {
    const { engine, filePath } = this.props;
    const rec = engine.record(filePath);
    const broken = this.state.hasError || !rec || rec.compileError || rec.evalError !== undefined;
    if (!broken) engine.moduleRendered(filePath, this.renderedImpl);
    else if (!this.state.hasError && rec) engine.reportError(filePath, rec.compileError ?? rec.evalError);
  }

  override render(): ReactNode {
    const { engine, filePath, props } = this.props;
    const rec = engine.record(filePath);
    if (!rec) return null;
    if (this.state.hasError && this.handledError !== this.state.error) {
      this.handledError = this.state.error;
      this.failedImpls.add(this.renderedImpl);
    }
    const failure = rec.compileError ?? (rec.evalError !== undefined ? errorData(rec.evalError) : undefined);
    if (this.state.hasError || failure) {
      if (engine.generating) {
        const good = engine.lastGood.get(filePath);
        if (good === undefined || this.failedImpls.has(good)) return null;
        this.renderedImpl = good;
        return elementFor(good, props);
      }
      const message = failure?.message ?? errorData(this.state.error).message;
      return <ErrorBox engine={engine} filePath={filePath} message={message} />;
    }
    const impl = rec.exports?.default;
    this.renderedImpl = impl;
    const type = engine.refreshType(filePath, impl);
    return type
      ? createElement(type, { impl: impl as RefreshProps['impl'], props })
      : elementFor(impl, props, engine.generating);
  }
}

function ErrorBox({ engine, filePath, message }: { engine: Engine; filePath: string; message: string }) {
  const [pressed, setPressed] = useState(false);
  return (
    <div
      data-kiln-error={filePath}
      title={message}
      style={{
        background: '#f3f4f6',
        border: '1px solid #e5e7eb',
        borderRadius: 8,
        color: '#374151',
        padding: 16,
        margin: 8,
        fontFamily: 'system-ui, sans-serif',
        fontSize: 14,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 12,
      }}
    >
      <span>{RENDER_ERROR_TEXT}</span>
      {engine.kind === 'preview' ? (
        <button
          type="button"
          disabled={pressed}
          onClick={() => {
            setPressed(true);
            engine.requestFix(filePath, message);
          }}
          style={{
            background: pressed ? '#9ca3af' : '#111827',
            color: '#fff',
            border: 0,
            borderRadius: 6,
            padding: '6px 12px',
            cursor: pressed ? 'default' : 'pointer',
          }}
        >
          Fix it
        </button>
      ) : null}
    </div>
  );
}
