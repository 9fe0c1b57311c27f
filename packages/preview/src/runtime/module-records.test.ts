import { describe, expect, it } from 'vitest';
import type { ModuleImport } from '../clean.ts';
import { errorData } from './error-data.ts';
import { componentNameFor, findRecord, type ModuleRecord } from './module-records.ts';
import { pageFor, pageRouterFor } from './pages.ts';

function record(filePath: string, route: string | null, imports: ModuleImport[] = []): ModuleRecord {
  return {
    filePath,
    moduleType: route === null ? 'COMPONENT' : 'PAGE',
    componentName: null,
    route,
    compiled: { code: '', imports, defaultName: null, namedExports: {} },
    standIns: [],
  };
}

const routerImport = (named: string[] = ['Routes', 'Route']): ModuleImport => ({
  source: 'react-router-dom',
  kind: 'library',
  named: named.map((n) => ({ imported: n, local: n })),
});

describe('componentNameFor', () => {
  it.each([
    ['apps/web/src/components/TodoItem.tsx', 'Todo Item', 'TodoItem'],
    ['apps/web/src/components/todo-item.tsx', 'Todo Item', 'TodoItem'],
    ['apps/web/src/components/ui/button.tsx', 'Button', 'button'],
    ['apps/web/src/app/page.tsx', 'Homepage', 'Homepage'],
    ['apps/web/src/components/index.tsx', 'Index', 'Index'],
    ['apps/web/src/components/3d-card.tsx', '3d card', 'dCard'],
  ])('%s named %s is %s in scope', (filePath, name, expected) => {
    expect(componentNameFor({ filePath, name })).toBe(expected);
  });
});

describe('findRecord', () => {
  const records = new Map(
    [
      record('apps/web/src/components/TodoItem.tsx', null),
      record('apps/web/src/lib/format.ts', null),
      record('apps/web/src/app/page.tsx', '/'),
    ].map((r) => [r.filePath, r]),
  );
  it.each([
    ['@/components/TodoItem', 'apps/web/src/components/TodoItem.tsx'],
    ['~/components/TodoItem.tsx', 'apps/web/src/components/TodoItem.tsx'],
    ['../lib/format.ts', 'apps/web/src/lib/format.ts'],
    ['./format', 'apps/web/src/lib/format.ts'],
    ['@/components/Missing', undefined],
    ['@/components/Item', undefined],
  ])('%s finds %s', (source, expected) => {
    expect(findRecord(records, source)?.filePath).toBe(expected);
  });
});

describe('pageFor', () => {
  const home = record('apps/web/src/app/page.tsx', '/');
  const todo = record('apps/web/src/app/todos/[id]/page.tsx', '/todos/[id]');
  const spa = record('apps/web/src/app/app/page.tsx', '/app', [routerImport()]);
  const records = new Map([home, todo, spa].map((r) => [r.filePath, r]));
  const pages = [home, todo, spa].map((r) => ({ route: r.route ?? '', filePath: r.filePath }));

  it.each([
    ['/', home.filePath, {}],
    ['/todos/7?tab=x', todo.filePath, { id: '7' }],
    ['/app', spa.filePath, {}],
    // No page file serves it: the page holding a client-side router does.
    ['/settings/profile', spa.filePath, {}],
  ])('%s is served by %s', (route, filePath, params) => {
    expect(pageFor(pages, records, route)).toEqual({ filePath, params });
  });

  it('is null (a 404) when no page serves the route and none holds a router', () => {
    const plain = new Map([home, todo].map((r) => [r.filePath, r]));
    expect(pageFor(pages.slice(0, 2), plain, '/nowhere')).toBeNull();
  });
});

describe('pageRouterFor', () => {
  const EngineRouter = () => null;
  const libraries = new Map([['react-router-dom', { EngineRouter }]]);
  it.each([
    ['no module imports react-router', [record('apps/web/src/app/page.tsx', '/')], null],
    [
      'a module imports react-router',
      [record('apps/web/src/app/page.tsx', '/', [routerImport()])],
      EngineRouter,
    ],
    [
      'the revision brings its own data router',
      [
        record('apps/web/src/app/page.tsx', '/', [routerImport()]),
        record('apps/web/src/components/App.tsx', null, [routerImport(['RouterProvider'])]),
      ],
      null,
    ],
  ])('%s', (_name, recs, expected) => {
    expect(pageRouterFor(new Map(recs.map((r) => [r.filePath, r])), libraries)).toBe(expected);
  });
});

describe('errorData', () => {
  const thrown = (message: string, stack: string) => Object.assign(new Error(message), { stack });
  it.each([
    [
      'a compile error with sucrase loc (0-based column)',
      { message: 'Unexpected token', loc: { line: 3, column: 4 } },
      'x.tsx',
      { message: 'Unexpected token' },
    ],
    [
      'compile-error data',
      { message: 'Bad', line: 2, column: 5 },
      undefined,
      { message: 'Bad', line: 2, column: 5 },
    ],
    ['a thrown string', 'boom', undefined, { message: 'boom' }],
  ])('%s', (_name, error, filePath, expected) => {
    expect(errorData(error, filePath)).toEqual(expected);
  });

  it('places a thrown error by its kiln:/// frame, less the evaluator wrapper lines', () => {
    const error = thrown(
      'x is not a function',
      'TypeError: x\n    at Page (kiln:///apps/web/src/app/page.tsx:13:7)',
    );
    expect(errorData(error, 'apps/web/src/app/page.tsx')).toMatchObject({
      message: 'x is not a function',
      line: 10,
      column: 7,
    });
    expect(errorData(error, 'apps/web/src/app/other.tsx')).not.toHaveProperty('line');
  });

  it('places an error with a loc at loc.line and column + 1', () => {
    const error = Object.assign(new Error('Unexpected token'), { loc: { line: 3, column: 4 } });
    expect(errorData(error, 'x.tsx')).toMatchObject({ line: 3, column: 5 });
  });
});
