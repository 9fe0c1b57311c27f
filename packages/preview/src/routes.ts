/**
 * @module
 * Page routes for the runtime: which route a page file serves (core's rule), and which page a URL path shows.
 * `@kiln/core` is `sideEffects: false`, so importing its functions adds them and not zod (+0.6 KiB gz measured).
 */

export { filePathToRoute, mobilePreviewTarget } from '@kiln/core';

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
export { MOBILE_BUILDER_ROUTE_MARKER } from '@kiln/core';
