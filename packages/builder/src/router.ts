/**
 * @module A tiny history-based router: the builder has a dozen screens, which a library would not make clearer.
 */
import { useSyncExternalStore } from 'react';

export type Route =
  | { name: 'login' }
  | { name: 'signup' }
  | { name: 'dashboard' }
  | { name: 'forgot-password' }
  | { name: 'reset-password' }
  | { name: 'invitation'; token: string }
  | { name: 'dashboard' }
  | { name: 'project'; id: string }
  | { name: 'project-preview'; id: string }
  | { name: 'organization-settings'; id: string }
  | { name: 'admin-users' }
  | { name: 'not-found' };

/** Screens anyone may open signed out; signed-in users are sent away from the first three. */
export const PUBLIC_ROUTES: ReadonlySet<Route['name']> = new Set([
  'login',
  'signup',
  'forgot-password',
  'reset-password',
]);

/** Maps a pathname to a screen. */
export function matchRoute(pathname: string): Route {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/') return { name: 'dashboard' };
  if (path === '/login') return { name: 'login' };
  if (path === '/signup') return { name: 'signup' };
  if (path === '/forgot-password') return { name: 'forgot-password' };
  if (path === '/reset-password') return { name: 'reset-password' };
  if (path === '/admin/users') return { name: 'admin-users' };
  const project = /^\/projects\/([^/]+)$/.exec(path);
  if (project?.[1]) return { name: 'project', id: decodeURIComponent(project[1]) };
  const preview = /^\/projects\/([^/]+)\/preview$/.exec(path);
  if (preview?.[1]) return { name: 'project-preview', id: decodeURIComponent(preview[1]) };
  const settings = /^\/organizations\/([^/]+)\/settings$/.exec(path);
  if (settings?.[1]) return { name: 'organization-settings', id: decodeURIComponent(settings[1]) };
  const invitation = /^\/invitations\/([^/]+)$/.exec(path);
  if (invitation?.[1]) return { name: 'invitation', token: decodeURIComponent(invitation[1]) };
  return { name: 'not-found' };
}

const CHANGE = 'kiln:navigate';

/** Moves to `to` (a same-origin path with optional query) without reloading the page. */
export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (to === location.pathname + location.search) return;
  if (options.replace) history.replaceState(null, '', to);
  else history.pushState(null, '', to);
  window.dispatchEvent(new Event(CHANGE));
  if (!options.replace) window.scrollTo(0, 0);
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(CHANGE, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(CHANGE, onChange);
  };
}

const snapshot = () => location.pathname + location.search;

/** The current location and the screen it maps to; re-renders on navigation. */
export function useRoute(): { route: Route; pathname: string; search: URLSearchParams; href: string } {
  const href = useSyncExternalStore(subscribe, snapshot);
  const url = new URL(href, location.origin);
  return { route: matchRoute(url.pathname), pathname: url.pathname, search: url.searchParams, href };
}
