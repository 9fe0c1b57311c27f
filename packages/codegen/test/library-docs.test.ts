/**
 * The documentation catalogue in codegen stays in step with the libraries the preview runtime ships.
 * (codegen itself must not import @kiln/preview; this test may.)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { builtinProjectSource, compileModule, LIBRARY_CATALOGUE } from '@kiln/preview';
import { describe, expect, it } from 'vitest';
import {
  LIBRARY_DOCS,
  libraryDocsFor,
  libraryNames,
  MAX_PACKAGES_PER_CALL,
  packageDocumentation,
} from '../src/library-docs.ts';

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
      if (doc.platform === 'functions') continue; // the functions bundler provides these (issue 19)
      const projectBuiltin = builtinProjectSource(doc.name) === doc.name; // e.g. @/utils/useUpload
      expect(doc.name in LIBRARY_CATALOGUE || builtins.has(doc.name) || projectBuiltin, doc.name).toBe(true);
    }
  });

  it("documents Kiln's integrations for functions, which the functions bundler provides (issue 19)", () => {
    const integrations = LIBRARY_DOCS.filter((d) => d.platform === 'functions').map((d) => d.name);
    expect(integrations).toEqual(['@/integrations/ai', '@/integrations/stripe', '@/integrations/email']);
    expect(libraryDocsFor('a tea shop that takes payments with stripe').map((d) => d.name)).toContain(
      '@/integrations/stripe',
    );
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

describe('packageDocumentation (the package_documentation tool)', () => {
  it('answers each named package with its doc block, by exact name, short name or with a version', () => {
    const answer = packageDocumentation('Recharts, button\n`date-fns@4`\n@radix-ui/react-dialog');
    expect(answer.status).toBe('success');
    expect(answer.found).toEqual([
      'recharts',
      '@/components/ui/button',
      'date-fns',
      '@radix-ui/react-dialog',
    ]);
    expect(answer.missing).toEqual([]);
    expect(answer.output.match(/<kiln:doc name="([^"]+)"/g)).toEqual([
      '<kiln:doc name="recharts"',
      '<kiln:doc name="@/components/ui/button"',
      '<kiln:doc name="date-fns"',
      '<kiln:doc name="@radix-ui/react-dialog"',
    ]);
    expect(answer.output).not.toContain('Not available');
  });

  it('says which packages are not available and lists those of the platform', () => {
    const web = packageDocumentation('chart.js');
    expect(web.status).toBe('error');
    expect(web.output).toBe(
      `Not available: chart.js. Available packages: ${libraryNames('web').join(', ')}.`,
    );
    const mobile = packageDocumentation('lottie-react-native, expo-router', ['mobile']);
    expect(mobile.status).toBe('success');
    expect(mobile.found).toEqual(['expo-router']);
    expect(mobile.output).toContain(
      `Not available: lottie-react-native. Available packages: ${libraryNames('mobile').join(', ')}.`,
    );
    expect(packageDocumentation('  ').output).toMatch(/^No package was named\. Available packages: /);
  });

  it(`answers at most ${MAX_PACKAGES_PER_CALL} packages per call and says which were left`, () => {
    const answer = packageDocumentation(
      'clsx, zustand, date-fns, recharts, tailwind-merge, framer-motion, motion/react',
    );
    expect(answer.found).toHaveLength(MAX_PACKAGES_PER_CALL);
    expect(answer.output).toContain('not looked up: framer-motion, motion/react.');
  });
});
