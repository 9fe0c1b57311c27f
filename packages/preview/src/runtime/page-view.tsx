/**
 * What the engine renders for the current route: the page's module inside its boundary (and the router a
 * revision using react-router needs), or a 404 when no page serves the route. It knows the engine only as a
 * `PageHost`.
 * @module
 */

import { type ComponentType, type ReactNode, useEffect } from 'react';
import { normalizeRoute } from '../routes.ts';
import { type BoundaryHost, ModuleBoundary } from './boundary.tsx';

/** What the page view needs from the engine (the Engine implements it). */
export interface PageHost extends BoundaryHost {
  /** The page for the current route, or null (404). */
  currentPage(): { filePath: string; params: Record<string, string> } | null;
  hasPages(): boolean;
  /** The router put around the page when the revision imports react-router, else null. */
  pageRouter(): ComponentType<{ children?: ReactNode }> | null;
  /** Posts `kiln:rendered` once the revision's page rendered with no module failing. */
  checkRendered(): void;
}

export function PageView({ engine, seq, route }: { engine: PageHost; seq: number; route: string }) {
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
