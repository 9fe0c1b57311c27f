import { createRequire } from 'node:module';
import { beforeAll, describe, expect, test } from 'vitest';
import { compileModule } from './compile.ts';
import { initTreeSitter } from './partial.ts';
import { isBuilderToPreview, isPreviewToBuilder } from './protocol.ts';
import { appShellHtml } from './shell.ts';
import { addSourceLocations, parseSourceLocation } from './source-locations.ts';

const require = createRequire(import.meta.url);
const PAGE = 'apps/web/src/app/page.tsx';
const source = `import Hero from '@/components/Hero';

export default function Page() {
  const ok = 1 < 2;
  return (
    <main className="p-8">
      <h1>Welcome, é</h1><img src="/a.png" />
      <Hero title="x" />
      <>
        <a href="/about">About</a>
      </>
    </main>
  );
}
`;

beforeAll(async () => {
  await initTreeSitter({
    parser: require.resolve('web-tree-sitter/web-tree-sitter.wasm'),
    tsx: require.resolve('tree-sitter-typescript/tree-sitter-tsx.wasm'),
  });
});

describe('addSourceLocations', () => {
  test('tags each host element with where its opening tag starts, keeping every line in place', () => {
    const located = addSourceLocations(source, PAGE);
    expect(located.split('\n').length).toBe(source.split('\n').length);
    const locs = [...located.matchAll(/<(\w+) data-kiln-loc="([^"]+)"/g)].map((m) => [m[1], m[2]]);
    expect(locs).toEqual([
      ['main', `${PAGE}:6:5`],
      ['h1', `${PAGE}:7:7`],
      ['img', `${PAGE}:7:26`],
      ['a', `${PAGE}:10:9`],
    ]);
    // Components, fragments and comparisons are left alone.
    expect(located).toContain('<Hero title="x" />');
    expect(located).toContain('const ok = 1 < 2;');
    // Each location points at the tag in the original source.
    for (const [tag, value] of locs) {
      const loc = parseSourceLocation(value as string)!;
      const line = source.split('\n')[loc.line - 1] as string;
      expect(line.slice(loc.column - 1).startsWith(`<${tag}`)).toBe(true);
    }
  });

  test('leaves a module that is not TSX, or whose file is too long, as it is', () => {
    expect(addSourceLocations('export const a = 1;', 'apps/web/src/utils/a.ts')).toBe('export const a = 1;');
  });

  test('reads locations back, the path holding colons or not', () => {
    expect(parseSourceLocation('a/b:c.tsx:12:7')).toEqual({ filePath: 'a/b:c.tsx', line: 12, column: 7 });
    expect(parseSourceLocation('nonsense')).toBeNull();
  });

  test('the located module compiles, and the elements carry the attribute', () => {
    const compiled = compileModule(addSourceLocations(source, PAGE), PAGE);
    expect(compiled.code).toContain(`'data-kiln-loc': "${PAGE}:7:7"`);
  });

  test('a published app never carries source locations', () => {
    const html = appShellHtml({
      title: 'App',
      revisionId: 'r1',
      css: '',
      modules: [{ filePath: PAGE, moduleType: 'PAGE', name: 'Homepage', content: source }],
    });
    expect(html).toContain('Welcome');
    expect(html).not.toContain('data-kiln-loc');
    expect(compileModule(source, PAGE).code).not.toContain('data-kiln-loc');
  });
});

describe('Select mode messages', () => {
  const selected = {
    kind: 'kiln:element-selected',
    revisionId: 'r1',
    filePath: PAGE,
    line: 7,
    column: 7,
    tag: 'h1',
    text: 'Welcome',
    src: null,
    href: null,
    rect: { x: 10, y: 20, width: 300, height: 40 },
  };

  test.each<[string, unknown, boolean]>([
    ['a selected element', selected, true],
    ['a selected image', { ...selected, tag: 'img', src: '/a.png' }, true],
    ['a line that is not 1-based', { ...selected, line: 0 }, false],
    ['a column that is not a whole number', { ...selected, column: 1.5 }, false],
    ['a missing box', { ...selected, rect: undefined }, false],
    ['an href that is not text', { ...selected, href: 3 }, false],
    ['leaving Select mode', { kind: 'kiln:select-mode', on: false }, true],
    ['a mode that is not a boolean', { kind: 'kiln:select-mode', on: 'yes' }, false],
    [
      'an upload stored',
      { kind: 'kiln:uploaded', id: 'u1', url: 'http://files.localhost/x.png', error: null },
      true,
    ],
    ['an upload refused', { kind: 'kiln:uploaded', id: 'u1', url: null, error: 'Upload failed.' }, true],
    ['an upload answer without an id', { kind: 'kiln:uploaded', url: null, error: null }, false],
  ])('preview → builder: %s', (_name, message, ok) => {
    expect(isPreviewToBuilder(message)).toBe(ok);
  });

  test('builder → preview: turning Select mode on or off', () => {
    expect(isBuilderToPreview({ kind: 'kiln:select-mode', on: true })).toBe(true);
    expect(isBuilderToPreview({ kind: 'kiln:select-mode' })).toBe(false);
    expect(isBuilderToPreview(selected)).toBe(false);
    expect(isBuilderToPreview({ kind: 'kiln:upload', id: 'u1', file: new Blob(['x']) })).toBe(true);
    expect(isBuilderToPreview({ kind: 'kiln:upload', id: 'u1', file: 'x' })).toBe(false);
  });
});
