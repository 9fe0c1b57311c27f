/**
 * Which page module a route shows: a page file by its route (exact before dynamic), else the page holding a
 * client-side router; and the router the engine puts around the page for revisions that use react-router.
 * Pure functions of the load's records.
 * @module
 */

import type { ComponentType, ReactNode } from 'react';
import { matchRoute } from '../routes.ts';
import type { ModuleRecord } from './module-records.ts';
import { DATA_ROUTER_EXPORT, engineRouterOf, ROUTER_PACKAGES } from './router-shims.tsx';

/**
 * The page for `route`, or null (404). A route no page file serves belongs to the page holding a client-side
 * router (react-router's `<Routes>`), the one nearest the root, when the revision has one.
 */
export function pageFor(
  pages: readonly { route: string; filePath: string }[],
  records: ReadonlyMap<string, ModuleRecord>,
  route: string,
): { filePath: string; params: Record<string, string> } | null {
  const m = matchRoute(pages, route);
  if (m) return { filePath: m.page.filePath, params: m.params };
  const holder = pages
    .filter((p) => importsRouter(records.get(p.filePath)))
    .sort((a, b) => a.route.length - b.route.length)[0];
  return holder ? { filePath: holder.filePath, params: {} } : null;
}

function importsRouter(rec: ModuleRecord | undefined): boolean {
  return !!rec?.compiled?.imports.some(
    (imp) => imp.kind === 'library' && ROUTER_PACKAGES.includes(imp.source),
  );
}

/**
 * The router put around the page when any module of the revision imports react-router (so its hooks work
 * without a router in the code); none when the revision brings a data router (`RouterProvider`).
 */
export function pageRouterFor(
  records: ReadonlyMap<string, ModuleRecord>,
  libraries: ReadonlyMap<string, Record<string, unknown>>,
): ComponentType<{ children?: ReactNode }> | null {
  let router: ComponentType<{ children?: ReactNode }> | null = null;
  for (const rec of records.values()) {
    for (const imp of rec.compiled?.imports ?? []) {
      if (imp.kind !== 'library' || !ROUTER_PACKAGES.includes(imp.source)) continue;
      if (imp.named.some((n) => n.imported === DATA_ROUTER_EXPORT)) return null;
      router ??= engineRouterOf(libraries.get(imp.source));
    }
  }
  return router;
}
