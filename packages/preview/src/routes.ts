/**
 * @module
 * Page routes for the runtime: which route a page file serves, and which page a URL path shows.
 *
 * `filePathToRoute` mirrors `@kiln/core`'s function of the same name for pages (docs/contracts.md §1). It is
 * kept local because importing `@kiln/core` would add zod (~98 KiB gzipped) to the browser bundle;
 * `routes.test.ts` checks both agree.
 */

const WEB_APP = 'apps/web/src/app/';
const MOBILE_APP = 'apps/mobile/src/app/';
const SOURCE_EXT = /\.(?:js|ts|jsx|tsx)$/;

/** Lowercase hyphenated words, as route segments are spelled (`My Todos` → `my-todos`); `[id]` is kept. */
export function toRouteSegment(segment: string): string {
  if (/^\[.*\]$/.test(segment)) return segment;
  return segment
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const isGroup = (segment: string) => /^\(.*\)$/.test(segment);

/**
 * The route a page file serves, as `@kiln/core`'s `filePathToRoute` computes it for pages: web pages are
 * `page.*` files under `apps/web/src/app/`, mobile pages `index.*` under `apps/mobile/src/app/` with
 * `(group)` folders dropped; segments are kept as written. Null for anything else.
 */
export function filePathToRoute(filePath: string): string | null {
  const path = filePath.replace(/\\/g, '/').replace(/^\/+/, '');
  if (!SOURCE_EXT.test(path)) return null;
  const mobile = path.startsWith(MOBILE_APP);
  if (!mobile && !path.startsWith(WEB_APP)) return null;
  const parts = path.slice((mobile ? MOBILE_APP : WEB_APP).length).split('/');
  const file = (parts.pop() ?? '').replace(SOURCE_EXT, '');
  if (file !== (mobile ? 'index' : 'page')) return null;
  if (!mobile && parts[0] === 'api') return null;
  const segments = parts.filter((p) => p !== '' && (!mobile || !isGroup(p)));
  return `/${segments.join('/')}`;
}

/** Removes the query, hash, mobile-builder marker and trailing slash of a path: `/todos/?a=1#x` → `/todos`. */
export function normalizeRoute(route: string): string {
  const path = (route.split(/[?#]/)[0] ?? '').replace(/\/~~mobile-builder$/, '');
  const withSlash = path.startsWith('/') ? path : `/${path}`;
  return withSlash.length > 1 ? withSlash.replace(/\/+$/, '') : withSlash;
}

export interface RouteMatch<T> {
  page: T;
  params: Record<string, string>;
}

/** Finds the page for a path: exact routes win over dynamic (`[id]`, `[...slug]`) ones. */
export function matchRoute<T extends { route: string }>(
  pages: readonly T[],
  route: string,
): RouteMatch<T> | null {
  const path = normalizeRoute(route);
  const wanted = path
    .split('/')
    .filter((seg) => seg && !isGroup(seg))
    .map(safeDecode);
  let best: { match: RouteMatch<T>; score: number } | null = null;
  for (const page of pages) {
    // Group folders (`(marketing)`) are optional in the URL, as in Next.js.
    const pattern = page.route.split('/').filter((seg) => seg && !isGroup(seg));
    const params: Record<string, string> = {};
    let score = 0;
    let ok = true;
    for (let i = 0; i < pattern.length; i++) {
      const seg = pattern[i] ?? '';
      const rest = /^\[\.\.\.(.+)\]$/.exec(seg) ?? /^\[\[\.\.\.(.+)\]\]$/.exec(seg);
      if (rest?.[1]) {
        params[rest[1]] = wanted.slice(i).join('/');
        ok = i < wanted.length || seg.startsWith('[[');
        score += 1;
        i = pattern.length;
        break;
      }
      const value = wanted[i];
      if (value === undefined) {
        ok = false;
        break;
      }
      const dynamic = /^\[(.+)\]$/.exec(seg);
      if (dynamic?.[1]) {
        params[dynamic[1]] = value;
        score += 2;
      } else if (seg.toLowerCase() === value.toLowerCase() || toRouteSegment(seg) === toRouteSegment(value)) {
        score += 3;
      } else {
        ok = false;
        break;
      }
    }
    const isCatchAll = pattern.some((s) => s.startsWith('[...') || s.startsWith('[[...'));
    if (!ok || (!isCatchAll && pattern.length !== wanted.length)) continue;
    if (!best || score > best.score) best = { match: { page, params }, score };
  }
  return best?.match ?? null;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** The route marker appended to navigation targets in the mobile preview (`@kiln/core`'s constant). */
export const MOBILE_BUILDER_ROUTE_MARKER = '~~mobile-builder';

/**
 * Where a link goes in the mobile preview, as `@kiln/core`'s `mobilePreviewTarget` computes it (spec §2):
 * null for a bare `#`, absolute URLs and `#anchor` unchanged, other paths with the marker appended
 * (`/todos?x=1` → `/todos/~~mobile-builder?x=1`).
 */
export function mobilePreviewTarget(href: string): string | null {
  if (href === '#') return null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//') || href.startsWith('#')) return href;
  const cut = href.search(/[?#]/);
  const path = cut === -1 ? href : href.slice(0, cut);
  const rest = cut === -1 ? '' : href.slice(cut);
  const trimmed = path.replace(/\/+$/, '');
  if (trimmed.endsWith(`/${MOBILE_BUILDER_ROUTE_MARKER}`)) return href;
  return `${trimmed}/${MOBILE_BUILDER_ROUTE_MARKER}${rest}`;
}
