import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isKilnError, type KilnError } from './errors';
import { MESSAGES } from './messages';
import { toRouteSegment } from './module-names';
import {
  defaultFilePath,
  filePathToRoute,
  isValidModulePath,
  moduleName,
  moduleTypeFromPath,
  routeToFilePath,
  validateModulePath,
} from './module-paths';
import { MODULE_TYPES, type ModuleType } from './module-types';

function thrown(fn: () => unknown): KilnError {
  try {
    fn();
  } catch (e) {
    if (isKilnError(e)) return e;
    throw e;
  }
  throw new Error('expected a KilnError');
}

describe('defaultFilePath: module type → default file path', () => {
  it.each<[ModuleType, string | undefined, string]>([
    ['PAGE', undefined, 'apps/web/src/app/new-page/page.tsx'],
    ['PAGE', 'New Page', 'apps/web/src/app/new-page/page.tsx'],
    ['PAGE', 'My Todos!', 'apps/web/src/app/my-todos/page.tsx'],
    ['PAGE', 'Homepage', 'apps/web/src/app/page.tsx'],
    ['PAGE', '!!!', 'apps/web/src/app/new-page/page.tsx'],
    ['EXPO_PAGE', undefined, 'apps/mobile/src/app/new-mobile-page/index.tsx'],
    ['EXPO_PAGE', 'Settings', 'apps/mobile/src/app/settings/index.tsx'],
    ['EXPO_PAGE', 'homepage', 'apps/mobile/src/app/index.tsx'],
    ['COMPONENT', undefined, 'apps/web/src/components/NewComponent.tsx'],
    ['COMPONENT', 'Todo Item', 'apps/web/src/components/TodoItem.tsx'],
    ['COMPONENT', '', 'apps/web/src/components/NewComponent.tsx'],
    ['FUNCTION', undefined, 'apps/web/src/app/api/new-function/route.ts'],
    ['FUNCTION', 'Get Todos', 'apps/web/src/app/api/get-todos/route.ts'],
    ['AUTH_PAGE_SIGN_IN', undefined, 'apps/web/src/app/account/signin/page.tsx'],
    ['AUTH_PAGE_SIGN_UP', undefined, 'apps/web/src/app/account/signup/page.tsx'],
    ['AUTH_PAGE_LOGOUT', undefined, 'apps/web/src/app/account/logout/page.tsx'],
    ['AUTH_PAGE_SIGN_IN', 'Login', 'apps/web/src/app/account/signin/page.tsx'],
    ['DESIGN_SYSTEM_PAGE', 'Buttons', 'apps/web/src/design-system/buttons/page.tsx'],
    ['DESIGN_SYSTEM_PAGE', undefined, 'apps/web/src/design-system/new-page/page.tsx'],
    ['DESIGN_SYSTEM_COMPONENT', 'Primary Button', 'apps/web/src/design-system/components/PrimaryButton.tsx'],
    ['DESIGN_SYSTEM_COMPONENT', undefined, 'apps/web/src/design-system/components/NewComponent.tsx'],
  ])('%s named %j → %s', (t, name, path) => {
    expect(defaultFilePath(t, name)).toBe(path);
  });

  it('throws a validation error for FILE: "Cannot get default file path for file module type"', () => {
    const e = thrown(() => defaultFilePath('FILE'));
    expect(e.kind).toBe('validation');
    expect(e.status).toBe(400);
    expect(e.message).toBe('Cannot get default file path for file module type');
  });

  it('gives a valid path of the same module type for every name', () => {
    const types = MODULE_TYPES.filter((t) => t !== 'FILE');
    fc.assert(
      fc.property(fc.constantFrom(...types), fc.string({ unit: 'binary', maxLength: 30 }), (t, name) => {
        const path = defaultFilePath(t, name);
        expect(isValidModulePath(path)).toBe(true);
        expect(moduleTypeFromPath(path)).toBe(t);
      }),
    );
  });

  it('names a new page, mobile page, function or component back with the name it was created with', () => {
    const word = fc.stringMatching(/^[A-Z][a-z]{1,8}$/);
    const name = fc.array(word, { minLength: 1, maxLength: 4 }).map((ws) => ws.join(' '));
    fc.assert(
      fc.property(fc.constantFrom<ModuleType>('PAGE', 'EXPO_PAGE', 'FUNCTION', 'COMPONENT'), name, (t, n) => {
        expect(moduleName(defaultFilePath(t, n))).toBe(n);
      }),
    );
  });
});

