import { describe, expect, it } from 'vitest';
import { repairModulePath } from './module-path-repair.ts';

describe('repairModulePath', () => {
  it.each([
    ['apps/web/src/app/page.tsx', 'apps/web/src/app/page.tsx'],
    ['app/page.tsx', 'apps/web/src/app/page.tsx'],
    ['./src/app/todos/page.tsx', 'apps/web/src/app/todos/page.tsx'],
    ['/src/components/Card.tsx', 'apps/web/src/components/Card.tsx'],
    ['components/Card.tsx', 'apps/web/src/components/Card.tsx'],
    ['components/Card', 'apps/web/src/components/Card.tsx'],
    ['apps/web/app/api/todos/route', 'apps/web/src/app/api/todos/route.ts'],
    ['web/src/app/page.tsx', 'apps/web/src/app/page.tsx'],
    ['mobile/src/app/index.tsx', 'apps/mobile/src/app/index.tsx'],
    ['pages/index.tsx', 'apps/web/src/app/page.tsx'],
    ['src/pages/about.jsx', 'apps/web/src/app/about/page.tsx'],
    ['apps\\web\\src\\components\\Card.tsx', 'apps/web/src/components/Card.tsx'],
  ])('%s → %s', (raw, path) => {
    expect(repairModulePath(raw)).toEqual({ path });
  });

  it('maps another extension of an existing module to that module', () => {
    const existing = ['apps/web/src/app/page.tsx', 'apps/web/src/utils/format.ts'];
    expect(repairModulePath('apps/web/src/app/page.jsx', existing)).toEqual({
      path: 'apps/web/src/app/page.tsx',
    });
    expect(repairModulePath('src/utils/format.js', existing)).toEqual({
      path: 'apps/web/src/utils/format.ts',
    });
    expect(repairModulePath('apps/web/src/app/about/page.jsx', existing)).toEqual({
      path: 'apps/web/src/app/about/page.jsx',
    });
  });

  it.each([
    ['package.json', 'Path package.json is not in a known source directory'],
    ['../etc/passwd.ts', 'Path ../etc/passwd.ts is not in a known source directory'],
    ['tailwind.config.js', 'Path tailwind.config.js is not in a known source directory'],
    ['src/index.css', 'Path src/index.css does not have a valid extension'],
    ['', 'Path  is not in a known source directory'],
  ])("refuses %j with the spec's message", (raw, error) => {
    expect(repairModulePath(raw)).toEqual({ error });
  });
});
