/** @module `next/navigation` and `next/router` for code written against Next.js, on the app's router. */
import { type Href, hrefString } from './next-link.tsx';
import { currentParams, navigate, useLocation } from './router.tsx';

const router = {
  push: (to: Href) => navigate(hrefString(to), true),
  replace: (to: Href) => navigate(hrefString(to), false),
  back: () => history.back(),
  forward: () => history.forward(),
  refresh: () => {},
  prefetch: () => Promise.resolve(),
};

export function useRouter() {
  const current = useLocation();
  const pathname = current.split('?')[0] ?? '/';
  const query = {
    ...Object.fromEntries(new URLSearchParams(current.split('?')[1] ?? '')),
    ...currentParams(),
  };
  return { ...router, pathname, asPath: current, query, isReady: true };
}

export function usePathname(): string {
  return useLocation().split('?')[0] ?? '/';
}

export function useSearchParams(): URLSearchParams {
  return new URLSearchParams(useLocation().split('?')[1] ?? '');
}

export function useParams(): Record<string, string> {
  useLocation();
  return currentParams();
}

export function redirect(to: Href): void {
  navigate(hrefString(to), false);
}

export function notFound(): void {
  navigate('/404', false);
}

export default router;
