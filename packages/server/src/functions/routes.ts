/**
 * Which FUNCTION module answers a path: `apps/web/src/app/api/{segments}/route.ts` serves `/api/{segments}`,
 * `[name]` folders match one segment into `params.name`, `(group)` folders are left out of the URL, and at the
 * first segment where two routes differ a static folder wins over a dynamic one (as in Next.js).
 * @module
 */
import type { FunctionSource } from './types';

const ROUTE_FILE = /^apps\/web\/src\/app\/api((?:\/[^/]+)*)\/route\.(?:ts|tsx|js|jsx|mjs)$/;
const DYNAMIC = /^\[([^[\].]+)\]$/;
const GROUP = /^\(.+\)$/;

type Segment = { kind: 'static'; name: string } | { kind: 'dynamic'; param: string };

/** Segments by file path: a server sees few distinct route files, and matching runs on every request. */
const segmentsOf = new Map<string, Segment[] | null>();
const MAX_REMEMBERED_ROUTES = 10_000;

/** The URL segments of a route file, or null when the file is not a route (or uses an unsupported folder). */
function routeSegments(filePath: string): Segment[] | null {
  let segments = segmentsOf.get(filePath);
  if (segments === undefined) {
    if (segmentsOf.size >= MAX_REMEMBERED_ROUTES) segmentsOf.clear();
    segments = parseRouteSegments(filePath);
    segmentsOf.set(filePath, segments);
  }
  return segments;
}

function parseRouteSegments(filePath: string): Segment[] | null {
  const match = ROUTE_FILE.exec(filePath.replace(/^\.?\//, ''));
  if (!match) return null;
  const segments: Segment[] = [];
  for (const folder of (match[1] ?? '').split('/').filter(Boolean)) {
    if (GROUP.test(folder)) continue;
    const dynamic = DYNAMIC.exec(folder);
    if (dynamic) segments.push({ kind: 'dynamic', param: dynamic[1] as string });
    else if (folder.includes('['))
      return null; // catch-all and optional segments are not supported
    else segments.push({ kind: 'static', name: folder });
  }
  return segments;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The route module for a path under `/api` (a query string is ignored) and its dynamic params, or null. */
export function matchFunctionRoute(
  sources: readonly FunctionSource[],
  path: string,
): { source: FunctionSource; params: Record<string, string> } | null {
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  if (pathname !== '/api' && !pathname.startsWith('/api/')) return null;
  const parts = pathname.slice('/api'.length).split('/').filter(Boolean).map(decode);
  let best: { source: FunctionSource; params: Record<string, string>; rank: string } | null = null;
  for (const source of sources) {
    const segments = routeSegments(source.filePath);
    if (!segments || segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let rank = '';
    let matches = true;
    for (const [i, segment] of segments.entries()) {
      const part = parts[i] as string;
      if (segment.kind === 'static') {
        if (segment.name !== part) {
          matches = false;
          break;
        }
        rank += '0';
      } else {
        params[segment.param] = part;
        rank += '1';
      }
    }
    // '0' (static) sorts before '1' (dynamic): the smallest rank is the most specific route.
    if (matches && (!best || rank < best.rank)) best = { source, params, rank };
  }
  return best && { source: best.source, params: best.params };
}