describe('moduleTypeFromPath', () => {
  it.each<[string, ModuleType]>([
    ['apps/web/src/app/page.tsx', 'PAGE'],
    ['apps/web/src/app/todos/[id]/page.tsx', 'PAGE'],
    ['apps/web/src/app/todos/page.jsx', 'PAGE'],
    ['apps/web/src/app/api/docs/page.tsx', 'PAGE'],
    ['apps/web/src/app/account/page.tsx', 'PAGE'],
    ['apps/web/src/app/layout.tsx', 'FILE'],
    ['apps/mobile/src/app/index.tsx', 'EXPO_PAGE'],
    ['apps/mobile/src/app/(tabs)/home/index.tsx', 'EXPO_PAGE'],
    ['apps/mobile/src/app/_layout.tsx', 'FILE'],
    ['apps/web/src/components/TodoItem.tsx', 'COMPONENT'],
    ['apps/web/src/components/forms/Field.jsx', 'COMPONENT'],
    ['apps/web/src/components/utils.ts', 'FILE'],
    ['apps/mobile/src/components/Card.tsx', 'FILE'],
    ['apps/web/src/app/api/todos/route.ts', 'FUNCTION'],
    ['apps/web/src/app/api/route.js', 'FUNCTION'],
    ['apps/web/src/app/api/todos/[id]/route.ts', 'FUNCTION'],
    ['apps/web/src/app/todos/route.ts', 'FILE'],
    ['apps/web/src/app/account/signin/page.tsx', 'AUTH_PAGE_SIGN_IN'],
    ['apps/web/src/app/account/signup/page.tsx', 'AUTH_PAGE_SIGN_UP'],
    ['apps/web/src/app/account/logout/page.tsx', 'AUTH_PAGE_LOGOUT'],
    ['apps/web/src/design-system/buttons/page.tsx', 'DESIGN_SYSTEM_PAGE'],
    ['apps/web/src/design-system/components/page.tsx', 'DESIGN_SYSTEM_PAGE'],
    ['apps/web/src/design-system/components/Button.tsx', 'DESIGN_SYSTEM_COMPONENT'],
    ['apps/web/src/design-system/tokens.ts', 'FILE'],
    ['apps/web/src/app/page.css', 'FILE'],
    ['package.json', 'FILE'],
    ['', 'FILE'],
  ])('%s is a %s', (path, t) => {
    expect(moduleTypeFromPath(path)).toBe(t);
  });
});

describe('filePathToRoute', () => {
  it.each<[string, string | null]>([
    ['apps/web/src/app/page.tsx', '/'],
    ['apps/web/src/app/todos/page.tsx', '/todos'],
    ['apps/web/src/app/todos/[id]/page.tsx', '/todos/[id]'],
    ['apps/web/src/app/my-todos/page.tsx', '/my-todos'],
    ['apps/mobile/src/app/index.tsx', '/'],
    ['apps/mobile/src/app/settings/index.tsx', '/settings'],
    ['apps/mobile/src/app/(tabs)/index.tsx', '/'],
    ['apps/mobile/src/app/(tabs)/settings/(modal)/profile/index.tsx', '/settings/profile'],
    ['apps/web/src/app/api/todos/route.ts', '/api/todos'],
    ['apps/web/src/app/api/todos/[id]/route.ts', '/api/todos/[id]'],
    ['apps/web/src/app/api/route.ts', '/api'],
    ['apps/web/src/app/account/signin/page.tsx', '/account/signin'],
    ['apps/web/src/app/account/signup/page.tsx', '/account/signup'],
    ['apps/web/src/app/account/logout/page.tsx', '/account/logout'],
    ['apps/web/src/components/TodoItem.tsx', null],
    ['apps/web/src/design-system/buttons/page.tsx', null],
    ['apps/web/src/design-system/components/Button.tsx', null],
    ['apps/web/src/lib/utils.ts', null],
  ])('%s is served at %s', (path, route) => {
    expect(filePathToRoute(path)).toBe(route);
  });
});

describe('routeToFilePath', () => {
  it.each<[string, ModuleType, string]>([
    ['/', 'PAGE', 'apps/web/src/app/page.tsx'],
    ['', 'PAGE', 'apps/web/src/app/page.tsx'],
    ['/todos', 'PAGE', 'apps/web/src/app/todos/page.tsx'],
    ['/todos/', 'PAGE', 'apps/web/src/app/todos/page.tsx'],
    ['/todos/[id]?tab=1#top', 'PAGE', 'apps/web/src/app/todos/[id]/page.tsx'],
    ['/', 'EXPO_PAGE', 'apps/mobile/src/app/index.tsx'],
    ['/settings', 'EXPO_PAGE', 'apps/mobile/src/app/settings/index.tsx'],
    ['/api/todos', 'FUNCTION', 'apps/web/src/app/api/todos/route.ts'],
    ['/todos', 'FUNCTION', 'apps/web/src/app/api/todos/route.ts'],
    ['/api', 'FUNCTION', 'apps/web/src/app/api/route.ts'],
    ['/account/signin', 'AUTH_PAGE_SIGN_IN', 'apps/web/src/app/account/signin/page.tsx'],
    ['/login', 'AUTH_PAGE_SIGN_IN', 'apps/web/src/app/login/page.tsx'],
  ])('%j as %s → %s', (route, t, path) => {
    expect(routeToFilePath(route, t)).toBe(path);
  });

  it.each<ModuleType>(['COMPONENT', 'FILE', 'DESIGN_SYSTEM_PAGE', 'DESIGN_SYSTEM_COMPONENT'])(
    '%s has no route: validation error',
    (t) => {
      const e = thrown(() => routeToFilePath('/x', t));
      expect(e.kind).toBe('validation');
      expect(e.message).toBe(MESSAGES.noRouteForModuleType(t));
    },
  );

  it('rejects routes that climb out with ..', () => {
    expect(thrown(() => routeToFilePath('/a/../../etc', 'PAGE')).kind).toBe('validation');
  });
});

