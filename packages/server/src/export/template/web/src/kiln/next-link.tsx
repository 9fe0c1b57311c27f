/** @module `next/link` for code written against Next.js: a plain anchor; the router handles its clicks. */
import type { AnchorHTMLAttributes, ReactNode } from 'react';

export type Href = string | { pathname?: string; query?: Record<string, string> };

/** An href object (`{ pathname, query }`) as a string. */
export function hrefString(href: Href | undefined): string {
  if (typeof href === 'string') return href;
  if (!href) return '#';
  const query = href.query ? `?${new URLSearchParams(href.query)}` : '';
  return `${href.pathname ?? ''}${query}`;
}

export default function Link({
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
