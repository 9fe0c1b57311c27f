import {
  MOBILE_BUILDER_ROUTE_MARKER as CORE_MARKER,
  filePathToRoute as coreFilePathToRoute,
  mobilePreviewTarget as coreMobilePreviewTarget,
} from '@kiln/core';
import { describe, expect, test } from 'vitest';
import {
  filePathToRoute,
  MOBILE_BUILDER_ROUTE_MARKER,
  matchRoute,
  mobilePreviewTarget,
  normalizeRoute,
} from './routes.ts';

describe('filePathToRoute', () => {
  test.each([
    'apps/web/src/app/page.tsx',
    'apps/web/src/app/todos/page.tsx',
    'apps/web/src/app/todos/[id]/page.tsx',
    'apps/web/src/app/My Todos/page.tsx',
    'apps/web/src/app/(marketing)/about/page.jsx',
    'apps/web/src/app/account/signin/page.tsx',
    'apps/web/src/app/[...slug]/page.tsx',
    'apps/mobile/src/app/index.tsx',
    'apps/mobile/src/app/(tabs)/settings/index.tsx',
    'apps/web/src/components/TodoItem.tsx',
    'apps/web/src/app/todos/index.tsx',
  ])('agrees with @kiln/core for page %s', (path) => {
    const core = coreFilePathToRoute(path);
    expect(filePathToRoute(path)).toBe(core?.startsWith('/api') ? null : core);
  });
});

describe('matchRoute', () => {
  const pages = [
    { route: '/', id: 'home' },
    { route: '/todos', id: 'todos' },
    { route: '/todos/[id]', id: 'todo' },
    { route: '/todos/new', id: 'new' },
    { route: '/My Todos', id: 'mine' },
    { route: '/(marketing)/about', id: 'about' },
    { route: '/docs/[...slug]', id: 'docs' },
  ];
  const id = (route: string) => matchRoute(pages, route)?.page.id ?? null;

  test('exact routes win over dynamic ones, and params are decoded', () => {
    expect(id('/todos/new')).toBe('new');
    expect(matchRoute(pages, '/todos/a%20b?x=1')).toMatchObject({
      page: { id: 'todo' },
      params: { id: 'a b' },
    });
  });

  test('trailing slashes, queries, hashes and the mobile marker do not matter', () => {
    expect(id('/todos/')).toBe('todos');
    expect(id('/todos?sort=due#top')).toBe('todos');
    expect(id('/todos/~~mobile-builder')).toBe('todos');
    expect(normalizeRoute('todos/')).toBe('/todos');
  });

  test('segments match as written or as lowercase hyphenated words; group folders are optional', () => {
    expect(id('/my-todos')).toBe('mine');
    expect(id('/About')).toBe('about');
    expect(id('/(marketing)/about')).toBe('about');
  });

  test('catch-all segments take the rest; unknown routes match nothing', () => {
    expect(matchRoute(pages, '/docs/a/b')).toMatchObject({ page: { id: 'docs' }, params: { slug: 'a/b' } });
    expect(id('/docs')).toBeNull();
    expect(id('/nope')).toBeNull();
  });
});

describe('mobilePreviewTarget', () => {
  test.each([
    '#',
    '#top',
    '/',
    '/todos',
    '/todos/',
    '/todos?x=1#a',
    'https://example.com/a',
    '//cdn/x',
    'mailto:a@b.c',
    '/a/~~mobile-builder',
    'todos',
  ])('agrees with @kiln/core for %s', (href) => {
    expect(mobilePreviewTarget(href)).toBe(coreMobilePreviewTarget(href));
  });
  test('uses the same marker as @kiln/core', () => expect(MOBILE_BUILDER_ROUTE_MARKER).toBe(CORE_MARKER));
});
