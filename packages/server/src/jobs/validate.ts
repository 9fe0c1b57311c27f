/**
 * @module Revision validation after a generation (issue 6; ARCHITECTURE §4 step 4): VALID, INVALID_CODE or
 * INVALID_PROMPT, with the first failing module and its message for Fix it and the auto-fix.
 *
 * Two passes. First every React module is compiled (sucrase, ~1 ms each): a syntax error fails fast. Then
 * every page is rendered with the project's other modules by the preview runtime itself in headless
 * Chromium (`renderCheck` from `@kiln/preview/node`), so what the user would see as "Error in generated
 * code" marks the revision INVALID_CODE. Generated code never runs in this process: it runs in Chromium.
 * Without Chromium (or the built runtime) the render pass is skipped, logged once, and the compile result
 * stands; a render check that times out (an overloaded machine) is not held against the code either.
 *
 * A render check's result is decided by what it renders (the page, the mode, every module) and by the runtime
 * and browser doing it. A `RenderCheckCache` (`useRenderCheckCache`; the test harness keeps one on disk keyed by
 * the built runtime and the browser) answers a check whose inputs it has seen, so Chromium is not even started
 * when every page hits. Not cached: a check that timed out, and one that resolved npm packages (its result
 * also depends on what the revision's pins resolve to).
 */
import { createHash } from 'node:crypto';
import { MESSAGES } from '@kiln/core';
import { compileModule, missingProjectImport, type PreviewModule } from '@kiln/preview';
import { bundleRoute, functionSources } from '../functions/index';
import type { FunctionPackages } from '../functions/npm';

/** What a revision's modules look like to the validator (GenModule or a stored module). */
export interface ValidatedModule {
  filePath: string;
  moduleType: string;
  content: string;
  name?: string;
}

export type ValidationStatus = 'VALID' | 'INVALID_CODE' | 'INVALID_PROMPT';

/** The outcome; `error` names the first failing module (read by Fix it and the auto-fix). */
export interface ValidationResult {
  status: ValidationStatus;
  error?: { filePath: string; message: string };
}

export interface ValidateOptions {
  /** The revision's action: a first generation (INITIAL) with no modules did not understand the prompt. */
  action?: string;
  /** Where the one-time "render check unavailable" note goes. */
  log?: (msg: string, err?: unknown) => void;
  /** Run the headless render pass (default true); false: the compile pass only. */
  render?: boolean;
  /** npm packages outside the catalogue, pinned to the revision (packages/locks.ts). */
  packages?: PackageSource;
  /** npm imports of the revision's functions, bundled for the server (functions/npm.ts); without it none. */
  functionPackages?: FunctionPackages;
}

const WEB_PAGES = new Set(['PAGE', 'AUTH_PAGE_SIGN_IN', 'AUTH_PAGE_SIGN_UP', 'AUTH_PAGE_LOGOUT']);
const REACT_FILE = /\.(jsx?|tsx?)$/;
/** Pages rendered at once: each takes one of the headless browser's warm pages. */
const CONCURRENCY = 2;
/** A page that has not rendered after this long is reported as a timeout (and not held against the code). */
const RENDER_TIMEOUT_MS = 10_000;
const TIMED_OUT = /^Render check timed out/;

type RenderCheck = typeof import('@kiln/preview/node').renderCheck;
type PackageSource = import('@kiln/preview/node').PackageSource;

/** What a render check answered: rendered, or the first error's message. */
export interface RenderOutcome {
  ok: boolean;
  error: string | null;
}

/** Render check results by a key over the check's inputs (see the module comment). */
export interface RenderCheckCache {
  get(key: string): Promise<RenderOutcome | undefined>;
  set(key: string, outcome: RenderOutcome): Promise<void>;
}

let renderCache: RenderCheckCache | undefined;

/** Answers later render checks with the same inputs from `cache` (undefined: none, a server's default). */
export function useRenderCheckCache(cache: RenderCheckCache | undefined): void {
  renderCache = cache;
}

