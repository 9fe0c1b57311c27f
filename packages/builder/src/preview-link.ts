/**
 * @module The link to a project's preview at one route: `/projects/:id/preview?route=/x` on the builder's own
 * origin. The preview runtime only renders what the builder sends it, so a preview in its own tab is a builder
 * page (`PreviewPage`) holding the preview full size; the link needs the same sign-in as the workspace.
 */

/** The preview page's path for `route` (`/` is left out of the link). */
export function previewPath(projectId: string, route: string): string {
  const base = `/projects/${encodeURIComponent(projectId)}/preview`;
  return route && route !== '/' ? `${base}?route=${encodeURIComponent(route)}` : base;
}

/** The full link, for Copy link and Open in a new tab. */
export function previewLink(origin: string, projectId: string, route: string): string {
  return `${origin}${previewPath(projectId, route)}`;
}

/** The route asked for in a preview link's `?route=`: a path starting with `/`, else `/`. */
export function routeFromSearch(search: URLSearchParams): string {
  const route = search.get('route') ?? '/';
  return route.startsWith('/') && !route.startsWith('//') ? route : '/';
}
