/**
 * Names of modules (spec §2): the file-naming rule, route segments as lowercase hyphenated words, and
 * component names as PascalCase identifiers.
 * @module
 */

/** Files with these stems are named after their folder (or "Homepage" at the root). */
export const ROUTE_FILE_STEMS: readonly string[] = ['page', 'index', 'route'];

/** Folders a page, index or route file may sit in and still be "at the root path". */
const APP_ROOTS: readonly (readonly string[])[] = [
  ['apps', 'web', 'src', 'app'],
  ['apps', 'mobile', 'src', 'app'],
  ['src', 'app'],
  ['app'],
];

export const HOMEPAGE_NAME = 'Homepage';

/** `[id]`, `[...slug]`: a dynamic route folder. */
export function isBracketSegment(segment: string): boolean {
  return /^\[.*\]$/.test(segment);
}

/** `(tabs)`: a group folder, dropped from mobile routes. */
export function isGroupSegment(segment: string): boolean {
  return /^\(.*\)$/.test(segment);
}

/** Splits text into words at separators and camelCase boundaries ("todoItem-list" → todo, Item, list). */
export function splitWords(text: string): string[] {
  return text
    .replace(/['’]/g, '')
    .replace(/(\p{Ll}|\p{N})(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu}+)(\p{Lu}\p{Ll})/gu, '$1 $2')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0);
}

/** Words with their first letter capitalised, joined by spaces ("todo-item" → "Todo Item"). */
export function capitalizeWords(text: string): string {
  return splitWords(text)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/** A route segment: lowercase hyphenated ASCII words ("My Todos!" → "my-todos"); may be empty. */
export function toRouteSegment(words: string): string {
  const ascii = words.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  return splitWords(ascii)
    .map((w) => w.toLowerCase())
    .join('-')
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * A component's identifier from its name: PascalCase ASCII ("Todo Item" → "TodoItem"). Empty when the name
 * has no letters or digits; a leading digit gets a "Component" prefix so the result is a valid identifier.
 */
export function toComponentName(name: string): string {
  const ascii = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  const pascal = ascii
    .replace(/['’]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter((w) => w.length > 0)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');
  return /^[0-9]/.test(pascal) ? `Component${pascal}` : pascal;
}

/** Splits a path into its non-empty segments, accepting `\` and a leading `./` or `/`. */
export function pathSegments(filePath: string): string[] {
  return filePath
    .replace(/\\/g, '/')
    .split('/')
    .filter((s) => s.length > 0 && s !== '.');
}

/** The file name without its last extension ("page.tsx" → "page", "tailwind.config.js" → "tailwind.config"). */
export function fileStem(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(0, dot) : fileName;
}

/** Drops a leading app folder (`apps/web/src/app`, `apps/mobile/src/app`, `src/app`, `app`) from folders. */
export function stripAppRoot(dirs: readonly string[]): readonly string[] {
  for (const root of APP_ROOTS) {
    if (root.length <= dirs.length && root.every((s, i) => dirs[i] === s)) return dirs.slice(root.length);
  }
  return dirs;
}
