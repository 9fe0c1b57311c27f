/**
 * The engine's record of one module of a load: which page or component it is, its compiled code or compile
 * error, its evaluation (exports or error) and the stand-ins it needed. Also which modules a load keeps
 * (pages of the preview's mode and components), the scope name of a component, and how an import source
 * finds its module.
 * @module
 */

import type { CompiledModule } from '../compile.ts';
import type { PreviewMode } from '../protocol.ts';
import type { ErrorData } from './error-data.ts';

export interface ModuleRecord {
  filePath: string;
  moduleType: string;
  /** Scope name of a component module; null for pages. */
  componentName: string | null;
  route: string | null;
  compiled?: CompiledModule;
  compileError?: ErrorData;
  exports?: Record<string, unknown>;
  evalError?: unknown;
  standIns: string[];
  evaluating?: boolean;
}

/** The module types that are pages, by preview mode. */
export const PAGE_TYPES: Record<PreviewMode, readonly string[]> = {
  web: ['PAGE', 'AUTH_PAGE_SIGN_IN', 'AUTH_PAGE_SIGN_UP', 'AUTH_PAGE_LOGOUT'],
  mobile: ['EXPO_PAGE'],
};
/** The client-side router packages whose `<Routes>` a page may hold (pages.ts, router-shims.tsx). */
export const ROUTER_PACKAGES: readonly string[] = ['react-router-dom', 'react-router'];

/** The module types that are components (rendered by name). */
export const COMPONENT_TYPES = ['COMPONENT', 'DESIGN_SYSTEM_COMPONENT'];

/** The scope name of a component module: its file name when that is an identifier, else its name in PascalCase. */
export function componentNameFor(m: { filePath: string; name: string }): string {
  const base =
    m.filePath
      .split('/')
      .pop()
      ?.replace(/\.[jt]sx?$/, '') ?? '';
  if (/^[A-Za-z_$][\w$]*$/.test(base) && base !== 'page' && base !== 'index') return base;
  return m.name
    .replace(/(?:^|[^A-Za-z0-9]+)([A-Za-z0-9])/g, (_a, c: string) => c.toUpperCase())
    .replace(/^\d+/, '');
}

/** The basename of an import source: `@/components/TodoItem` → `TodoItem`. */
export function importBasename(source: string): string {
  return (
    source
      .split('/')
      .pop()
      ?.replace(/\.[jt]sx?$/, '') ?? ''
  );
}

/** The module an import source points at by path (`@/components/TodoItem`, `../lib/format.ts`). */
export function findRecord<T extends { filePath: string }>(
  records: ReadonlyMap<string, T>,
  source: string,
): T | undefined {
  const wanted = source
    .replace(/^(?:@|~)\//, '')
    .replace(/^(?:\.\.?\/)+/, '')
    .replace(/\.[jt]sx?$/, '');
  for (const rec of records.values()) {
    const path = rec.filePath.replace(/\.[jt]sx?$/, '');
    if (path.endsWith(`/${wanted}`)) return rec;
  }
  return undefined;
}
