/**
 * @module
 * The JSX factory generated code is compiled against (`__kiln_jsx`). It is React.createElement, except that
 * an unknown lowercase tag (`<foo>`, which a model sometimes invents) renders as a fragment of its children
 * (spec §5 cleaning rule), instead of an unknown DOM element with stray attributes, and an image without a
 * real source gets the placeholder URL (spec §2).
 */
import {
  createElement,
  Fragment,
  type ReactElement,
  type ReactNode,
  useInsertionEffect,
  useRef,
} from 'react';
import { isImageType, withImageSource } from './images.ts';

const HTML =
  'a abbr address area article aside audio b base bdi bdo blockquote body br button canvas caption cite code col colgroup data datalist dd del details dfn dialog div dl dt em embed fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 head header hgroup hr html i iframe img input ins kbd label legend li link main map mark menu meta meter nav noscript object ol optgroup option output p param picture pre progress q rp rt ruby s samp script search section select slot small source span strong style sub summary sup table tbody td template textarea tfoot th thead time title tr track u ul var video wbr center font marquee big strike tt';
const SVG =
  'svg animate animateMotion animateTransform circle clipPath defs desc ellipse feBlend feColorMatrix feComponentTransfer feComposite feConvolveMatrix feDiffuseLighting feDisplacementMap feDistantLight feDropShadow feFlood feFuncA feFuncB feFuncG feFuncR feGaussianBlur feImage feMerge feMergeNode feMorphology feOffset fePointLight feSpecularLighting feSpotLight feTile feTurbulence filter foreignObject g image line linearGradient marker mask metadata mpath path pattern polygon polyline radialGradient rect set stop switch symbol text textPath tspan use view math';

const KNOWN_TAGS = new Set([...HTML.split(' '), ...SVG.split(' ')]);

/** True for tags React should render as DOM elements: known HTML/SVG tags and custom elements (`my-el`). */
export function isKnownTag(tag: string): boolean {
  return KNOWN_TAGS.has(tag) || tag.includes('-') || !/^[a-z]/.test(tag);
}

/**
 * Element reuse (a runtime form of React Compiler's JSX memoisation, limited to what cannot change meaning).
 * While a project component renders through one of the engine's wrappers, each instance with its own cache
 * (`useElementReuse`), each element of a pure type — a DOM tag (not `img`, whose source depends on the
 * project's files), a fragment, a lucide icon — is compared with the element the same instance made at the same
 * position of its previous render (the n-th `__kiln_jsx` call). When the type, every prop and every child are
 * the same values (arrays of children compared item by item), the previous element object is returned instead of
 * a new one, and React skips that whole subtree: it bails out of a fiber whose props object is unchanged. Such a
 * subtree holds only DOM elements, text and icons, which render the same from the same props, so nothing can
 * differ; a child that is a component element is new on every render and stops the reuse above it.
 *
 * Event handlers (`onClick={() => remove(todo.id)}`, a new function on every render) would stop nearly every
 * row of a list from being reused, so a DOM element's `on…` props are handed to React as trampolines, one per
 * instance, position and prop, that call the newest handler: two elements that differ only in their handlers
 * are the same to React, as they are to the person clicking. The newest handlers take over when React commits
 * the render that made them (an insertion effect of the instance), as React itself switches a DOM node's props;
 * a render React throws away never reaches them. What this saves: a page edit or a state change re-renders the
 * page, and its static markup and unchanged rows are no longer rendered, diffed and committed again
 * (bench/preview-update.ts).
 */
export interface ElementCache {
  at: number;
  entries: (CachedElement | undefined)[];
  /** Handlers this render gave its trampolines, applied when it commits. */
  pending: [HandlerBox, unknown][];
}

interface CachedElement {
  type: unknown;
  props: Record<string, unknown> | null;
  children: unknown[];
  element: ReactElement;
  /** Trampolines of this position's DOM event handlers, by prop name. */
  handlers?: Record<string, HandlerBox>;
}

/** A stable function (`call`) that calls the current handler. */
interface HandlerBox {
  current: unknown;
  call: (...args: unknown[]) => unknown;
}

/** The most elements one component's render keeps for reuse. */
const MAX_CACHED_ELEMENTS = 4000;

let reuse: ElementCache | null = null;
const pureTypes = new WeakSet<object>();

/** A cache for one component instance: see `ElementCache`. */
export function newElementCache(): ElementCache {
  return { at: 0, entries: [], pending: [] };
}

/**
 * Runs `render` (one render of generated code) with the element cache of the component instance being rendered.
 * A hook: the engine's wrappers call it first, before the generated code's own hooks. The render's handlers
 * take over when it commits.
 */
export function useElementReuse<T>(render: () => T): T {
  const ref = useRef<ElementCache | null>(null);
  ref.current ??= newElementCache();
  const cache = ref.current;
  const pending: [HandlerBox, unknown][] = [];
  cache.pending = pending;
  useInsertionEffect(() => commitHandlers(pending));
  return withElementReuse(cache, render);
}

/** Points each trampoline of a committed render at its newest handler. */
export function commitHandlers(pending: [HandlerBox, unknown][]): void {
  for (const [box, handler] of pending) box.current = handler;
}

/** Marks a component as a pure function of its props (lucide icons), so its elements may be reused. */
export function markPureComponent(type: unknown): void {
  if (typeof type === 'function' || (typeof type === 'object' && type !== null)) pureTypes.add(type);
}

/** Runs one render of generated code with `cache` as its element cache (calls in order from the start). */
export function withElementReuse<T>(cache: ElementCache, render: () => T): T {
  const outer = reuse;
  const at = cache.at;
  reuse = cache;
  cache.at = 0;
  try {
    return render();
  } finally {
    reuse = outer;
    if (outer === cache) cache.at = at;
  }
}

