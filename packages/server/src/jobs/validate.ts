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
 */
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

async function renderPass(
  modules: readonly ValidatedModule[],
  renderCheck: RenderCheck,
  packages: PackageSource | undefined,
): Promise<ValidationResult> {
  const all = previewModules(modules);
  const pages = all.filter((m) => WEB_PAGES.has(m.moduleType) || m.moduleType === 'EXPO_PAGE');
  const failures = new Map<string, { filePath: string; message: string }>();
  let next = 0;
  const worker = async () => {
    while (next < pages.length && failures.size === 0) {
      const page = pages[next++]!;
      const result = await renderCheck({
        source: page.content,
        filePath: page.filePath,
        mode: page.moduleType === 'EXPO_PAGE' ? 'mobile' : 'web',
        modules: all,
        timeoutMs: RENDER_TIMEOUT_MS,
        ...(packages ? { packages } : {}),
      });
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
    headless ??= import('@kiln/preview/node');
    const { renderCheck } = await headless;
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
