/**
 * The documentation catalogue in codegen stays in step with the libraries the preview runtime ships.
 * (codegen itself must not import @kiln/preview; this test may.)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileModule, LIBRARY_CATALOGUE } from '@kiln/preview';
import { describe, expect, it } from 'vitest';
import { LIBRARY_DOCS, libraryDocsFor } from '../src/library-docs.ts';

const previewRoot = join(import.meta.dirname, '../../preview');

/** The version of an npm package as installed for the preview (`motion/react` → motion's). */
function installedVersion(source: string): string {
  const parts = source.split('/');
  const name = source.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? source);
  for (const dir of [join(previewRoot, 'node_modules'), join(previewRoot, '../../node_modules')]) {
    try {
      return (JSON.parse(readFileSync(join(dir, name, 'package.json'), 'utf8')) as { version: string })
        .version;
    } catch {
      // Not installed here: try the workspace root.
    }
  }
  throw new Error(`${name} is not installed`);
}

/** Import sources the runtime resolves outside LIBRARY_CATALOGUE: lucide icons and the expo-router shim. */
function runtimeBuiltins(): Set<string> {
  const out = new Set<string>();
  const shims = readFileSync(join(previewRoot, 'src/runtime/expo-shims.tsx'), 'utf8');
  if (shims.includes("'expo-router': {")) out.add('expo-router');
  const icons = compileModule(
    "import { Plus } from 'lucide-react';\nexport default function A() { return <Plus />; }\n",
    'apps/web/src/components/A.tsx',
  );
  if (icons.imports.some((i) => i.kind === 'icons' && i.source === 'lucide-react')) out.add('lucide-react');
  return out;
}

describe('library documentation catalogue', () => {
  it('documents only libraries the preview runtime resolves', () => {
    const builtins = runtimeBuiltins();
    expect([...builtins].sort()).toEqual(['expo-router', 'lucide-react']);
    for (const doc of LIBRARY_DOCS) {
      expect(doc.name in LIBRARY_CATALOGUE || builtins.has(doc.name), doc.name).toBe(true);
    }
  });

  it('covers the libraries of the brief: react-native, dates, state, data fetching, motion, classes, charts, radix, shadcn, icons, storage', () => {
    const names = new Set(LIBRARY_DOCS.map((d) => d.name));
    for (const name of [
      'react-native',
      'date-fns',
      'zustand',
      '@tanstack/react-query',
      'framer-motion',
      'motion/react',
      'clsx',
      'tailwind-merge',
      'recharts',
      '@radix-ui/react-dialog',
      '@/components/ui/button',
      'lucide-react',
      '@expo/vector-icons',
      '@react-native-async-storage/async-storage',
    ])
      expect(names.has(name), name).toBe(true);
  });

  it('has every field of the spec catalogue entry, unique names, and each npm version is the one bundled', () => {
    const seen = new Set<string>();
    for (const doc of LIBRARY_DOCS) {
      expect(seen.has(doc.name), doc.name).toBe(false);
      seen.add(doc.name);
      expect(doc.importStatement, doc.name).toMatch(/^import .+ from '[^']+';$/);
      expect(doc.importStatement, doc.name).toContain(`'${doc.name}'`);
      expect(doc.exports.length, doc.name).toBeGreaterThan(0);
      expect(doc.documentation.length, doc.name).toBeGreaterThan(40);
      expect(doc.version, doc.name).not.toBe('');
      expect(doc.useCases.length, doc.name).toBeGreaterThan(0);
      const entry = LIBRARY_CATALOGUE[doc.name];
      if (entry && 'package' in entry)
        expect(doc.version, doc.name).toContain(installedVersion(entry.package));
    }
  });

  it('matches a prompt to libraries by use case, most relevant first', () => {
    expect(libraryDocsFor('a crypto portfolio with charts').map((d) => d.name)[0]).toBe('recharts');
    expect(libraryDocsFor('a booking calendar').map((d) => d.name)).toContain('date-fns');
    expect(libraryDocsFor('hello').map((d) => d.name)).toEqual([]);
    expect(libraryDocsFor('tweak it', ["import { create } from 'zustand';"]).map((d) => d.name)).toEqual([
      'zustand',
    ]);
  });
});
