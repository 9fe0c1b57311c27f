/**
 * @module
 * Stable component types for a module's own components, as Vite's Fast Refresh keeps them. A page usually
 * declares helper components beside its default export (`function StatCard() {…}` used as `<StatCard />`).
 * Every evaluation of an edited module makes new functions, so React would see a new component type for
 * each of them and unmount and rebuild their DOM (and lose their state) on every edit. Here such a function
 * is rebound, at the end of the module body, to a forwarder that is the same for the file, name and the
 * module's hook calls (`hookSignature`), and that calls the newest code: React diffs instead of rebuilding.
 *
 * Only top-level `function Name(` declarations that the module renders as JSX and never mentions otherwise
 * (no call, `Name.x`, `new Name`, reassignment, `map(Name)`) are rebound, and never the module's default export (the engine's
 * `refreshType` handles that one). The compiled code's contract (docs/contracts.md §2) is unchanged: this
 * rewrites the body the runtime evaluates, and lines and positions of the module's code stay where they were.
 */

import { useElementReuse } from './jsx.ts';

/** Scope name of the function that returns the forwarder of a local component. */
export const LOCAL_BINDING = '__kiln_local';
/** Scope name of the function that records a run's local components against its exports object. */
export const LOCALS_RECORD = '__kiln_locals';

const rewritten = new Map<string, string>();

/**
 * The compiled body with its local components rebound to forwarders, or the same string when it has
 * none. Cached by code, so the same compiled code yields the same string (and evaluation cache hits).
 */
export function withLocalRefresh(code: string): string {
  let out = rewritten.get(code);
  if (out !== undefined) return out;
  out = rewrite(code);
  rewritten.set(code, out);
  if (rewritten.size > 300) rewritten.delete(rewritten.keys().next().value as string);
  return out;
}

function rewrite(code: string): string {
  const at = code.lastIndexOf('\nreturn { default: ');
  if (at < 0) return code;
  const body = code.slice(0, at);
  const tail = code.slice(at + 1);
  const end = tail.indexOf('\n');
  const ret = end < 0 ? tail : tail.slice(0, end);
  if (!ret.endsWith('};')) return code;
  // The default export's expression: up to the first named export (`, "name": …`) or the end.
  const named = ret.indexOf(', "');
  const defaultPart = named < 0 ? ret : ret.slice(0, named);
  // Candidates: top-level function declarations the module uses only as JSX types — every other mention of
  // the name (a call, `map(Name)`, `Name.x`, `new Name`, an assignment, an object key) keeps it as it is. So
  // React always calls a forwarder as a component, and it may have hooks (its element cache, runtime/jsx.ts).
  const rendered = new Map<string, number>();
  for (const m of body.matchAll(/__kiln_jsx\(\s*([A-Z][\w$]*)\s*[,)]/g)) {
    rendered.set(m[1] as string, (rendered.get(m[1] as string) ?? 0) + 1);
  }
  if (rendered.size === 0) return code;
  const mentions = new Map<string, number>();
  for (const m of body.matchAll(/(?<![\w$.])([A-Z][\w$]*)(?![\w$])/g)) {
    if (rendered.has(m[1] as string)) mentions.set(m[1] as string, (mentions.get(m[1] as string) ?? 0) + 1);
  }
  const names: string[] = [];
  for (const m of body.matchAll(/^function ([A-Z][\w$]*)\s*\(/gm)) {
    const name = m[1] as string;
    const uses = rendered.get(name);
    if (uses === undefined || mentions.get(name) !== uses + 1 || names.includes(name)) continue;
    if (new RegExp(`(?<![\\w$])${name.replace(/\$/g, '\\$')}(?![\\w$])`).test(defaultPart)) continue;
    names.push(name);
  }
  if (names.length === 0) return code;
  // Each entry reads the raw function, then rebinds the name to its forwarder; a name that turns out not
  // to be a function of this module (a declaration inside a block or a string) is left alone.
  const entries = names.map((n) => {
    const q = JSON.stringify(n);
    return `typeof ${n} === 'function' ? [${q}, ${n}, ${n} = ${LOCAL_BINDING}(${q}, ${n})] : null`;
  });
  // `return { … };` becomes `return __kiln_locals([…], { … });`: the record is kept against the exports
  // object, which a cached evaluation returns again.
  const exportsObject = ret.slice('return '.length, -1);
  return `${body}\nreturn ${LOCALS_RECORD}([${entries.join(', ')}], ${exportsObject});${end < 0 ? '' : tail.slice(end)}`;
}

/** A local component's raw function and the binding the module's code now holds (its forwarder). */
export type LocalEntry = [name: string, impl: unknown, bound: unknown];

const localsOf = new WeakMap<object, LocalEntry[]>();

/** `__kiln_locals`: remembers a run's local components against the exports object it returns. */
export function recordLocals(
  entries: LocalEntry[],
  exports: Record<string, unknown>,
): Record<string, unknown> {
  localsOf.set(exports, entries);
  return exports;
}

/** The local components a run of a module returned `exports` from (none for a module without any). */
export function moduleLocals(exports: object): readonly LocalEntry[] {
  return localsOf.get(exports) ?? [];
}

const targets = new WeakMap<object, { current: (...args: unknown[]) => unknown }>();

/** A component that calls whatever `setForwarderTarget` last gave it. */
export function makeForwarder(name: string, impl: (...args: unknown[]) => unknown): unknown {
  const target = { current: impl };
  // React calls a forwarder as a component (the module uses the name only as a JSX type, see `rewrite`), so it
  // may have hooks of its own: its element cache, first (runtime/jsx.ts).
  const Forwarder = function (this: unknown, ...args: unknown[]) {
    return useElementReuse(() => target.current.apply(this, args));
  };
  Object.defineProperty(Forwarder, 'name', { value: name });
  targets.set(Forwarder, target);
  return Forwarder;
}

/** Points a forwarder at new code; false when `bound` is not a forwarder (e.g. bound while generating). */
export function setForwarderTarget(bound: unknown, impl: unknown): boolean {
  const target = typeof bound === 'function' ? targets.get(bound) : undefined;
  if (!target || typeof impl !== 'function') return false;
  target.current = impl as (...args: unknown[]) => unknown;
  return true;
}
