/**
 * The generated-app file layout (spec §2, docs/contracts.md §1): module type → default file path, file
 * path → module type and route, route → file path, and the path validation rule of §5.
 * @module
 */
import { KilnError } from './errors';
import { MESSAGES } from './messages';
import {
  capitalizeWords,
  fileStem,
  HOMEPAGE_NAME,
  isBracketSegment,
  isGroupSegment,
  pathSegments,
  ROUTE_FILE_STEMS,
  stripAppRoot,
  toComponentName,
  toRouteSegment,
} from './module-names';
import { type AuthPageModuleType, DEFAULT_NAMES, defaultModuleName, type ModuleType } from './module-types';

/** Known source directories of a generated app. */
export const SOURCE_DIRECTORIES = ['apps/web/src/', 'apps/mobile/src/'] as const;
/** Extensions a module file may have. */
export const MODULE_EXTENSIONS = ['.js', '.ts', '.jsx', '.tsx'] as const;
export type ModuleExtension = (typeof MODULE_EXTENSIONS)[number];

/** Folders of the layout, without trailing slash. */
export const LAYOUT = Object.freeze({
  webApp: 'apps/web/src/app',
  mobileApp: 'apps/mobile/src/app',
  api: 'apps/web/src/app/api',
  components: 'apps/web/src/components',
  designSystem: 'apps/web/src/design-system',
  designSystemComponents: 'apps/web/src/design-system/components',
  /** The default account folder of the auth pages. */
  account: 'apps/web/src/app/account',
} as const);

/** Default file paths of the three auth pages. */
export const AUTH_PAGE_PATHS = Object.freeze({
  AUTH_PAGE_SIGN_IN: 'apps/web/src/app/account/signin/page.tsx',
  AUTH_PAGE_SIGN_UP: 'apps/web/src/app/account/signup/page.tsx',
  AUTH_PAGE_LOGOUT: 'apps/web/src/app/account/logout/page.tsx',
} as const);

/** Routes of the three auth pages at their default paths. */
export const AUTH_PAGE_ROUTES = Object.freeze({
  AUTH_PAGE_SIGN_IN: '/account/signin',
  AUTH_PAGE_SIGN_UP: '/account/signup',
  AUTH_PAGE_LOGOUT: '/account/logout',
} as const);

const AUTH_PAGE_BY_PATH: ReadonlyMap<string, AuthPageModuleType> = new Map(
  (Object.entries(AUTH_PAGE_PATHS) as [AuthPageModuleType, string][]).map(([t, path]) => [path, t]),
);

/** The `/api` prefix functions are served under. */
export const FUNCTION_ROUTE_PREFIX = '/api';

const HOMEPAGE_SEGMENT = 'homepage';

function splitDir(segments: readonly string[], dir: string): string[] | null {
  const prefix = dir.split('/');
  if (segments.length < prefix.length || !prefix.every((s, i) => segments[i] === s)) return null;
  return segments.slice(prefix.length);
}

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot) : '';
}

/** Whether a file name ends in .js, .ts, .jsx or .tsx (with a non-empty stem). */
export function hasModuleExtension(filePath: string): boolean {
  const fileName = pathSegments(filePath).at(-1) ?? '';
  return (MODULE_EXTENSIONS as readonly string[]).includes(extensionOf(fileName));
}

/** Whether a path lies inside a known source directory (no `..` escapes, no leading `/`). */
export function isInSourceDirectory(filePath: string): boolean {
  if (filePath.includes('\\') || filePath.split('/').includes('..')) return false;
  return SOURCE_DIRECTORIES.some((dir) => filePath.startsWith(dir) && filePath.length > dir.length);
}

/** Whether a module path is valid: in a known source directory and with a js/ts/jsx/tsx extension. */
export function isValidModulePath(filePath: string): boolean {
  return isInSourceDirectory(filePath) && hasModuleExtension(filePath);
}

/** Throws `KilnError('validation')` with the catalogue message when a module path is not valid. */
export function validateModulePath(filePath: string): void {
  if (!isInSourceDirectory(filePath)) {
    throw new KilnError('validation', MESSAGES.pathNotInSourceDir(filePath), { filePath });
  }
  if (!hasModuleExtension(filePath)) {
    throw new KilnError('validation', MESSAGES.pathBadExtension(filePath), { filePath });
  }
}

