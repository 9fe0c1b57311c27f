/**
 * @module A tiny history-based router: the builder has five screens, which a library would not make clearer.
 */
import { useSyncExternalStore } from 'react';

export type Route =
  | { name: 'login' }
  | { name: 'signup' }
  | { name: 'dashboard' }
  | { name: 'project'; id: string }
  | { name: 'not-found' };

/** Maps a pathname to a screen. */
export function matchRoute(pathname: string): Route {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/') return { name: 'dashboard' };
  if (path === '/login') return { name: 'login' };
  if (path === '/signup') return { name: 'signup' };
  const project = /^\/projects\/([^/]+)$/.exec(path);
  if (project?.[1]) return { name: 'project', id: decodeURIComponent(project[1]) };
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
