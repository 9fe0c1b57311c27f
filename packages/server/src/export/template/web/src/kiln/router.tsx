/**
 * @module The exported app's router: Kiln's page routes (`src/app/todos/[id]/page.tsx` → `/todos/[id]`, see
 * `routes.ts`), matched as Kiln matches them (exact segments win over `[id]`, `[...slug]` catches the rest),
 * and same-origin `<a href>` clicks turned into history navigation, as the preview does.
 */
import { type ComponentType, createElement, useEffect, useState, useSyncExternalStore } from 'react';
import { type PageRoute, routes } from './routes.ts';

type PageProps = { params: Record<string, string>; searchParams: Record<string, string> };
type PageModule = { default?: ComponentType<PageProps> };

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** Goes to a path of the app (`push`: a new history entry; else replaces the current one). */
export function navigate(to: string, push = true): void {
  const url = new URL(to, location.href);
  if (url.origin !== location.origin) {
    location.assign(url.href);
    return;
  }
  if (push) history.pushState(null, '', url.href);
  else history.replaceState(null, '', url.href);
  if (!url.hash) window.scrollTo(0, 0);
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

/** The current path and query (`/todos/1?tab=a`), re-rendering on every navigation. */
export function useLocation(): string {
  return useSyncExternalStore(
    subscribe,
    () => location.pathname + location.search,
    () => '/',
  );
}

const isGroup = (segment: string) => /^\(.*\)$/.test(segment);

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

function routeSegment(segment: string): string {
  return segment
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The page for a path and its `[param]` values, or null (Kiln's matching rule). */
export function matchRoute(path: string): { page: PageRoute; params: Record<string, string> } | null {
  const wanted = path
    .split('/')
    .filter((seg) => seg && !isGroup(seg))
    .map(safeDecode);
  let best: { page: PageRoute; params: Record<string, string>; score: number } | null = null;
  for (const page of routes) {
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
      } else if (seg.toLowerCase() === value.toLowerCase() || routeSegment(seg) === routeSegment(value)) {
        score += 3;
      } else {
        ok = false;
        break;
      }
    }
    const isCatchAll = pattern.some((s) => s.startsWith('[...') || s.startsWith('[[...'));
    if (!ok || (!isCatchAll && pattern.length !== wanted.length)) continue;
    if (!best || score > best.score) best = { page, params, score };
  }
  return best && { page: best.page, params: best.params };
}

/** Same-origin link clicks navigate inside the app; new tabs, downloads and other origins are left alone. */
function onLinkClick(event: MouseEvent): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
    return;
  const anchor = (event.target as Element | null)?.closest?.('a');
  if (!anchor?.href || anchor.hasAttribute('download')) return;
  if (anchor.target && anchor.target !== '_self') return;
  const url = new URL(anchor.href);
  if (url.origin !== location.origin || url.pathname.startsWith('/api/')) return;
  if (url.pathname === location.pathname && url.search === location.search && url.hash) return;
  event.preventDefault();
  navigate(url.href);
}

const loaded = new Map<PageRoute, ComponentType<PageProps>>();

function NotFound({ path }: { path: string }) {
  return createElement(
    'main',
    { className: 'flex min-h-screen flex-col items-center justify-center gap-2 p-8 text-center' },
    createElement('h1', { className: 'text-2xl font-semibold' }, 'Page not found'),
    createElement('p', { className: 'text-sm opacity-70' }, `Nothing lives at ${path}.`),
    createElement('a', { href: '/', className: 'underline' }, 'Home'),
  );
}

/** Shown for a page module without a default export (the page component the router renders). */
function NoDefaultExport() {
  return createElement(
    'main',
    { className: 'p-8 text-center' },
    'This page does not export a component: add `export default` to its page.tsx.',
  );
}

/** The app: the page for the current URL, loaded on first visit (one chunk per page). */
export function App() {
  const current = useLocation();
  const [, rerender] = useState(0);
  const path = (current.split('?')[0] ?? '/').replace(/(.)\/+$/, '$1');
  const match = matchRoute(path);
  const Page = match ? loaded.get(match.page) : undefined;

  useEffect(() => {
    document.addEventListener('click', onLinkClick);
    return () => document.removeEventListener('click', onLinkClick);
  }, []);

  useEffect(() => {
    if (!match || Page) return;
    let active = true;
    match.page.load().then((m: PageModule) => {
      loaded.set(match.page, m.default ?? NoDefaultExport);
      if (active) rerender((n) => n + 1);
    });
    return () => {
      active = false;
    };
  }, [match, Page]);

  if (!match) return createElement(NotFound, { path });
  if (!Page) return null;
  const searchParams = Object.fromEntries(new URLSearchParams(current.split('?')[1] ?? ''));
  return createElement(Page, { params: match.params, searchParams });
}

/** The `[param]` values of the current page (what `next/navigation`'s `useParams` returns). */
export function currentParams(): Record<string, string> {
  return matchRoute(location.pathname)?.params ?? {};
}
