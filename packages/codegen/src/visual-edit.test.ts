import { KilnError } from '@kiln/core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  applyVisualEdit,
  describeElement,
  type ElementLocation,
  loadVisualEditParser,
  traceElementValue,
  type VisualEdit,
} from './visual-edit.ts';

const PAGE = 'apps/web/src/app/page.tsx';
const CARD = 'apps/web/src/components/Hero.tsx';

/** A page as generated code lays it out; the positions below are its opening tags (1-based line:column). */
const page = `import Hero from '@/components/Hero';

const FEATURES = [
  { title: 'Fast', body: 'Loads in a blink' },
  { title: 'Safe', body: 'Checked on every save' },
];

export default function Page() {
  const label = 'Ready?';
  return (
    <main className="p-8">
      <h1 className="text-3xl">Welcome to Acme</h1>
      <img src="https://example.com/a.png" alt="Logo" />
      <a href="/about" className="underline">About us</a>
      <p>{'Quoted words'}</p>
      <ul>
        {FEATURES.map((f) => (
          <li key={f.title}>{f.title}</li>
        ))}
      </ul>
      <Hero title="Big news" />
      <p>Hello <b>there</b></p>
      <span>{label.toUpperCase()}</span>
      <img src={logoFor('x')} alt="" />
      <div />
    </main>
  );
}
`;

const hero = `export default function Hero({ title }: { title: string }) {
  return <section className="hero"><h2>{title}</h2></section>;
}
`;

const modules = [
  { filePath: PAGE, content: page },
  { filePath: CARD, content: hero },
];

/** The 1-based line and column of the first occurrence of `marker` in `source`. */
function at(source: string, marker: string, filePath = PAGE): ElementLocation {
  const index = source.indexOf(marker);
  if (index < 0) throw new Error(`no ${marker}`);
  const before = source.slice(0, index).split('\n');
  return { filePath, line: before.length, column: (before[before.length - 1] as string).length + 1 };
}

beforeAll(async () => {
  await loadVisualEditParser();
});

describe('applyVisualEdit: the smallest source edit', () => {
  it.each<[string, ElementLocation, VisualEdit, string, string]>([
    [
      'heading text',
      at(page, '<h1'),
      { kind: 'TEXT', value: 'Hello Acme' },
      PAGE,
      '<h1 className="text-3xl">Hello Acme</h1>',
    ],
    [
      'text with braces becomes an expression',
      at(page, '<h1'),
      { kind: 'TEXT', value: 'a {b}' },
      PAGE,
      '<h1 className="text-3xl">{"a {b}"}</h1>',
    ],
    [
      'a string literal child keeps its quotes',
      at(page, '<p>{'),
      { kind: 'TEXT', value: "It's new" },
      PAGE,
      "<p>{'It\\'s new'}</p>",
    ],
    [
      'image src',
      at(page, '<img'),
      { kind: 'IMAGE', value: 'https://example.com/b.png' },
      PAGE,
      '<img src="https://example.com/b.png" alt="Logo" />',
    ],
    [
      'link href',
      at(page, '<a '),
      { kind: 'LINK', value: 'https://acme.dev' },
      PAGE,
      '<a href="https://acme.dev" className="underline">About us</a>',
    ],
    [
      'link text',
      at(page, '<a '),
      { kind: 'TEXT', value: 'Our team' },
      PAGE,
      '<a href="/about" className="underline">Our team</a>',
    ],
    [
      'loop text edits the literal in the array',
      at(page, '<li'),
      { kind: 'TEXT', value: 'Quick', current: 'Safe' },
      PAGE,
      "{ title: 'Quick', body: 'Checked on every save' }",
    ],
    [
      'prop text edits the literal where the prop is passed',
      at(hero, '<h2', CARD),
      { kind: 'TEXT', value: 'Bigger news', current: 'Big news' },
      PAGE,
      '<Hero title="Bigger news" />',
    ],
    [
      'text into an empty element',
      at(page, '<div />'),
      { kind: 'IMAGE', value: '/logo.png' },
      PAGE,
      '<div src="/logo.png" />',
    ],
  ])('%s', async (_name, loc, edit, file, expected) => {
    const result = await applyVisualEdit(modules, loc, edit);
    const changed = result.changed.find((m) => m.filePath === file);
    expect(changed?.content).toContain(expected);
    // One edit, nothing else touched: the rest of the file is the same text.
    const original = modules.find((m) => m.filePath === file)?.content ?? '';
    expect(Math.abs((changed?.content.length ?? 0) - original.length)).toBeLessThan(40);
  });

  it('deletes an element on lines of its own with its line', async () => {
    const result = await applyVisualEdit(modules, at(page, '<a '), { kind: 'DELETE' });
    const content = result.changed[0]?.content ?? '';
    expect(content).not.toContain('About us');
    expect(content).toContain('      <img src="https://example.com/a.png" alt="Logo" />\n      <p>{');
    expect(result.description).toBe(`Deleted <a> in ${PAGE} (line 14).`);
  });

  it('deletes an element inside a line and keeps the line', async () => {
    const result = await applyVisualEdit(modules, at(page, '<b>'), { kind: 'DELETE' });
    expect(result.changed[0]?.content).toContain('<p>Hello </p>');
  });

  it.each<[string, ElementLocation, VisualEdit, RegExp]>([
    [
      'text from an expression',
      at(page, '<span'),
      { kind: 'TEXT', value: 'Go', current: 'READY?' },
      /No literal in the code holds "READY\?": it comes from \{label.toUpperCase\(\)\} in apps\/web\/src\/app\/page.tsx \(line 23\)/,
    ],
    [
      'loop text without what it shows',
      at(page, '<li'),
      { kind: 'TEXT', value: 'Go' },
      /not written in the page: it comes from \{f.title\}/,
    ],
    [
      'an image from a call',
      at(page, '<img src={'),
      { kind: 'IMAGE', value: '/x.png', current: '/generated.png' },
      /it comes from \{logoFor\('x'\)\}/,
    ],
    [
      'mixed text and elements',
      at(page, '<p>Hello'),
      { kind: 'TEXT', value: 'Hi' },
      /mixes text with other elements/,
    ],
    ['the root element', at(page, '<main'), { kind: 'DELETE' }, /not a child of another element/],
    [
      'a self-closing element has no text',
      at(page, '<img'),
      { kind: 'TEXT', value: 'x' },
      /has no text to change/,
    ],
    [
      'a stale position',
      { filePath: PAGE, line: 12, column: 3 },
      { kind: 'TEXT', value: 'x' },
      /No element starts at line 12, column 3/,
    ],
    [
      'an unknown module',
      { filePath: 'apps/web/src/app/x/page.tsx', line: 1, column: 1 },
      { kind: 'DELETE' },
      /not a module of this revision/,
    ],
    ['a javascript: link', at(page, '<a '), { kind: 'LINK', value: 'javascript:alert(1)' }, /A link must be/],
    ['an image that is not a URL', at(page, '<img'), { kind: 'IMAGE', value: 'logo' }, /An image must be/],
  ])('refuses %s, saying why', async (_name, loc, edit, message) => {
    const error = await applyVisualEdit(modules, loc, edit).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KilnError);
    expect((error as KilnError).kind).toBe('validation');
    expect((error as KilnError).message).toMatch(message);
  });

  it('treats a template with substitutions as code, traced to a literal', async () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the generated code under test holds a template.
    const content = 'export default () => (\n  <div>\n    <p>{`a${b}`}</p>\n  </div>\n);\nconst b = "b";\n';
    const loc = at(content, '<p>');
    const error = await applyVisualEdit([{ filePath: PAGE, content }], loc, {
      kind: 'TEXT',
      value: 'x',
      current: 'ab',
    }).catch((e: unknown) => e);
    expect((error as KilnError).message).toMatch(
      /No literal in the code holds "ab": it comes from \{`a\$\{b\}`\}/,
    );
  });
});

