/**
 * @module
 * Models trained on Next.js often import `next/link`, `next/navigation`, `next/router` or `next/image`
 * although the contract asks for plain `<a href>`. These small stand-ins map them onto the runtime's own
 * routing so such code still works in the preview and in published apps.
 */
import type { AnchorHTMLAttributes, ImgHTMLAttributes, ReactNode } from 'react';
import { normalizeRoute } from '../routes.ts';
import { withImageSource } from './images.ts';
import type { ShimHost } from './shim-host.ts';

type Href = string | { pathname?: string; query?: Record<string, string> };

function hrefString(href: Href | undefined): string {
  if (typeof href === 'string') return href;
  if (!href) return '#';
  const query = href.query ? `?${new URLSearchParams(href.query)}` : '';
  return `${href.pathname ?? ''}${query}`;
}

/** `next/link`: a plain anchor; the runtime routes its clicks. */
function Link({
  href,
  children,
  prefetch: _prefetch,
  replace: _replace,
  scroll: _scroll,
  ...rest
}: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  href: Href;
  children?: ReactNode;
  prefetch?: unknown;
  replace?: unknown;
  scroll?: unknown;
}) {
  return (
    <a href={hrefString(href)} {...rest}>
      {children}
    </a>
  );
}

/** `next/image`: a plain img (`fill` covers the positioned parent); no real source → the placeholder. */
function Image({
  src,
  fill,
  priority: _priority,
  placeholder: _placeholder,
  blurDataURL: _blur,
  quality: _quality,
  style,
  ...rest
}: Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'placeholder'> & {
  src: string | { src: string };
  fill?: boolean;
  priority?: unknown;
  placeholder?: unknown;
  blurDataURL?: unknown;
  quality?: unknown;
}) {
  const fillStyle = fill ? { position: 'absolute' as const, inset: 0, width: '100%', height: '100%' } : {};
  const url = typeof src === 'string' ? src : src?.src;
  const props = withImageSource('img', { ...rest, src: url, style: { ...fillStyle, ...style } });
  return <img {...props} />;
}

/** Import source → module namespace, for the Next.js modules generated code may import. */
export function nextShims(engine: ShimHost): Record<string, Record<string, unknown>> {
  const go = (to: Href, push: boolean) => engine.navigate(hrefString(to), { push, notify: true });
  const router = {
    push: (to: Href) => go(to, true),
    replace: (to: Href) => go(to, false),
    back: () => engine.back(),
    forward: () => history.forward(),
    refresh: () => {},
    prefetch: () => Promise.resolve(),
  };
  const searchParams = () => new URLSearchParams(engine.route.split('?')[1] ?? '');
  const params = () => engine.currentPage()?.params ?? {};

  return {
    'next/link': { default: Link },
    'next/image': { default: Image },
    'next/navigation': {
      useRouter: () => router,
      usePathname: () => normalizeRoute(engine.route),
      useSearchParams: searchParams,
      useParams: params,
      redirect: (to: Href) => go(to, false),
      notFound: () => engine.navigate('/404', { push: false, notify: true }),
    },
    'next/router': {
      default: router,
      useRouter: () => ({
        ...router,
        pathname: normalizeRoute(engine.route),
        asPath: engine.route,
        query: { ...Object.fromEntries(searchParams()), ...params() },
        isReady: true,
      }),
    },
  };
}