describe('route round trips (property)', () => {
  const plain = fc.stringMatching(/^[a-z0-9]{1,8}(-[a-z0-9]{1,8}){0,2}$/);
  const dynamic = fc.stringMatching(/^[a-z]{1,6}$/).chain((p) => fc.constantFrom(`[${p}]`, `[...${p}]`));
  const segment = fc.oneof({ weight: 4, arbitrary: plain }, { weight: 1, arbitrary: dynamic });
  const segments = fc.array(segment, { maxLength: 5 });
  const group = fc.stringMatching(/^[a-z]{1,6}$/).map((g) => `(${g})`);
  const join = (base: string, segs: readonly string[], file: string) => [base, ...segs, file].join('/');

  it('file path → route → file path gives the same path for pages, mobile pages and functions', () => {
    const path = fc.oneof(
      segments.map((s) => join('apps/web/src/app', s, 'page.tsx')),
      segments.map((s) => join('apps/mobile/src/app', s, 'index.tsx')),
      segments.map((s) => join('apps/web/src/app/api', s, 'route.ts')),
    );
    fc.assert(
      fc.property(path, (p) => {
        const route = filePathToRoute(p);
        expect(route).not.toBeNull();
        expect(routeToFilePath(route as string, moduleTypeFromPath(p))).toBe(p);
      }),
    );
  });

  it('route → file path → route gives the same route', () => {
    fc.assert(
      fc.property(segments, fc.constantFrom<ModuleType>('PAGE', 'EXPO_PAGE', 'FUNCTION'), (segs, t) => {
        const route =
          t === 'FUNCTION' ? `/api${segs.length ? `/${segs.join('/')}` : ''}` : `/${segs.join('/')}`;
        expect(filePathToRoute(routeToFilePath(route, t))).toBe(route);
      }),
    );
  });

  it('mobile group folders are dropped, and the route maps to the same route without them', () => {
    const mixed = fc.array(fc.oneof(segment, group), { maxLength: 6 });
    fc.assert(
      fc.property(mixed, (segs) => {
        const route = filePathToRoute(join('apps/mobile/src/app', segs, 'index.tsx'));
        const expected = `/${segs.filter((s) => !s.startsWith('(')).join('/')}`;
        expect(route).toBe(expected);
        expect(filePathToRoute(routeToFilePath(expected, 'EXPO_PAGE'))).toBe(expected);
      }),
    );
  });

  it('routes of new pages are lowercase hyphenated words', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (name) => {
        const route = filePathToRoute(defaultFilePath('PAGE', name)) as string;
        const segment = toRouteSegment(name) || 'new-page';
        expect(route).toBe(segment === 'homepage' ? '/' : `/${segment}`);
      }),
    );
  });
});

describe('validateModulePath', () => {
  it.each([
    'apps/web/src/app/page.tsx',
    'apps/web/src/components/TodoItem.jsx',
    'apps/web/src/lib/utils.ts',
    'apps/mobile/src/app/index.js',
    'apps/mobile/src/lib/deep/nested/file.ts',
  ])('accepts %s', (path) => {
    expect(() => validateModulePath(path)).not.toThrow();
    expect(isValidModulePath(path)).toBe(true);
  });

  it.each([
    'src/app/page.tsx',
    'apps/server/src/index.ts',
    '/apps/web/src/app/page.tsx',
    'apps/web/src',
    'apps/web/src/',
    'apps/web/src/../../etc/passwd.ts',
    'apps\\web\\src\\a.ts',
    '',
  ])('rejects %j: not in a known source directory', (path) => {
    const e = thrown(() => validateModulePath(path));
    expect(e.kind).toBe('validation');
    expect(e.message).toBe(`Path ${path} is not in a known source directory`);
  });

  it.each([
    'apps/web/src/app/globals.css',
    'apps/web/src/data.json',
    'apps/mobile/src/app/index.mjs',
    'apps/web/src/app/page.TSX',
    'apps/web/src/app/page',
    'apps/web/src/app/.tsx',
    'apps/web/src/app/',
  ])('rejects %j: no valid extension', (path) => {
    const e = thrown(() => validateModulePath(path));
    expect(e.kind).toBe('validation');
    expect(e.message).toBe(`Path ${path} does not have a valid extension`);
  });
});