describe('describeElement', () => {
  it('gives the tag and source of the element at a position', async () => {
    expect(await describeElement(modules, at(page, '<h1'))).toEqual({
      tag: 'h1',
      source: '<h1 className="text-3xl">Welcome to Acme</h1>',
    });
    expect(await describeElement(modules, { filePath: PAGE, line: 1, column: 1 })).toBeNull();
  });
});

describe('traceElementValue: where a value is written, before any edit', () => {
  it('says a text written in the element is there', async () => {
    expect(await traceElementValue(modules, at(page, '<h1'), 'TEXT', 'Welcome to Acme')).toEqual({
      editable: true,
      through: null,
      filePath: PAGE,
      line: 12,
      note: `This text is written in the element, in ${PAGE} (line 12).`,
    });
  });

  it("follows a loop's text to the literal in its array", async () => {
    expect(await traceElementValue(modules, at(page, '<li'), 'TEXT', 'Safe')).toEqual({
      editable: true,
      through: '{f.title}',
      filePath: PAGE,
      line: 5,
      note: `This text comes from {f.title}: a change here edits "Safe" where it is written, in ${PAGE} (line 5).`,
    });
  });

  it('follows a prop to where the parent passes it, in another module', async () => {
    const origin = await traceElementValue(modules, at(hero, '<h2', CARD), 'TEXT', 'Big news');
    expect(origin).toMatchObject({ editable: true, through: '{title}', filePath: PAGE, line: 21 });
  });

  it('says where a computed text or image comes from, and that it cannot be changed here', async () => {
    const text = await traceElementValue(modules, at(page, '<span'), 'TEXT', 'READY?');
    expect(text).toMatchObject({ editable: false, through: null, filePath: null, line: null });
    expect(text.note).toMatch(
      /No literal in the code holds "READY\?": it comes from \{label\.toUpperCase\(\)\}/,
    );
    const image = await traceElementValue(modules, at(page, '<img src={logoFor'), 'IMAGE', '/x.png');
    expect(image).toMatchObject({ editable: false });
    expect(image.note).toMatch(/it comes from \{logoFor\('x'\)\}/);
  });
});
