/**
 * @module What the worker does with a generation's modules besides storing them: the spec's Module fields
 * (withCustomAuth kept from codegen, pathSegment for the API), the custom-auth rule of spec §5 (auth pages only
 * with custom auth on, core `isModuleTypeAllowed`), and the paths changed in the last few revisions that
 * codegen's context budget sends first (`GenerateRequest.recentPaths`).
 */
import type { GenModule } from '@kiln/codegen';
import {
  filePathToRoute,
  isAuthPageModuleType,
  isModuleType,
  isModuleTypeAllowed,
  MESSAGES,
  moduleTypeFromPath,
} from '@kiln/core';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { Db } from '../db/index';
import { revisions, type StoredModule } from '../db/schema';

/** Revisions looked back over for `recentPaths`. */
export const RECENT_REVISIONS = 3;
/** At most this many recent paths are passed on (a first revision changes every file). */
const MAX_RECENT_PATHS = 20;

/**
 * The modules of a finished generation as stored: codegen's `withCustomAuth` is kept on the modules that have
 * it, and set on auth pages when the generation turned custom auth on (`done.withCustomAuth`).
 */
export function storedModules(modules: readonly GenModule[], withCustomAuth: boolean): StoredModule[] {
  return modules.map((m) => {
    const stored: StoredModule = { filePath: m.filePath, moduleType: m.moduleType, content: m.content };
    if (m.withCustomAuth || (withCustomAuth && isAuthPageModuleType(m.moduleType)))
      stored.withCustomAuth = true;
    return stored;
  });
}

/**
 * The first module a project may not have (spec §5, core `isModuleTypeAllowed`): an auth page without custom
 * auth, or a design-system page or component. A module carries custom auth when it says so, or when the
 * generation turned it on. Null when every module is allowed.
 */
export function disallowedModule(
  modules: readonly StoredModule[],
  withCustomAuth: boolean,
): { filePath: string; message: string } | null {
  for (const m of modules) {
    const moduleType = isModuleType(m.moduleType) ? m.moduleType : moduleTypeFromPath(m.filePath);
    if (!isModuleTypeAllowed(moduleType, { withCustomAuth: withCustomAuth || m.withCustomAuth === true })) {
      return { filePath: m.filePath, message: MESSAGES.moduleTypeNotAllowed(moduleType) };
    }
  }
  return null;
}

/**
 * The spec's Module `pathSegment`: the last segment of the route the module is served at (`pricing` for
 * `apps/web/src/app/pricing/page.tsx`, `[id]` for `…/todos/[id]/page.tsx`, `signin` for the Sign In page, the
 * function's own segment without `/api`), `""` for a root route, null for a module without a route.
 */
export function modulePathSegment(filePath: string): string | null {
  const route = filePathToRoute(filePath);
  if (route === null) return null;
  const segments = route.split('/').filter(Boolean);
  if (moduleTypeFromPath(filePath) === 'FUNCTION') segments.shift();
  return segments.at(-1) ?? '';
}

/**
 * Paths changed by the last `RECENT_REVISIONS` revisions before revision `beforeNumber` of a project, newest
 * first, among `current` (the paths the generation starts from). A revision's changes are the modules added
 * or edited against the one before it.
 */
export async function recentPaths(
  db: Db,
  projectId: string,
  beforeNumber: number,
  current: readonly { filePath: string }[],
): Promise<string[]> {
  const rows = await db
    .select({ modules: revisions.modules })
    .from(revisions)
    .where(and(eq(revisions.projectId, projectId), lt(revisions.number, beforeNumber)))
    .orderBy(desc(revisions.number))
    .limit(RECENT_REVISIONS + 1);
  const exists = new Set(current.map((m) => m.filePath));
  const paths: string[] = [];
  for (let i = 0; i < Math.min(rows.length, RECENT_REVISIONS); i++) {
    const before = new Map((rows[i + 1]?.modules ?? []).map((m) => [m.filePath, m.content]));
    for (const m of rows[i]?.modules ?? []) {
      if (before.get(m.filePath) === m.content || !exists.has(m.filePath) || paths.includes(m.filePath))
        continue;
      paths.push(m.filePath);
      if (paths.length >= MAX_RECENT_PATHS) return paths;
    }
  }
  return paths;
}
