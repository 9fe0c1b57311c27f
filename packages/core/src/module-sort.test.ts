import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareModules, MODULE_TYPE_SORT_ORDER, sortModules } from './module-sort';
import { MODULE_TYPES, type ModuleType } from './module-types';

type M = { moduleType: ModuleType; filePath: string; id?: number };
const m = (moduleType: ModuleType, filePath: string): M => ({ moduleType, filePath });

describe('sortModules (spec §5)', () => {
  it('orders types PAGE, EXPO_PAGE, COMPONENT, FUNCTION, design-system component, design-system page, auth pages, FILE', () => {
    expect(MODULE_TYPE_SORT_ORDER).toEqual([
      'PAGE',
      'EXPO_PAGE',
      'COMPONENT',
      'FUNCTION',
      'DESIGN_SYSTEM_COMPONENT',
      'DESIGN_SYSTEM_PAGE',
      'AUTH_PAGE_SIGN_IN',
      'AUTH_PAGE_SIGN_UP',
      'AUTH_PAGE_LOGOUT',
      'FILE',
    ]);
    expect([...MODULE_TYPE_SORT_ORDER].sort()).toEqual([...MODULE_TYPES].sort());
    const shuffled = [...MODULE_TYPE_SORT_ORDER].reverse().map((t) => m(t, 'a.tsx'));
    expect(sortModules(shuffled).map((x) => x.moduleType)).toEqual(MODULE_TYPE_SORT_ORDER);
  });

  it.each<[string, M[], string[]]>([
    [
      'paths without bracket segments come first',
      [m('PAGE', 'apps/web/src/app/a/[id]/page.tsx'), m('PAGE', 'apps/web/src/app/z/page.tsx')],
      ['apps/web/src/app/z/page.tsx', 'apps/web/src/app/a/[id]/page.tsx'],
    ],
    [
      'then paths with an x-ending extension',
      [m('FILE', 'apps/web/src/a.ts'), m('FILE', 'apps/web/src/z.tsx'), m('FILE', 'apps/web/src/b.jsx')],
      ['apps/web/src/b.jsx', 'apps/web/src/z.tsx', 'apps/web/src/a.ts'],
    ],
    [
      'bracket rule before extension rule',
      [m('FILE', 'apps/web/src/[id]/a.tsx'), m('FILE', 'apps/web/src/z.ts')],
      ['apps/web/src/z.ts', 'apps/web/src/[id]/a.tsx'],
    ],
    [
      'then alphabetical, ignoring case',
      [
        m('COMPONENT', 'apps/web/src/components/b.tsx'),
        m('COMPONENT', 'apps/web/src/components/C.tsx'),
        m('COMPONENT', 'apps/web/src/components/a.tsx'),
      ],
      ['apps/web/src/components/a.tsx', 'apps/web/src/components/b.tsx', 'apps/web/src/components/C.tsx'],
    ],
    [
      'paths differing only in case: uppercase first (code-unit order)',
      [m('FILE', 'apps/web/src/a.ts'), m('FILE', 'apps/web/src/A.ts')],
      ['apps/web/src/A.ts', 'apps/web/src/a.ts'],
    ],
    [
      'type before any path rule',
      [m('FUNCTION', 'apps/web/src/app/api/a/route.ts'), m('PAGE', 'apps/web/src/app/[id]/page.tsx')],
      ['apps/web/src/app/[id]/page.tsx', 'apps/web/src/app/api/a/route.ts'],
    ],
  ])('%s', (_name, input, expected) => {
    expect(sortModules(input).map((x) => x.filePath)).toEqual(expected);
  });

  it('returns a new array and leaves the input alone', () => {
    const input = [m('FILE', 'b.ts'), m('PAGE', 'a.tsx')];
    const copy = [...input];
    const out = sortModules(input);
    expect(out).not.toBe(input);
    expect(input).toEqual(copy);
  });
});

describe('sort order properties', () => {
  const path = fc.oneof(
    fc.constantFrom('a.tsx', 'A.tsx', 'a.ts', 'b.jsx', '[id]/page.tsx', 'x/[slug]/route.ts', 'Z.js', 'z.js'),
    fc.stringMatching(/^[A-Za-z[\]/.]{0,12}$/),
  );
  const mod = fc.record({ moduleType: fc.constantFrom(...MODULE_TYPES), filePath: path });

  it('compareModules is a total order: reflexive, antisymmetric, transitive, and equal only for equal modules', () => {
    fc.assert(
      fc.property(mod, mod, mod, (a, b, c) => {
        expect(compareModules(a, a)).toBe(0);
        expect(Math.sign(compareModules(a, b)) + Math.sign(compareModules(b, a))).toBe(0);
        if (compareModules(a, b) <= 0 && compareModules(b, c) <= 0)
          expect(compareModules(a, c)).toBeLessThanOrEqual(0);
        if (compareModules(a, b) === 0) expect(a).toEqual(b);
      }),
    );
  });

  it('sorting is idempotent and independent of input order', () => {
    fc.assert(
      fc.property(fc.array(mod, { maxLength: 20 }), fc.infiniteStream(fc.nat()), (mods, rnd) => {
        const sorted = sortModules(mods);
        expect(sortModules(sorted)).toEqual(sorted);
        const shuffled = [...mods];
        for (let i = shuffled.length - 1; i > 0; i--) {
          const j = (rnd.next().value as number) % (i + 1);
          [shuffled[i], shuffled[j]] = [shuffled[j] as M, shuffled[i] as M];
        }
        expect(sortModules(shuffled)).toEqual(sorted);
        for (let i = 1; i < sorted.length; i++) {
          expect(compareModules(sorted[i - 1] as M, sorted[i] as M)).toBeLessThanOrEqual(0);
        }
      }),
    );
  });

  it('is stable: equal modules keep their input order', () => {
    fc.assert(
      fc.property(fc.array(mod, { maxLength: 10 }), (mods) => {
        const tagged = [...mods, ...mods].map((x, id) => ({ ...x, id }));
        const sorted = sortModules(tagged);
        for (let i = 1; i < sorted.length; i++) {
          const [prev, cur] = [sorted[i - 1] as M, sorted[i] as M];
          if (compareModules(prev, cur) === 0) expect(prev.id as number).toBeLessThan(cur.id as number);
        }
      }),
    );
  });
});
