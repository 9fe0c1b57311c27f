import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { capitalizeWords, fileStem, splitWords, toComponentName, toRouteSegment } from './module-names';
import { moduleName } from './module-paths';

describe('moduleName: the file-naming rule', () => {
  it.each([
    // page, index or route at the root → Homepage
    ['apps/web/src/app/page.tsx', 'Homepage'],
    ['apps/mobile/src/app/index.tsx', 'Homepage'],
    ['apps/mobile/src/app/(tabs)/index.tsx', 'Homepage'],
    ['page.tsx', 'Homepage'],
    ['index.js', 'Homepage'],
    ['app/page.jsx', 'Homepage'],
    // otherwise the parent folder's name, ignoring [bracketed] folders
    ['apps/web/src/app/todos/page.tsx', 'Todos'],
    ['apps/web/src/app/todos/[id]/page.tsx', 'Todos'],
    ['apps/web/src/app/blog/[...slug]/page.tsx', 'Blog'],
    ['apps/web/src/app/my-todos/page.tsx', 'My Todos'],
    ['apps/web/src/app/[id]/page.tsx', 'Homepage'],
    ['apps/mobile/src/app/(tabs)/settings/index.tsx', 'Settings'],
    ['apps/mobile/src/app/settings/(modal)/index.tsx', 'Settings'],
    ['apps/web/src/app/api/todos/route.ts', 'Todos'],
    ['apps/web/src/app/api/todos/[id]/route.ts', 'Todos'],
    ['apps/web/src/app/api/route.ts', 'Api'],
    ['apps/web/src/components/index.ts', 'Components'],
    // auth pages at their default paths keep their auth names
    ['apps/web/src/app/account/signin/page.tsx', 'Sign In'],
    ['apps/web/src/app/account/signup/page.tsx', 'Sign Up'],
    ['apps/web/src/app/account/logout/page.tsx', 'Logout'],
    ['apps/web/src/app/account/page.tsx', 'Account'],
    // any other file → its file name with words capitalised
    ['apps/web/src/components/todo-item.tsx', 'Todo Item'],
    ['apps/web/src/components/TodoItem.tsx', 'Todo Item'],
    ['apps/web/src/components/todo_item.jsx', 'Todo Item'],
    ['apps/web/src/lib/apiClient.ts', 'Api Client'],
    ['apps/web/src/lib/APIClient.ts', 'API Client'],
    ['tailwind.config.js', 'Tailwind Config'],
    ['apps/web/src/lib/utils.ts', 'Utils'],
    ['README', 'README'],
    ['apps/web/src/pages/pagination.tsx', 'Pagination'],
    ['apps/web/src/components/café-menu.tsx', 'Café Menu'],
    // unnamed → New File
    ['', 'New File'],
    ['   ', 'New File'],
    ['apps/web/src/', 'New File'],
    ['apps/web/src/components/.tsx', 'New File'],
    ['apps/web/src/components/---.tsx', 'New File'],
  ])('%j is named %j', (path, name) => {
    expect(moduleName(path)).toBe(name);
  });
});

describe('toRouteSegment: lowercase hyphenated words', () => {
  it.each([
    ['My Todos!', 'my-todos'],
    ['New Page', 'new-page'],
    ['my-todos', 'my-todos'],
    ['  Hello   World  ', 'hello-world'],
    ['TodoItem', 'todo-item'],
    ['APIKeys', 'api-keys'],
    ["Today's Tasks", 'todays-tasks'],
    ['Café Menü', 'cafe-menu'],
    ['Top 10 Lists', 'top-10-lists'],
    ['snake_case_name', 'snake-case-name'],
    ['a/b', 'a-b'],
    ['!!!', ''],
    ['', ''],
    ['日本', ''],
  ])('%j → %j', (words, segment) => {
    expect(toRouteSegment(words)).toBe(segment);
  });

  it('always gives lowercase ASCII words joined by single hyphens, and is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (s) => {
        const seg = toRouteSegment(s);
        expect(seg).toMatch(/^([a-z0-9]+(-[a-z0-9]+)*)?$/);
        expect(toRouteSegment(seg)).toBe(seg);
      }),
    );
  });
});

describe('toComponentName', () => {
  it.each([
    ['Todo Item', 'TodoItem'],
    ['todo item', 'TodoItem'],
    ['todoItem', 'TodoItem'],
    ['New Component', 'NewComponent'],
    ['API client', 'APIClient'],
    ['3d viewer', 'Component3dViewer'],
    ['Café', 'Cafe'],
    ['!!!', ''],
  ])('%j → %j', (name, id) => {
    expect(toComponentName(name)).toBe(id);
  });

  it('always gives a PascalCase identifier or nothing', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (s) => {
        expect(toComponentName(s)).toMatch(/^([A-Z][A-Za-z0-9]*)?$/);
      }),
    );
  });
});

describe('word helpers', () => {
  it('split and capitalise', () => {
    expect(splitWords('todoItem-list_2')).toEqual(['todo', 'Item', 'list', '2']);
    expect(capitalizeWords('hello world')).toBe('Hello World');
    expect(fileStem('page.tsx')).toBe('page');
    expect(fileStem('tailwind.config.js')).toBe('tailwind.config');
    expect(fileStem('.env')).toBe('.env');
  });
});
