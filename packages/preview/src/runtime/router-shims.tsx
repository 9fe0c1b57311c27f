/**
 * @module
 * `react-router-dom` / `react-router` (the real npm packages, resolved like any package) bound to the runtime's
 * routing (spec §2 navigation). The preview's iframe URL is not the app's route, so a real `BrowserRouter`
 * would read the wrong location and navigate the iframe away. Instead:
 *
 * - The engine wraps every page of a revision that imports a router package in one `EngineRouter`: the
 *   package's own low-level `<Router>` whose location is the engine's route and whose navigator is the
 *   engine's `navigate` (so route changes are posted as `kiln:route`, `kiln:navigate` and the initial route
 *   reach the router, and a published app moves through the history as its file pages do).
 * - The page's own `BrowserRouter`, `HashRouter`, `MemoryRouter`, `Router` and `StaticRouter` render their
 *   children inside that router (a second router would throw). So hooks and `<Link>` work whether or not the
 *   generated code put a router around them — model code often calls `useNavigate()` without one.
 * - A route no page file serves is shown by the page holding the router (engine `currentPage`), as a
 *   single-page app with client-side routes expects.
 *
 * - Data routers: `createBrowserRouter` / `createHashRouter` make a memory router starting at the engine's route;
 *   its navigations go to the engine and the engine's route changes go to it (`RouterProvider`). A revision
 *   using `RouterProvider` gets no outer router (it brings its own).
 */
import {
  type ComponentType,
  createContext,
  createElement,
  Fragment,
  type ReactNode,
  useContext,
  useEffect,
} from 'react';
import { mobilePreviewTarget } from '../routes.ts';
import type { ShimHost } from './shim-host.ts';

/** Import sources bound to the engine's routing. */
export { ROUTER_PACKAGES } from './module-records.ts';

/** Router components replaced by a pass-through inside the engine's router. */
const ROUTER_COMPONENTS = ['BrowserRouter', 'HashRouter', 'MemoryRouter', 'Router', 'StaticRouter'] as const;

/** The export that brings its own router (data routers): with it, the engine adds none. */
export const DATA_ROUTER_EXPORT = 'RouterProvider';

/** The engine's current route (`/todos?x=1`), provided around the page so the router follows it. */
export const RouteContext = createContext('/');

/** The mobile-builder marker the mobile preview's routes carry (spec §2); not part of the app's path. */
const MOBILE_MARKER = /\/~~mobile-builder$/;

type To = string | { pathname?: string; search?: string; hash?: string };

/** The react-router `Navigator` shape (v6 and v7). */
interface Navigator {
  createHref(to: To): string;
  go(delta: number): void;
  push(to: To, state?: unknown): void;
  replace(to: To, state?: unknown): void;
}

interface RouterProps {
  location: { pathname: string; search: string; hash: string; state: unknown; key: string };
  navigator: Navigator;
  navigationType?: 'POP' | 'PUSH' | 'REPLACE';
  children?: ReactNode;
}

function createPath(to: To): string {
  if (typeof to === 'string') return to;
  const search =
    to.search && to.search !== '?' ? (to.search.startsWith('?') ? to.search : `?${to.search}`) : '';
  const hash = to.hash && to.hash !== '#' ? (to.hash.startsWith('#') ? to.hash : `#${to.hash}`) : '';
  return `${to.pathname ?? '/'}${search}${hash}`;
}

/**
 * Binds one router package's namespace to the engine: its router components pass through, and
 * `EngineRouter` is added for the engine to put around the page. Returns it unchanged when it has no low-level
 * `Router` (not a react-router build this binding knows).
 */