/** The key of one page's check: everything `renderCheck` is given. */
function renderKey(page: PreviewModule, mode: string, modules: readonly PreviewModule[]): string {
  const h = createHash('sha256');
  h.update(JSON.stringify([RENDER_TIMEOUT_MS, page.filePath, mode, page.content])).update('\0');
  for (const m of modules)
    h.update(JSON.stringify([m.filePath, m.moduleType, m.name, m.content])).update('\0');
  return h.digest('hex');
}

let headless: Promise<typeof import('@kiln/preview/node')> | undefined;
let unavailableLogged = false;
/**
 * The headless Chromium (~1 GB with its pages) closes after this long without a render check and starts again
 * with the next one (~1 s): a server that is not generating keeps no browser (issue 15: footprint).
 */
export const VALIDATION_IDLE_MS = 60_000;
let rendering = 0;
let idleTimer: NodeJS.Timeout | undefined;

function isRenderedModule(m: ValidatedModule): boolean {
  return REACT_FILE.test(m.filePath) && m.moduleType !== 'FUNCTION' && m.moduleType !== 'FILE';
}

function componentName(filePath: string): string {
  return (
    filePath
      .split('/')
      .pop()
      ?.replace(/\.[jt]sx?$/, '') ?? 'Module'
  );
}

function previewModules(modules: readonly ValidatedModule[]): PreviewModule[] {
  return modules.filter(isRenderedModule).map((m) => ({
    filePath: m.filePath,
    moduleType: m.moduleType as PreviewModule['moduleType'],
    name: m.name ?? componentName(m.filePath),
    content: m.content,
  }));
}

/** The module a render error belongs to: renderCheck prefixes `filePath: ` when another module failed. */
function failingModule(
  page: string,
  error: string,
  modules: readonly ValidatedModule[],
): { filePath: string; message: string } {
  for (const m of modules) {
    if (m.filePath !== page && error.startsWith(`${m.filePath}: `)) {
      return { filePath: m.filePath, message: error.slice(m.filePath.length + 2) };
    }
  }
  return { filePath: page, message: error };
}

/**
 * First pass: every React module compiles, and every project module it imports exists (the preview reports
 * the same error, core `MESSAGES.missingProjectModule`; checked here too so it holds without Chromium).
 */
function compilePass(modules: readonly ValidatedModule[]): ValidationResult {
  const filePaths = modules.map((m) => m.filePath);
  for (const m of modules) {
    if (!isRenderedModule(m)) continue;
    let imports: ReturnType<typeof compileModule>['imports'];
    try {
      imports = compileModule(m.content, m.filePath).imports;
    } catch (err) {
      return {
        status: 'INVALID_CODE',
        error: { filePath: m.filePath, message: err instanceof Error ? err.message : String(err) },
      };
    }
    const missing = missingProjectImport(imports, filePaths);
    if (missing) {
      return {
        status: 'INVALID_CODE',
        error: { filePath: m.filePath, message: MESSAGES.missingProjectModule(missing.name, missing.source) },
      };
    }
  }
  return { status: 'VALID' };
}

/**
 * Every FUNCTION module bundled as the sandbox will run it (esbuild, in memory): a syntax error or an import
 * functions cannot have (`Module "x" is not available in functions`) is INVALID_CODE on that module, so Fix it
 * and the automatic fix see it. Nothing runs here: bundling only parses.
 */
async function functionPass(
  modules: readonly ValidatedModule[],
  packages: FunctionPackages | undefined,
): Promise<ValidationResult> {
  const sources = functionSources(modules);
  for (const m of modules) {
    if (m.moduleType !== 'FUNCTION') continue;
    const bundled = await bundleRoute(sources, m.filePath, packages);
    if ('error' in bundled) {
      return { status: 'INVALID_CODE', error: { filePath: m.filePath, message: bundled.error } };
    }
  }
  return { status: 'VALID' };
}

