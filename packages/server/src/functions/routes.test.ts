import { describe, expect, it } from 'vitest';
import { matchFunctionRoute } from './routes';

const source = (filePath: string) => ({ filePath, code: '' });
const sources = [
  source('apps/web/src/app/api/todos/route.ts'),
  source('apps/web/src/app/api/todos/[id]/route.ts'),
  source('apps/web/src/app/api/todos/new/route.ts'),
  source('apps/web/src/app/api/[kind]/stats/route.js'),
  source('apps/web/src/app/api/(admin)/users/route.ts'),
  source('apps/web/src/app/api/route.ts'),
  source('apps/web/src/app/api/files/[...rest]/route.ts'),
  source('apps/web/src/app/api/lib/helpers.ts'),
  source('apps/web/src/app/page.tsx'),
];

const match = (path: string) => {
  const found = matchFunctionRoute(sources, path);
  return found && { filePath: found.source.filePath, params: found.params };
};

describe('matchFunctionRoute', () => {
  it('serves apps/web/src/app/api/{segments}/route.ts at /api/{segments}, ignoring the query', () => {
    expect(match('/api/todos?x=1')).toEqual({ filePath: 'apps/web/src/app/api/todos/route.ts', params: {} });
    expect(match('/api/todos/')).toEqual({ filePath: 'apps/web/src/app/api/todos/route.ts', params: {} });
    expect(match('/api')).toEqual({ filePath: 'apps/web/src/app/api/route.ts', params: {} });
  });

  it('puts dynamic [name] segments in params, decoded', () => {
    expect(match('/api/todos/42')).toEqual({
      filePath: 'apps/web/src/app/api/todos/[id]/route.ts',
      params: { id: '42' },
    });
    expect(match('/api/todos/a%20b')?.params).toEqual({ id: 'a b' });
    expect(match('/api/orders/stats')?.params).toEqual({ kind: 'orders' });
  });

  it('prefers a static segment over a dynamic one', () => {
    expect(match('/api/todos/new')).toEqual({
      filePath: 'apps/web/src/app/api/todos/new/route.ts',
      params: {},
    });
    // /api/todos/stats: [kind]/stats and todos/[id] both match; the static first segment wins.
    expect(match('/api/todos/stats')?.filePath).toBe('apps/web/src/app/api/todos/[id]/route.ts');
  });

  it('leaves (group) folders out of the URL', () => {
    expect(match('/api/users')?.filePath).toBe('apps/web/src/app/api/(admin)/users/route.ts');
  });

  it('finds nothing outside /api, for non-route files, deeper paths or catch-all folders', () => {
    expect(match('/todos')).toBeNull();
    expect(match('/apis/todos')).toBeNull();
    expect(match('/api/lib/helpers')).toBeNull();
    expect(match('/api/todos/1/2')).toBeNull();
    expect(match('/api/files/a')).toBeNull();
  });
});
