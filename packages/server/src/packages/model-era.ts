/**
 * @module The major versions models write. Models learnt a package's API as it was when they were trained; when
 * its newest major has since removed that API, an import that names no version (`@tanstack/react-table`) is
 * resolved within the major models know (`8`, the newest 8.x) instead of `latest` (9.x, which no longer has
 * the `useReactTable` every model writes). An import that names a version or range (`@tanstack/react-table@9`)
 * gets what it names, and a revision's lock record keeps whatever version was resolved, so the table only
 * decides the first resolution of a revision.
 *
 * Why a table and not a guess from the imported names: a guess needs to know every major's exports, and an
 * import list that fits two majors (`flexRender`, `createColumnHelper` are in both) still cannot say which one
 * the component's calls were written for. A short reviewed table is predictable; an entry is added when a
 * corpus component written the usual way fails on the newest major, with the reason next to it.
 */

/** Package name → the range resolved when the import names none. */
export const MODEL_ERA_RANGES: Readonly<Record<string, string>> = Object.freeze({
  // v9 (August 2026) no longer has the `useReactTable` every model writes (a v8 component renders nothing).
  '@tanstack/react-table': '8',
  // v4 (May 2026) renamed `PanelGroup` → `Group` and `PanelResizeHandle` → `Separator`; models write v2/v3's.
  'react-resizable-panels': '3',
});

/** The range for an import that names no version: the model-era major when the table has one, else `latest`. */
export function defaultRange(name: string): string {
  return MODEL_ERA_RANGES[name] ?? 'latest';
}