/** One page's check: from the cache when it has the same inputs, else rendered (and kept unless it may vary). */
async function checkPage(
  page: PreviewModule,
  all: readonly PreviewModule[],
  renderCheck: () => Promise<RenderCheck>,
  packages: PackageSource | undefined,
): Promise<RenderOutcome> {
  const mode = page.moduleType === 'EXPO_PAGE' ? 'mobile' : 'web';
  const cache = renderCache;
  const key = cache ? renderKey(page, mode, all) : '';
  const cached = cache ? await cache.get(key) : undefined;
  if (cached) return cached;
  // A check that resolved npm packages depends on the revision's pins too: not kept.
  let resolved = false;
  const result = await (await renderCheck())({
    source: page.content,
    filePath: page.filePath,
    mode,
    modules: [...all],
    timeoutMs: RENDER_TIMEOUT_MS,
    ...(packages
      ? {
          packages: {
            resolve: (source: string) => {
              resolved = true;
              return packages.resolve(source);
            },
            bundleFile: (hash: string) => packages.bundleFile(hash),
          },
        }
      : {}),
  });
  const outcome = { ok: result.ok, error: result.error };
  if (cache && !resolved && !(result.error && TIMED_OUT.test(result.error))) await cache.set(key, outcome);
  return outcome;
}

async function renderPass(
  modules: readonly ValidatedModule[],
  renderCheck: () => Promise<RenderCheck>,
  packages: PackageSource | undefined,
): Promise<ValidationResult> {
  const all = previewModules(modules);
  const pages = all.filter((m) => WEB_PAGES.has(m.moduleType) || m.moduleType === 'EXPO_PAGE');
  const failures = new Map<string, { filePath: string; message: string }>();
  let next = 0;
  const worker = async () => {
    while (next < pages.length && failures.size === 0) {
      const page = pages[next++]!;
      const result = await checkPage(page, all, renderCheck, packages);
      if (!result.ok && result.error && !TIMED_OUT.test(result.error)) {
        failures.set(page.filePath, failingModule(page.filePath, result.error, modules));
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, pages.length) }, worker));
  // Report in the modules' order, whichever check finished first.
  const first = pages.find((p) => failures.has(p.filePath));
  return first ? { status: 'INVALID_CODE', error: failures.get(first.filePath)! } : { status: 'VALID' };
}

/**
 * VALID, INVALID_CODE (with the failing module) or INVALID_PROMPT for a finished generation's modules: the
 * compile pass, then every page rendered in headless Chromium (skipped, once logged, where Chromium is missing).
 */
export async function validateRevision(
  modules: readonly ValidatedModule[],
  opts: ValidateOptions = {},
): Promise<ValidationResult> {
  if (modules.length === 0) return { status: opts.action === 'INITIAL' ? 'INVALID_PROMPT' : 'VALID' };
  const compiled = compilePass(modules);
  if (compiled.status !== 'VALID') return compiled;
  const functions = await functionPass(modules, opts.functionPackages);
  if (functions.status !== 'VALID' || opts.render === false) return functions;
  clearTimeout(idleTimer);
  rendering += 1;
  try {
    // Chromium and the runtime load with the first check the cache cannot answer.
    const renderCheck = async () => {
      headless ??= import('@kiln/preview/node');
      return (await headless).renderCheck;
    };
    return await renderPass(modules, renderCheck, opts.packages);
  } catch (err) {
    if (!unavailableLogged) {
      unavailableLogged = true;
      opts.log?.(
        'render check unavailable (Chromium or the built preview runtime missing); compile check only',
        err,
      );
    }
    return compiled;
  } finally {
    rendering -= 1;
    if (rendering === 0) {
      idleTimer = setTimeout(() => {
        if (rendering === 0) void closeValidation().catch(() => {});
      }, VALIDATION_IDLE_MS);
      idleTimer.unref();
    }
  }
}

let holders = 0;

/**
 * Keeps the render pass's browser for the caller until the returned release is called; the last release closes
 * it. GenerationWorkers hold it while they run; a test file holds it across the servers it starts one after
 * another, so Chromium starts once per file instead of once per server.
 */
export function holdValidation(): () => Promise<void> {
  holders += 1;
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    holders -= 1;
    if (holders === 0) await closeValidation();
  };
}

/** Stops the headless browser the render pass started, if any (server shutdown). */
export async function closeValidation(): Promise<void> {
  clearTimeout(idleTimer);
  if (!headless) return;
  const { closeHeadless } = await headless;
  await closeHeadless();
}