/** Infers a module type from its path in the layout; anything outside the layout is a FILE. */
export function moduleTypeFromPath(filePath: string): ModuleType {
  const segments = pathSegments(filePath);
  const fileName = segments.at(-1);
  if (fileName === undefined || !hasModuleExtension(fileName)) return 'FILE';
  const stem = fileStem(fileName);
  const ext = extensionOf(fileName);
  const isJsx = ext === '.tsx' || ext === '.jsx';

  const inApi = splitDir(segments, LAYOUT.api);
  if (inApi !== null && stem === 'route') return 'FUNCTION';

  const inWebApp = splitDir(segments, LAYOUT.webApp);
  if (inWebApp !== null && stem === 'page') {
    const folder = inWebApp.slice(0, -1).join('/');
    if (folder === 'account/signin') return 'AUTH_PAGE_SIGN_IN';
    if (folder === 'account/signup') return 'AUTH_PAGE_SIGN_UP';
    if (folder === 'account/logout') return 'AUTH_PAGE_LOGOUT';
    return 'PAGE';
  }

  const inMobileApp = splitDir(segments, LAYOUT.mobileApp);
  if (inMobileApp !== null && stem === 'index') return 'EXPO_PAGE';

  const inDesignSystem = splitDir(segments, LAYOUT.designSystem);
  if (inDesignSystem !== null) {
    if (stem === 'page') return 'DESIGN_SYSTEM_PAGE';
    if (splitDir(segments, LAYOUT.designSystemComponents) !== null && isJsx) return 'DESIGN_SYSTEM_COMPONENT';
    return 'FILE';
  }

  if (splitDir(segments, LAYOUT.components) !== null && isJsx) return 'COMPONENT';
  return 'FILE';
}

function pageSegment(name: string, fallback: string): string {
  return toRouteSegment(name) || toRouteSegment(fallback);
}

function componentFileName(name: string, fallback: string): string {
  return `${toComponentName(name) || toComponentName(fallback)}.tsx`;
}

/**
 * The default file path of a new module of type `t` named `name` (default: the type's default name).
 * A PAGE or EXPO_PAGE named "Homepage" is the root page. FILE has no default path and throws.
 */
export function defaultFilePath(t: ModuleType, name?: string): string {
  const fallback = defaultModuleName(t);
  const given = name ?? fallback;
  switch (t) {
    case 'PAGE': {
      const segment = pageSegment(given, fallback);
      return segment === HOMEPAGE_SEGMENT
        ? `${LAYOUT.webApp}/page.tsx`
        : `${LAYOUT.webApp}/${segment}/page.tsx`;
    }
    case 'EXPO_PAGE': {
      const segment = pageSegment(given, fallback);
      return segment === HOMEPAGE_SEGMENT
        ? `${LAYOUT.mobileApp}/index.tsx`
        : `${LAYOUT.mobileApp}/${segment}/index.tsx`;
    }
    case 'FUNCTION':
      return `${LAYOUT.api}/${pageSegment(given, fallback)}/route.ts`;
    case 'COMPONENT':
      return `${LAYOUT.components}/${componentFileName(given, fallback)}`;
    case 'DESIGN_SYSTEM_PAGE':
      return `${LAYOUT.designSystem}/${pageSegment(given, fallback)}/page.tsx`;
    case 'DESIGN_SYSTEM_COMPONENT':
      return `${LAYOUT.designSystemComponents}/${componentFileName(given, fallback)}`;
    case 'AUTH_PAGE_SIGN_IN':
    case 'AUTH_PAGE_SIGN_UP':
    case 'AUTH_PAGE_LOGOUT':
      return AUTH_PAGE_PATHS[t];
    case 'FILE':
      throw new KilnError('validation', MESSAGES.cannotGetDefaultFilePathForFile, { moduleType: t });
  }
}

/** Joins route segments into a route: [] → "/", ["todos", "[id]"] → "/todos/[id]". */
function toRoute(segments: readonly string[]): string {
  return `/${segments.join('/')}`;
}