function isPureType(type: unknown): boolean {
  if (typeof type === 'string') return type !== 'img' && isKnownTag(type);
  if (type === Fragment) return true;
  return (typeof type === 'function' || (typeof type === 'object' && type !== null)) && pureTypes.has(type);
}

/** A DOM element's event handler prop (`onClick`, `onChange`…) holding a function. */
function isHandler(type: unknown, key: string, value: unknown): boolean {
  return (
    typeof type === 'string' &&
    typeof value === 'function' &&
    key.length > 2 &&
    key.charCodeAt(0) === 111 /* o */ &&
    key.charCodeAt(1) === 110 /* n */ &&
    key.charCodeAt(2) >= 65 &&
    key.charCodeAt(2) <= 90
  );
}

function sameProps(
  type: unknown,
  a: Record<string, unknown> | null,
  b: Record<string, unknown> | null,
): boolean {
  if (a === b) return true;
  if (a === null || b === null) return false;
  let n = 0;
  for (const key in b) {
    if (!(key in a)) return false;
    const x = a[key];
    const y = b[key];
    if (!Object.is(x, y) && !(isHandler(type, key, y) && typeof x === 'function')) return false;
    n++;
  }
  for (const _ in a) n--;
  return n === 0;
}

function sameChildren(a: unknown[], b: unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (Object.is(x, y)) continue;
    if (!Array.isArray(x) || !Array.isArray(y) || x.length !== y.length) return false;
    for (let j = 0; j < x.length; j++) if (!Object.is(x[j], y[j])) return false;
  }
  return true;
}

function keptChildren(children: unknown[]): unknown[] | null {
  const kept = children.slice();
  for (let i = 0; i < kept.length; i++) {
    const c = kept[i];
    if (c instanceof Date) return null;
    if (Array.isArray(c)) kept[i] = c.slice();
  }
  return kept;
}

function newHandlerBox(handler: unknown): HandlerBox {
  const box: HandlerBox = {
    current: handler,
    call(this: unknown, ...args: unknown[]) {
      return typeof box.current === 'function' ? box.current.apply(this, args) : undefined;
    },
  };
  return box;
}

/**
 * `props` with each DOM event handler replaced by this position's trampoline (made on first use, then kept);
 * the handlers go to `cache.pending`. Returns `props` itself when it has no handler.
 */
function withHandlers(
  cache: ElementCache,
  type: unknown,
  props: Record<string, unknown> | null,
  entry: CachedElement | undefined,
): { props: Record<string, unknown> | null; handlers?: Record<string, HandlerBox> } {
  if (props === null || typeof type !== 'string') return { props };
  let out: Record<string, unknown> | null = null;
  let handlers: Record<string, HandlerBox> | undefined;
  for (const key in props) {
    const value = props[key];
    if (!isHandler(type, key, value)) continue;
    out ??= { ...props };
    handlers ??= {};
    let box = entry?.handlers?.[key];
    // A new trampoline belongs to an element not yet in the DOM: it may call its handler at once.
    if (box) cache.pending.push([box, value]);
    else box = newHandlerBox(value);
    handlers[key] = box;
    out[key] = box.call;
  }
  return out ? { props: out, handlers } : { props };
}

/** `React.createElement` with unknown lowercase tags turned into fragments. */
export function kilnJsx(type: unknown, props: Record<string, unknown> | null, ...children: unknown[]) {
  const cache = reuse;
  if (cache !== null && isPureType(type)) {
    const at = cache.at++;
    const hit = cache.entries[at];
    if (
      hit !== undefined &&
      hit.type === type &&
      sameProps(type, hit.props, props) &&
      sameChildren(hit.children, children)
    ) {
      if (hit.handlers && props)
        for (const key in hit.handlers) cache.pending.push([hit.handlers[key] as HandlerBox, props[key]]);
      return hit.element;
    }
    // Children are kept as they were passed, arrays copied (a list may be mutated and passed again); an
    // element with a Date child (mutable, shown as text) is never reused.
    const kept = at < MAX_CACHED_ELEMENTS ? keptChildren(children) : null;
    if (!kept) {
      cache.entries[at] = undefined;
      return createJsx(type, props, children);
    }
    const given = withHandlers(cache, type, props, hit);
    const element = createJsx(type, given.props, children);
    cache.entries[at] = { type, props, children: kept, element, handlers: given.handlers };
    return element;
  }
  return createJsx(type, props, children);
}

function createJsx(type: unknown, props: Record<string, unknown> | null, children: unknown[]): ReactElement {
  // The common case first: a known DOM tag (not an image) needs nothing but the Date check below.
  if (typeof type === 'string') {
    if (type === 'img') props = withImageSource(type, props);
    else if (!isKnownTag(type)) {
      const key = props && 'key' in props ? (props.key as string) : undefined;
      return createElement(
        Fragment,
        key === undefined ? null : { key },
        ...(children as ReactNode[]),
      ) as ReactElement;
    }
  } else if (isImageType(type)) {
    // Images without a real source show Kiln's placeholder for their alt text (runtime/images.ts).
    props = withImageSource(type, props);
  }
  // A Date as a child (`Member since {user.joined}`) would fail the whole render; show it as text.
  for (let i = 0; i < children.length; i++) {
    const child = children[i];
    if (child instanceof Date) children[i] = child.toLocaleDateString();
  }
  // biome-ignore lint/suspicious/noExplicitAny: the factory forwards whatever the generated code passed.
  return createElement(type as any, props, ...(children as ReactNode[])) as ReactElement;
}
