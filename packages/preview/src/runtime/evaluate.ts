/**
 * @module
 * Evaluates compiled modules with `new Function`, passing their scope as parameters: React and every
 * React export by name, the JSX factory, imported icons and libraries, every project component (as a
 * stable lazy wrapper, so components can use each other in any order) and stand-ins for names that turned
 * out to be undefined. An evaluation is cached by code and scope so unchanged modules keep their function
 * identity across loads, and React keeps their state.
 */
import * as React from 'react';
import * as ReactDOM from 'react-dom';
import type { ModuleImport } from '../clean.ts';
import type { CompiledModule } from '../compile.ts';
import { kilnJsx } from './jsx.ts';
import { importBasename } from './module-records.ts';
import type { PreparedRun } from './reuse.ts';

/** How many undefined names one module may have replaced by stand-ins (spec §5). */
export const MAX_STAND_INS = 10;

const RESERVED = new Set(
  'break case catch class const continue debugger default delete do else enum export extends false finally for function if implements import in instanceof interface let new null package private protected public return static super switch this throw true try typeof var void while with yield await arguments eval undefined NaN Infinity'.split(
    ' ',
  ),
);

function isIdentifier(name: string): boolean {
  return /^[A-Za-z_$][\w$]*$/.test(name) && !RESERVED.has(name);
}

const REACT_SCOPE: Record<string, unknown> = {};
for (const [key, value] of Object.entries(React)) {
  if (isIdentifier(key) && !key.startsWith('unstable_') && !key.startsWith('__')) REACT_SCOPE[key] = value;
}

/** What generated code sees as `process`: an empty environment in production mode. */
const PROCESS = Object.freeze({ env: Object.freeze({ NODE_ENV: 'production' }), browser: true });

const standIns = new Map<string, (props?: unknown) => unknown>();

/**
 * A no-op stand-in for an undefined name: callable, usable as a component (renders its children).
 * One per name, so modules evaluated with it keep their identity across loads.
 */
export function makeStandIn(name: string): (props?: unknown) => unknown {
  let standIn = standIns.get(name);
  if (!standIn) {
    standIn = (props?: unknown) =>
      props && typeof props === 'object' && 'children' in props
        ? (props as { children: unknown }).children
        : null;
    Object.defineProperty(standIn, 'name', { value: name });
    standIns.set(name, standIn);
  }
  return standIn;
}

/** Where the evaluator looks up what a module needs besides React. */
export interface ScopeSources {
  /** Lazy wrapper for a project component by name, or undefined when the project has no such component. */
  component(name: string): unknown;
  /** Named exports of another project module (for `import { x } from '@/utils/x'`), resolved by import source. */
  projectExports(source: string): Record<string, unknown> | undefined;
  /** Loaded icon components by export name (missing icons are absent). */
  icons: ReadonlyMap<string, unknown>;
  /** Loaded library namespaces by import source (missing libraries are absent). */
  libraries: ReadonlyMap<string, Record<string, unknown>>;
  /** Names of every project component, all injected. */
  componentNames: readonly string[];
}

function bindImport(
  scope: Map<string, unknown>,
  imp: ModuleImport,
  sources: ScopeSources,
  missing: string[],
) {
  const put = (local: string, value: unknown) => {
    if (value === undefined) {
      missing.push(local);
      scope.set(local, makeStandIn(local));
    } else scope.set(local, value);
  };
  switch (imp.kind) {
    case 'react': {
      if (imp.defaultName) put(imp.defaultName, React);
      if (imp.namespace) put(imp.namespace, React);
      for (const n of imp.named) put(n.local, (React as Record<string, unknown>)[n.imported]);
      return;
    }
    case 'react-dom': {
      if (imp.defaultName) put(imp.defaultName, ReactDOM);
      if (imp.namespace) put(imp.namespace, ReactDOM);
      for (const n of imp.named) put(n.local, (ReactDOM as Record<string, unknown>)[n.imported]);
      return;
    }
    case 'icons': {
      for (const n of imp.named) put(n.local, sources.icons.get(n.imported));
      if (imp.namespace) put(imp.namespace, Object.fromEntries(sources.icons));
      return;
    }
    case 'project': {
      const base = importBasename(imp.source);
      if (imp.defaultName)
        put(imp.defaultName, sources.component(base) ?? sources.projectExports(imp.source)?.default);
      if (imp.namespace) put(imp.namespace, sources.projectExports(imp.source) ?? {});
      for (const n of imp.named) {
        put(n.local, sources.projectExports(imp.source)?.[n.imported] ?? sources.component(n.imported));
      }
      return;
    }
    case 'library': {
      const lib = sources.libraries.get(imp.source);
      if (imp.defaultName) put(imp.defaultName, lib ? (lib.default ?? lib) : undefined);
      if (imp.namespace) put(imp.namespace, lib);
      for (const n of imp.named) put(n.local, lib?.[n.imported]);
      return;
    }
  }
}

