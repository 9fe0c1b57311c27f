/**
 * The module sort order of spec §5: by type (PAGE, EXPO_PAGE, COMPONENT, FUNCTION, design-system component,
 * design-system page, the three auth pages, FILE); within a type, paths without `[bracket]` segments first,
 * then paths whose extension ends in x (.tsx, .jsx), then alphabetical.
 * @module
 */
import type { ModuleType } from './module-types';

/** Module types in sort order. */
export const MODULE_TYPE_SORT_ORDER = [
  'PAGE',
  'EXPO_PAGE',
  'COMPONENT',
  'FUNCTION',
  'DESIGN_SYSTEM_COMPONENT',
  'DESIGN_SYSTEM_PAGE',
  'AUTH_PAGE_SIGN_IN',
  'AUTH_PAGE_SIGN_UP',
  'AUTH_PAGE_LOGOUT',
  'FILE',
] as const satisfies readonly ModuleType[];

const TYPE_RANK: ReadonlyMap<ModuleType, number> = new Map(MODULE_TYPE_SORT_ORDER.map((t, i) => [t, i]));

function hasBracketSegment(filePath: string): boolean {
  return filePath.split('/').some((s) => s.startsWith('[') && s.endsWith(']'));
}

function hasXExtension(filePath: string): boolean {
  return /\.[^./]*x$/i.test(filePath);
}

function compareText(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

/**
 * Compares two modules in the spec's order. A total order: ties on every rule fall back to case-insensitive,
 * then exact code-unit order of the path, so only identical (type, path) pairs compare equal.
 */
export function compareModules(
  a: { moduleType: ModuleType; filePath: string },
  b: { moduleType: ModuleType; filePath: string },
): number {
  const byType = (TYPE_RANK.get(a.moduleType) ?? 0) - (TYPE_RANK.get(b.moduleType) ?? 0);
  if (byType !== 0) return byType;
  const byBracket = Number(hasBracketSegment(a.filePath)) - Number(hasBracketSegment(b.filePath));
  if (byBracket !== 0) return byBracket;
  const byX = Number(hasXExtension(b.filePath)) - Number(hasXExtension(a.filePath));
  if (byX !== 0) return byX;
  return (
    compareText(a.filePath.toLowerCase(), b.filePath.toLowerCase()) || compareText(a.filePath, b.filePath)
  );
}

/** Returns a new array of the modules in the spec's order; equal modules keep their input order. */
export function sortModules<T extends { moduleType: ModuleType; filePath: string }>(
  modules: readonly T[],
): T[] {
  return [...modules].sort(compareModules);
}