export function bindRouterLibrary(engine: ShimHost, lib: Record<string, unknown>): Record<string, unknown> {
  const router = lib.Router as ComponentType<RouterProps> | undefined;
  const inRouter = lib.useInRouterContext as (() => boolean) | undefined;
  if (typeof router !== 'function' || typeof inRouter !== 'function') return lib;
  const Router: ComponentType<RouterProps> = router;
  const useInRouterContext: () => boolean = inRouter;

  // `navigate(to, { state })` keeps its state for the route it went to (the engine keeps routes only).
  let pending: { route: string; state: unknown } | null = null;
  const go = (to: To, state: unknown, push: boolean) => {
    const path = createPath(to);
    const target = engine.mode === 'mobile' ? (mobilePreviewTarget(path) ?? path) : path;
    pending = { route: target.split('#')[0] ?? target, state: state ?? null };
    engine.navigate(target, { push, notify: true });
  };
  const navigator: Navigator = {
    createHref: createPath,
    go: (delta) => {
      if (delta < 0) for (let i = 0; i < -delta; i++) engine.back();
      else if (delta > 0 && engine.kind === 'app') history.go(delta);
    },
    push: (to, state) => go(to, state, true),
    replace: (to, state) => go(to, state, false),
  };

  function EngineRouter({ children }: { children?: ReactNode }) {
    const route = useContext(RouteContext);
    const [pathAndQuery = '/'] = route.split('#');
    const queryAt = pathAndQuery.indexOf('?');
    const path = queryAt < 0 ? pathAndQuery : pathAndQuery.slice(0, queryAt);
    const location = {
      pathname: path.replace(MOBILE_MARKER, '') || '/',
      search: queryAt < 0 ? '' : pathAndQuery.slice(queryAt),
      hash: '',
      state: pending?.route === pathAndQuery ? pending.state : null,
      key: pathAndQuery,
    };
    return createElement(Router, { location, navigator, navigationType: 'PUSH' }, children);
  }

  /** A router in generated code: its children, inside the engine's router (one is always around the page). */
  const passThrough = (name: string) => {
    const Bound = (props: { children?: ReactNode }) =>
      createElement(useInRouterContext() ? Fragment : EngineRouter, null, props.children);
    Object.defineProperty(Bound, 'name', { value: name });
    return Bound;
  };

  const bound: Record<string, unknown> = { ...lib, EngineRouter };
  for (const name of ROUTER_COMPONENTS) if (lib[name]) bound[name] = passThrough(name);
  Object.assign(bound, bindDataRouters(engine, lib));
  return bound;
}

/** The engine's router of a bound package namespace, if it has one. */
export function engineRouterOf(lib: Record<string, unknown> | undefined): ComponentType<{
  children?: ReactNode;
}> | null {
  const router = lib?.EngineRouter;
  return typeof router === 'function' ? (router as ComponentType<{ children?: ReactNode }>) : null;
}

/** What the binding needs of a data router (`createMemoryRouter`'s result). */
interface DataRouter {
  state: { location: { pathname: string; search: string; hash: string }; historyAction: string };
  subscribe(fn: (state: DataRouter['state']) => void): () => void;
  navigate(to: string): Promise<void> | void;
}

/** `createBrowserRouter`/`createHashRouter` as memory routers tied to the engine, and a `RouterProvider` that syncs. */
function bindDataRouters(engine: ShimHost, lib: Record<string, unknown>): Record<string, unknown> {
  const createMemoryRouter = lib.createMemoryRouter as
    | ((routes: unknown, opts?: Record<string, unknown>) => DataRouter)
    | undefined;
  const provider = lib.RouterProvider as ComponentType<{ router: DataRouter }> | undefined;
  if (typeof createMemoryRouter !== 'function' || typeof provider !== 'function') return {};
  const Provider: ComponentType<{ router: DataRouter }> = provider;
  const routeOf = (l: DataRouter['state']['location']) => `${l.pathname}${l.search}`;
  const create = (routes: unknown, opts: Record<string, unknown> = {}) => {
    const { window: _window, basename: _basename, ...rest } = opts;
    const router = createMemoryRouter(routes, {
      ...rest,
      initialEntries: [engine.route.split('#')[0] || '/'],
    });
    router.subscribe((state) => {
      const to = routeOf(state.location);
      const [current = '/'] = engine.route.split('#');
      if (to !== current || state.location.hash) {
        engine.navigate(`${to}${state.location.hash}`, {
          push: state.historyAction !== 'REPLACE',
          notify: to !== current,
        });
      }
    });
    return router;
  };
  function RouterProvider(props: { router: DataRouter }) {
    const route = useContext(RouteContext);
    const { router } = props;
    // The builder's address field, the back stack or the history moved the engine: move the router too.
    useEffect(() => {
      const [wanted = '/'] = route.split('#');
      if (routeOf(router.state.location) !== wanted) void router.navigate(wanted);
    }, [route, router]);
    return createElement(Provider, props);
  }
  return { createBrowserRouter: create, createHashRouter: create, RouterProvider };
}
