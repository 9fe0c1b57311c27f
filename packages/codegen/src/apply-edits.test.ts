import { describe, expect, it } from 'vitest';
import { applyEdits, EditOverlapError } from './apply-edits.ts';

const FILE = `export default function Card(props) {
  const title = props.title;
  return (
    <div className="rounded bg-indigo-600">
      <h2>{title}</h2>
    </div>
  );
}
`;

describe('applyEdits', () => {
  it('replaces each matched SEARCH with its REPLACE', () => {
    const { content, missed } = applyEdits(FILE, [
      {
        search: '    <div className="rounded bg-indigo-600">',
        replace: '    <div className="rounded bg-emerald-600">',
      },
      {
        search: '      <h2>{title}</h2>',
        replace: '      <h2 className="font-bold">{title}</h2>\n      <p>{props.text}</p>',
      },
    ]);
    expect(missed).toBe(0);
    expect(content).toContain('bg-emerald-600');
    expect(content).toContain('<p>{props.text}</p>');
    expect(content).not.toContain('indigo');
  });

  it('applies edits given in any order against the original text', () => {
    const a = applyEdits(FILE, [
      { search: '<h2>{title}</h2>', replace: '<h3>{title}</h3>' },
      { search: 'const title = props.title;', replace: 'const title = props.title ?? "Untitled";' },
    ]);
    expect(a.missed).toBe(0);
    expect(a.content).toContain('<h3>{title}</h3>');
    expect(a.content).toContain('?? "Untitled"');
  });

  it('counts a SEARCH that matches nowhere as missed and still applies the others', () => {
    const { content, missed } = applyEdits(FILE, [
      { search: 'does not exist', replace: 'x' },
      { search: 'bg-indigo-600', replace: 'bg-rose-600' },
    ]);
    expect(missed).toBe(1);
    expect(content).toContain('bg-rose-600');
  });

  it('throws on overlapping matched ranges', () => {
    expect(() =>
      applyEdits(FILE, [
        { search: '  const title = props.title;\n  return (', replace: 'a' },
        { search: '  return (\n    <div', replace: 'b' },
      ]),
    ).toThrow(EditOverlapError);
    // The same SEARCH twice matches the same range twice.
    expect(() =>
      applyEdits(FILE, [
        { search: '<h2>', replace: '<h3>' },
        { search: '<h2>', replace: '<h4>' },
      ]),
    ).toThrow(/Overlapping ranges/);
  });

  it('matches ignoring indentation and trailing spaces when the exact text is not found', () => {
    const { content, missed } = applyEdits(FILE, [
      {
        search: 'const title = props.title;  \nreturn (',
        replace: '  const title = props.name;\n  return (',
      },
    ]);
    expect(missed).toBe(0);
    expect(content).toContain('  const title = props.name;\n  return (\n    <div');
  });

  it('appends an empty SEARCH and creates an empty file from it', () => {
    expect(applyEdits('', [{ search: '', replace: 'const a = 1;' }]).content).toBe('const a = 1;\n');
    expect(applyEdits('a\n', [{ search: '', replace: 'b' }]).content).toBe('a\nb\n');
  });

  it('treats CRLF text like LF text', () => {
    const { content, missed } = applyEdits('a\r\nb\r\nc\r\n', [{ search: 'a\nb', replace: 'x' }]);
    expect(missed).toBe(0);
    expect(content).toBe('x\nc\n');
  });
});
