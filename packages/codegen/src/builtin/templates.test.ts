import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { embeddedSource, GENERATED_FILE } from '../../scripts/embed-templates.ts';
import { TEMPLATES } from './templates.gen.ts';
import { fillTemplate, fillText, withApiUtils } from './templates.ts';

describe('builtin templates', () => {
  it('templates.gen.ts holds the current template files (run npm run build -w @kiln/codegen when this fails)', () => {
    expect(readFileSync(GENERATED_FILE, 'utf8')).toBe(embeddedSource());
  });

  it('fills code, text and identifier placeholders in one pass and drops template-only comment lines', () => {
    const filled = fillTemplate('_shared/components/AppHeader.tsx', {
      KilnIcon: 'Star',
      navLinks: "    { href: '/', label: 'kiln-hue' },",
      maxWidth: 'max-w-xl',
      hue: 'teal',
      titleText: 'kiln.title',
    });
    expect(filled).toContain("import { Star } from 'lucide-react';");
    expect(filled).toContain("  const navLinks = [\n    { href: '/', label: 'kiln-hue' },\n  ];");
    expect(filled).toContain('bg-teal-600 text-white shadow-sm shadow-teal-600/30');
    expect(filled).toContain('<span className="text-lg">kiln.title</span>');
    expect(filled).toContain('mx-auto flex max-w-xl items-center');
    expect(
      fillText(
        'a\n  // @ts-expect-error kiln: why\n    {/* biome-ignore lint/a11y/y: kiln: why */}\n  // biome-ignore lint/a11y/x: kiln: why\nkiln.list;\nkiln.empty,\nimport { X } from "y"; // kiln: for the check only\nb // kiln stays\n',
        { list: '  one\n  two', empty: '' },
      ),
    ).toBe('a\n  one\n  two\nb // kiln stays\n');
  });

  it("adds each shared module the routes import once, before them: _shared/ or the app's own", () => {
    const route = (path: string, content: string) => ({
      filePath: path,
      moduleType: 'FUNCTION' as const,
      content,
    });
    const modules = withApiUtils(
      [
        route(
          'apps/web/src/app/api/todos/route.ts',
          "import { readBody } from '@/app/api/utils/request';\nimport sql from '@/app/api/utils/sql';\nimport { toTodo } from '@/app/api/utils/todo-list';\n",
        ),
        route(
          'apps/web/src/app/api/todos/[id]/route.ts',
          "import { notFound } from '@/app/api/utils/request';\n",
        ),
      ],
      {},
    );
    expect(modules.map((m) => [m.filePath, m.moduleType])).toEqual([
      ['apps/web/src/app/api/utils/request.ts', 'FILE'],
      ['apps/web/src/app/api/utils/todo-list.ts', 'FILE'],
      ['apps/web/src/app/api/todos/route.ts', 'FUNCTION'],
      ['apps/web/src/app/api/todos/[id]/route.ts', 'FUNCTION'],
    ]);
    expect(modules[0]?.content).toBe(TEMPLATES['_shared/app/api/utils/request.ts']);
    expect(modules[1]?.content).toContain('export function toTodo(row: Record<string, unknown>)');
    expect(() =>
      withApiUtils(
        [route('apps/web/src/app/api/x/route.ts', "import { x } from '@/app/api/utils/nope';\n")],
        {},
      ),
    ).toThrow('No builtin template nope/app/api/utils/nope.ts');
  });

  it('names the placeholder a template is missing a value for', () => {
    expect(() => fillTemplate('_shared/components/AppHeader.tsx', { KilnIcon: 'Star' })).toThrow(
      'The template _shared/components/AppHeader.tsx needs a value for kiln.navLinks',
    );
    expect(() => fillTemplate('nope/page.tsx', {})).toThrow('No builtin template nope/page.tsx');
  });

  it('every template leaves no placeholder behind', () => {
    const vars = new Proxy({}, { get: () => 'VALUE' }) as Record<string, string>;
    for (const path of Object.keys(TEMPLATES))
      expect(fillTemplate(path, vars)).not.toMatch(/kiln[.-][A-Za-z]|\bKiln[A-Z]/);
  });
});