/**
 * The route a module's file is served at: web pages and auth pages `/{folders}` (root `/`), mobile pages the
 * same with `(group)` folders dropped, functions `/api/{folders}`. Other modules have no route: null.
 */
export function filePathToRoute(filePath: string): string | null {
  const segments = pathSegments(filePath);
  const folders = segments.slice(0, -1);
  switch (moduleTypeFromPath(filePath)) {
    case 'PAGE':
    case 'AUTH_PAGE_SIGN_IN':
    case 'AUTH_PAGE_SIGN_UP':
    case 'AUTH_PAGE_LOGOUT':
      return toRoute(splitDir(folders, LAYOUT.webApp) ?? []);
    case 'EXPO_PAGE':
      return toRoute((splitDir(folders, LAYOUT.mobileApp) ?? []).filter((s) => !isGroupSegment(s)));
    case 'FUNCTION': {
      const rest = splitDir(folders, LAYOUT.api) ?? [];
      return rest.length === 0 ? FUNCTION_ROUTE_PREFIX : `${FUNCTION_ROUTE_PREFIX}${toRoute(rest)}`;
    }
    default:
      return null;
  }
}

/** Splits a route into segments, dropping the query, the hash, empty and `.` segments; rejects `..`. */
export function routeSegments(route: string): string[] {
  const path = route.split(/[?#]/, 1)[0] ?? '';
  const segments = path.split('/').filter((s) => s.length > 0 && s !== '.');
  if (segments.includes('..')) {
    throw new KilnError('validation', `Route ${route} must not contain ..`, { route });
  }
  return segments;
}

/**
 * The file path that serves `route` for a module of type `t` (inverse of `filePathToRoute`). Segments are
 * kept as written (`[id]` stays dynamic). For functions the leading `/api` is optional. Types without a
 * route throw `KilnError('validation')`.
 */
export function routeToFilePath(route: string, t: ModuleType): string {
  const segments = routeSegments(route);
  const folder = (base: string, rest: readonly string[]) => [base, ...rest].join('/');
  switch (t) {
    case 'PAGE':
    case 'AUTH_PAGE_SIGN_IN':
    case 'AUTH_PAGE_SIGN_UP':
    case 'AUTH_PAGE_LOGOUT':
      return `${folder(LAYOUT.webApp, segments)}/page.tsx`;
    case 'EXPO_PAGE':
      return `${folder(LAYOUT.mobileApp, segments)}/index.tsx`;
    case 'FUNCTION': {
      const rest = segments[0] === 'api' ? segments.slice(1) : segments;
      return `${folder(LAYOUT.api, rest)}/route.ts`;
    }
    default:
      throw new KilnError('validation', MESSAGES.noRouteForModuleType(t), { moduleType: t, route });
  }
}

/**
 * The spec's file-naming rule (§2): a page, index or route file at the root is "Homepage"; otherwise it
 * takes its parent folder's name, skipping `[bracketed]` (and `(group)`) folders; any other file is named
 * after its file name with words capitalised; an unnamed file is "New File". An auth page at its default
 * path keeps its auth name ("Sign In").
 */
export function moduleName(filePath: string): string {
  if (filePath.trim() === '' || /[\\/]\s*$/.test(filePath)) return DEFAULT_NAMES.file;
  const segments = pathSegments(filePath);
  const fileName = segments.at(-1);
  if (fileName === undefined) return DEFAULT_NAMES.file;
  // ".tsx" is a module with no name, not a dotfile called "tsx".
  const stem = (MODULE_EXTENSIONS as readonly string[]).includes(fileName) ? '' : fileStem(fileName);
  const authType = AUTH_PAGE_BY_PATH.get(segments.join('/'));
  if (authType !== undefined) return defaultModuleName(authType);
  if (ROUTE_FILE_STEMS.includes(stem)) {
    const folders = stripAppRoot(segments.slice(0, -1)).filter(
      (s) => !isBracketSegment(s) && !isGroupSegment(s),
    );
    const parent = folders.at(-1);
    if (parent === undefined) return HOMEPAGE_NAME;
    return capitalizeWords(parent) || HOMEPAGE_NAME;
  }
  return capitalizeWords(stem) || DEFAULT_NAMES.file;
}
