/**
 * @module Which project import no module provides. A page importing `@/components/PricingTable` that was never
 * written would otherwise render the evaluator's stand-in (nothing), and the code would look fine with a part of
 * the page silently missing; the runtime and the server's code check report it instead (core
 * `MESSAGES.missingProjectModule`). Library stand-ins (`@/components/ui/*`, `@/lib/utils`, the sign-in hooks)
 * still answer for imports the project does not have.
 */
import { builtinProjectSource } from './catalogue.ts';
import type { ModuleImport } from './clean.ts';

const EXTENSION = /\.[jt]sx?$/;

/** The path an import source names inside the project, without prefix or extension: `components/Header`. */
function wantedPath(source: string): string {
  return source
    .replace(/^(?:@|~)\//, '')
    .replace(/^\/+/, '')
    .replace(/^(?:\.\.?\/)+/, '')
    .replace(EXTENSION, '');
}

/** True when one of `filePaths` is the module `source` points at (by path, as an index, or by file name). */
export function projectModuleExists(source: string, filePaths: readonly string[]): boolean {
  if (builtinProjectSource(source)) return true;
  const wanted = wantedPath(source);
  if (!wanted) return true;
  const base = wanted.split('/').pop() ?? wanted;
  return filePaths.some((filePath) => {
    const path = filePath.replace(EXTENSION, '');
    return (
      path === wanted ||
      path.endsWith(`/${wanted}`) ||
      path.endsWith(`/${wanted}/index`) ||
      // The runtime also resolves a component by its file name wherever it lives (`@/components/Header` →
      // `components/layout/Header.tsx`), so that is not missing either.
      path.split('/').pop() === base
    );
  });
}

/**
 * The first project import of a module that no module of the project provides: the name it binds (the
 * default import, else the first named or namespace one) and its source. Imports that bind nothing
 * (`import './globals.css'`) are left alone. Null when every project import resolves.
 */
export function missingProjectImport(
  imports: readonly ModuleImport[],
  filePaths: readonly string[],
): { name: string; source: string } | null {
  for (const imp of imports) {
    if (imp.kind !== 'project') continue;
    const name = imp.defaultName ?? imp.named[0]?.local ?? imp.namespace;
    if (!name || /\.(css|scss|json|svg|png|jpe?g)$/.test(imp.source)) continue;
    if (!projectModuleExists(imp.source, filePaths)) return { name, source: imp.source };
  }
  return null;
}
