/**
 * How a module's export becomes a React element: function components are wrapped so a value React cannot
 * render fails with the spec's message (and, while generating, so does rendering nothing), async components
 * render their result once it resolves, and each module's default export renders through a refreshable type
 * that keeps state across edits (`hookSignature`). Every wrapper calls `useElementReuse` first (runtime/jsx.ts).
 * @module
 */

import { MESSAGES } from '@kiln/core/messages';
import {
  type ComponentType,
  createElement,
  isValidElement,
  type ReactNode,
  useEffect,
  useState,
} from 'react';
import { useElementReuse } from './jsx.ts';

/** Thrown when a module's export or a component's output cannot be rendered (spec §8). */
export const INVALID_NODE_MESSAGE = MESSAGES.invalidReactNode;

const checkedComponents = new WeakMap<object, unknown>();
const checkedWhileGenerating = new WeakMap<object, unknown>();

/**
 * Thrown while generating when a page renders nothing — typically code cut before its `return` — so the
 * boundary keeps the module's last good render instead of going blank. Never reported.
 */
export const EMPTY_WHILE_GENERATING = 'kiln: rendered nothing while generating';

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

export interface RefreshProps {
  impl: (props: unknown) => unknown;
  props: Record<string, unknown>;
}

/** The component type a module renders through (see `Engine.refreshType`): it runs the current code. */
export function refreshable(name: string, generating: boolean): ComponentType<RefreshProps> {
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

export function isAsyncFunction(fn: unknown): boolean {
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

export function elementFor(impl: unknown, props: Record<string, unknown>, generating = false): ReactNode {
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
