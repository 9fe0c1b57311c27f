import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { LIBRARY_CATALOGUE } from '@kiln/preview';
import { describe, expect, it } from 'vitest';
import { EXPORT_APP_DEPENDENCIES, EXPORT_TOOL_DEPENDENCIES, exportDependencies } from './versions';

const require = createRequire(import.meta.url);

/** The version Kiln has installed (its lockfile's), found from the preview package as the preview finds it. */
function installed(name: string): string {
  const from = dirname(require.resolve('@kiln/preview'));
  for (let dir = from; dir !== dirname(dir); dir = dirname(dir)) {
    try {
      return JSON.parse(readFileSync(join(dir, 'node_modules', name, 'package.json'), 'utf8')).version;
    } catch {
      // not in this node_modules: look further up
    }
  }
  throw new Error(`${name} is not installed`);
}

describe('the export dependency set', () => {
  it('pins every package of the preview library catalogue', () => {
    // `date-fns/locale` → `date-fns`, `@radix-ui/react-slot` stays.
    const root = (source: string) =>
      source
        .split('/')
        .slice(0, source.startsWith('@') ? 2 : 1)
        .join('/');
    const packages = new Set(
      Object.values(LIBRARY_CATALOGUE).flatMap((entry) => ('package' in entry ? [root(entry.package)] : [])),
    );
    expect(packages.size).toBeGreaterThan(20);
    for (const name of packages) expect(EXPORT_APP_DEPENDENCIES, name).toHaveProperty([name]);
  });

  it.each(Object.entries({ ...EXPORT_APP_DEPENDENCIES, ...EXPORT_TOOL_DEPENDENCIES }))(
    '%s is pinned to the version Kiln runs (%s)',
    (name, version) => {
      expect(version).toMatch(/^\d+\.\d+\.\d+$/);
      expect(installed(name)).toBe(version);
    },
  );

  it('is sorted by name, as npm writes package.json', () => {
    const names = Object.keys(exportDependencies());
    expect(names).toEqual([...names].sort());
  });
});