/**
 * Everything a module sees, in the order later entries win. `self` is the module's own component name: it is
 * not injected, so a module that defines nothing under its name (a draft that is only its imports so far)
 * does not fall back to exporting its own lazy wrapper — a component rendering itself without end, which
 * grows React's tree until the renderer runs out of memory. (A module's own function declaration shadows
 * the injected name anyway, so recursion inside a module is unaffected.)
 */
export function buildScope(
  compiled: CompiledModule,
  sources: ScopeSources,
  standIns: readonly string[],
  self: string | null = null,
): { scope: Map<string, unknown>; missing: string[] } {
  const scope = new Map<string, unknown>(Object.entries(REACT_SCOPE));
  scope.set('React', React);
  scope.set('__kiln_jsx', kilnJsx);
  scope.set('__kiln_Fragment', React.Fragment);
  // Next.js habits: `process.env.NEXT_PUBLIC_…` reads nothing instead of failing on `process`.
  scope.set('process', PROCESS);
  for (const name of sources.componentNames) if (name !== self) scope.set(name, sources.component(name));
  const missing: string[] = [];
  for (const imp of compiled.imports) bindImport(scope, imp, sources, missing);
  // An undefined name that is a lucide icon (used without importing it) gets the icon once it has loaded.
  for (const name of standIns) {
    // A name that exists now (a component generated since) is no longer stood in for.
    if (scope.get(name) === undefined) scope.set(name, sources.icons.get(name) ?? makeStandIn(name));
  }
  for (const key of [...scope.keys()]) if (!isIdentifier(key)) scope.delete(key);
  return { scope, missing };
}

interface CachedRun {
  names: string;
  values: unknown[];
  exports: Record<string, unknown>;
}

/** Keyed by the code string itself: the engine hands the same string object back, whose hash V8 keeps. */
const runCache = new Map<string, CachedRun>();

/**
 * Runs a compiled module body with a scope and returns its exports object; throws what the module throws.
 * The same code with the same scope values returns the same exports, so React keeps component state.
 */
export function runModule(
  code: string,
  scope: Map<string, unknown>,
  prepare?: (scopeNames: string, scopeValues: unknown[]) => PreparedRun | null,
): Record<string, unknown> {
  const names = [...scope.keys()];
  const values = [...scope.values()];
  const joined = names.join(',');
  const cached = runCache.get(code);
  if (
    cached &&
    cached.names === joined &&
    cached.values.length === values.length &&
    cached.values.every((v, i) => v === values[i])
  ) {
    return cached.exports;
  }
  const prepared = prepare?.(joined, values);
  let exports: Record<string, unknown>;
  if (!prepared) exports = run(code, names, values);
  else {
    // Unchanged functions taken from the module's last evaluation (runtime/reuse.ts).
    exports = run(
      prepared.code,
      [...names, ...prepared.scope.keys()],
      [...values, ...prepared.scope.values()],
    );
    const plain = prepared.finish(exports) ? null : prepared.plain();
    if (plain) {
      exports = run(plain.code, [...names, ...plain.scope.keys()], [...values, ...plain.scope.values()]);
      plain.finish(exports);
    }
  }
  runCache.delete(code);
  runCache.set(code, { names: joined, values, exports });
  if (runCache.size > 300) runCache.delete(runCache.keys().next().value as string);
  return exports;
}

function run(code: string, names: string[], values: unknown[]): Record<string, unknown> {
  const fn = new Function(...names, `return (function () {\n${code}\n})();`) as (
    ...args: unknown[]
  ) => unknown;
  const result = fn(...values);
  return result && typeof result === 'object' ? (result as Record<string, unknown>) : {};
}

/** The name in a "X is not defined" ReferenceError, or null. */
export function undefinedName(error: unknown): string | null {
  if (!(error instanceof ReferenceError)) return null;
  const m = /^(?:Can't find variable: )?([A-Za-z_$][\w$]*)(?: is not defined)?$/.exec(error.message);
  return m?.[1] && isIdentifier(m[1]) ? m[1] : null;
}
