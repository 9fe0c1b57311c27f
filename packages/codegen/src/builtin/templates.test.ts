import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { embeddedSource, GENERATED_FILE } from '../../scripts/embed-templates.ts';
import { TEMPLATES } from './templates.gen.ts';
import { fillTemplate, fillText } from './templates.ts';

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

  it('puts the shared snippet where a template imports it, without its export keywords', () => {
    const filled = fillText(
      "import sql from 'x';\n\nimport { badRequest, readBody } from '@kiln/snippets/read-body';\n\nrest\n",
      {},
    );
    expect(filled).toContain("import sql from 'x';\n\n/** The JSON object a request carries");
    expect(filled).toContain('\nasync function readBody(request: Request)');
    expect(filled).toContain('\nfunction badRequest(error: string) {');
    expect(filled).toMatch(/\}\n\nrest\n$/);
    expect(filled).not.toContain('export ');
    expect(() => fillText("import { x } from '@kiln/snippets/nope';\n", {})).toThrow(
      'No builtin snippet nope',
    );
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
