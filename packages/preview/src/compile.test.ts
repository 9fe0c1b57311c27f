import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { cleanGeneratedCode } from './clean.ts';
import {
  compileModule,
  hasUnverifiedChunks,
  JSX_FACTORY,
  JSX_FRAGMENT,
  transpile,
  transpileWhole,
  verifyPatchedChunks,
  wrapAdjacentJsx,
} from './compile.ts';

const CORPUS_DIR = join(import.meta.dirname, '../../../bench/corpus');
/**
 * The render corpus's files numbered up to 160 (the bench renders all of them): the corpus grows with npm
 * entries whose code is much like the others', and these tests should not slow down with it.
 */
const inSlice = (f: string) => f.endsWith('.tsx.txt') && Number.parseInt(f, 10) <= 160;

/** Evaluates a compiled module the way the runtime does, with React and the given names in scope. */
function evaluate(source: string, scope: Record<string, unknown> = {}) {
  const { code } = compileModule(source, 'apps/web/src/components/Test.tsx');
  const all: Record<string, unknown> = {
    React,
    ...React,
    [JSX_FACTORY]: React.createElement,
    [JSX_FRAGMENT]: React.Fragment,
    ...scope,
  };
  const names = Object.keys(all).filter((n) => /^[A-Za-z_$][\w$]*$/.test(n) && n !== 'default');
  const fn = new Function(...names, `return (function () {\n${code}\n})();`);
  return fn(...names.map((n) => all[n])) as Record<string, unknown>;
}

/** Stands in for the runtime's lazy component: resolves its implementation when it renders. */
const late: { current: React.FC | null } = { current: null };
const LateCard = () => React.createElement(late.current ?? 'span');

describe('compileModule', () => {
  test('transpiles TSX with hooks and returns the default export', () => {
    const exports = evaluate(`import { useState } from 'react';
      type Props = { start: number };
      export default function Counter({ start }: Props) {
        const [n] = useState<number>(start);
        return <><b>{n}</b><i>!</i></>;
      }`);
    const Counter = exports.default as React.FC<{ start: number }>;
    expect(renderToStaticMarkup(React.createElement(Counter, { start: 3 }))).toBe('<b>3</b><i>!</i>');
  });

  test('records imports and named exports, and names the file in stack traces', () => {
    const compiled = compileModule(
      "import { Plus } from 'lucide-react';\nexport const X = 1;\nexport default function A() { return <Plus />; }",
      'apps/web/src/app/page.tsx',
    );
    expect(compiled.imports).toMatchObject([{ kind: 'icons', named: [{ imported: 'Plus', local: 'Plus' }] }]);
    expect(compiled.namedExports).toEqual({ X: 'X' });
    expect(compiled.defaultName).toBe('A');
    expect(compiled.code).toContain('//# sourceURL=kiln:///apps/web/src/app/page.tsx');
    expect(compiled.code).not.toMatch(/\b(?:import|export)\b/);
  });

  test('a module without a default export falls back to the function named after its file', () => {
    const exports = evaluate('function Test() { return <p>hi</p>; }');
    expect(renderToStaticMarkup(React.createElement(exports.default as React.FC))).toBe('<p>hi</p>');
  });

  test('adjacent JSX elements are retried once wrapped in a div', () => {
    const exports = evaluate(
      'export default function T() {\n  return (\n    <h1>a</h1>\n    <p>b</p>\n  );\n}',
    );
    expect(renderToStaticMarkup(React.createElement(exports.default as React.FC))).toBe(
      '<div><h1>a</h1><p>b</p></div>',
    );
  });

  test('code that still does not parse throws the original syntax error', () => {
    expect(() => compileModule('export default function T() { return <div>', 'a.tsx')).toThrow(
      /Unexpected token|Unterminated/,
    );
  });

  test('Array(n) becomes a real array so map visits every slot', () => {
    const exports = evaluate('export const xs = Array(3).map((_, i) => i);');
    expect(exports.xs).toEqual([0, 1, 2]);
  });

  test('project components can be used before they are defined (names are resolved at render time)', () => {
    const exports = evaluate('export default function Page() { return <div><Card /></div>; }', {
      Card: LateCard,
    });
    late.current = () => React.createElement('em', null, 'late');
    expect(renderToStaticMarkup(React.createElement(exports.default as React.FC))).toBe(
      '<div><em>late</em></div>',
    );
  });
});

describe('modules without a default export', () => {
  const render = (source: string) =>
    renderToStaticMarkup(React.createElement(evaluate(source).default as React.FC));

  test('the last PascalCase named export becomes the default', () => {
    expect(render('function Row() { return <i />; }\nexport function Widget() { return <b>w</b>; }')).toBe(
      '<b>w</b>',
    );
    expect(render('export const Banner: React.FC = () => <p>hi</p>;')).toBe('<p>hi</p>');
  });

  test('with no export at all, the last top-level PascalCase function is the default', () => {
    expect(render('function Item() { return <li />; }\nfunction Page() { return <ul><Item /></ul>; }')).toBe(
      '<ul><li></li></ul>',
    );
  });

  test('a module wrapped in a Markdown fence and HTML comments in JSX still compile', () => {
    const fenced =
      '```tsx\nexport default function A() {\n  return (\n    <div>\n      <!-- title -->\n      <h1>A</h1>\n    </div>\n  );\n}\n```\n';
    expect(render(fenced)).toBe('<div><h1>A</h1></div>');
  });
});

describe('wrapAdjacentJsx', () => {
  test('wraps parenthesised JSX after return and =>', () => {
    expect(wrapAdjacentJsx('return (<a/><b/>); const f = () => (<c/><d/>);')).toBe(
      'return (<div><a/><b/></div>); const f = () => (<div><c/><d/></div>);',
    );
  });
  test('leaves other code alone', () => {
    expect(wrapAdjacentJsx('return (a + b);')).toBe('return (a + b);');
  });
});

describe('transpile (one top-level declaration at a time, cached)', () => {
  const corpus = readdirSync(CORPUS_DIR)
    .filter(inSlice)
    .map((f) => readFileSync(join(CORPUS_DIR, f), 'utf8'));

  test('gives the same text as transpiling the whole module, over the render corpus', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(50);
    let compared = 0;
    for (const source of corpus) {
      const { code } = cleanGeneratedCode(source);
      let whole: string;
      try {
        whole = transpileWhole(code, 'Page.tsx');
      } catch {
        continue;
      }
      expect(transpile(code, 'Page.tsx')).toBe(whole);
      compared++;
    }
    expect(compared).toBeGreaterThanOrEqual(50);
  });

  test('a cut inside a template or an unindented block falls back to the whole module', () => {
    const template = 'const css = `\nconst inside = 1;\n`;\nfunction A() { return <p>{css}</p>; }\n';
    expect(transpile(template, 'a.tsx')).toBe(transpileWhole(template, 'a.tsx'));
    expect(transpile(template, 'a.tsx')).toContain('\nconst inside = 1;\n');
    const unindented = 'function A() {\nconst x = <b>1</b>;\nreturn x;\n}\nconst y: number = 2;\n';
    expect(transpile(unindented, 'a.tsx')).toBe(transpileWhole(unindented, 'a.tsx'));
  });

  test('a syntax error keeps the whole module’s message', () => {
    const broken = 'const a = 1;\nfunction B() { return <div>; }\nconst c = 3;\n';
    expect(() => transpileWhole(broken, 'a.tsx')).toThrow();
    let message = '';
    try {
      transpileWhole(broken, 'a.tsx');
    } catch (error) {
      message = (error as Error).message;
    }
    expect(() => transpile(broken, 'a.tsx')).toThrow(message);
  });
});

describe('patched edits (plain-text changes of a declaration, checked against sucrase afterwards)', () => {
  const corpus = readdirSync(CORPUS_DIR)
    .filter(inSlice)
    .map((f) => cleanGeneratedCode(readFileSync(join(CORPUS_DIR, f), 'utf8')).code);

  /** Sucrase's output for the whole code, or null when it does not transpile (an edit that broke it). */
  function sucrase(code: string, file: string): string | null {
    try {
      return transpileWhole(code, file);
    } catch {
      return null;
    }
  }

  /** A deterministic stream of numbers in [0, 1). */
  function random(seed: number) {
    let x = seed;
    return () => {
      x = (x * 1103515245 + 12345) % 2147483648;
      return x / 2147483648;
    };
  }

  test('give exactly sucrase’s output for word edits anywhere in the corpus (copy, classes, names, numbers)', () => {
    const next = random(7);
    let patched = 0;
    let edits = 0;
    for (const [i, code] of corpus.entries()) {
      try {
        transpileWhole(code, 'Page.tsx');
      } catch {
        continue;
      }
      const file = `corpus-${i}.tsx`;
      transpile(code, file, { patch: true });
      verifyPatchedChunks();
      let current = code;
      const words = [...code.matchAll(/[A-Za-z][A-Za-z0-9-]{2,}/g)];
      for (let k = 0; k < 12 && words.length > 0; k++) {
        const word = words[Math.floor(next() * words.length)];
        if (!word || word.index === undefined) continue;
        const at = current.indexOf(word[0], word.index - (code.length - current.length) - 8);
        if (at < 0) continue;
        const replacement = `${word[0]}${k}x`;
        const edited = current.slice(0, at) + replacement + current.slice(at + word[0].length);
        const expected = sucrase(edited, file);
        if (expected === null) continue;
        const got = transpile(edited, file, { patch: true });
        edits++;
        if (hasUnverifiedChunks()) {
          patched++;
          expect(verifyPatchedChunks(), `${file}: ${word[0]} → ${replacement}`).toEqual([]);
        }
        expect(got).toBe(expected);
        current = edited;
      }
    }
    expect(edits).toBeGreaterThan(300);
    // Words used once (copy, class names, numbers) are patched, about one edit in five over the corpus; a word
    // that occurs twice (most identifiers) is transpiled.
    expect(patched).toBeGreaterThan(edits / 10);
  });

  test('code and markup edits anywhere in the corpus are sucrase’s output, or caught by the check', () => {
    const next = random(11);
    const kinds: [string, RegExp, (m: string, k: number) => string][] = [
      // A string's quotes (in code, or a JSX attribute).
      ['quotes', /'[^'"\n\\]{1,30}'/g, (m) => `"${m.slice(1, -1)}"`],
      // A number in an expression.
      ['number', /\b\d{1,4}\b/g, (m, k) => String(Number(m) + k + 1)],
      // A comparison.
      ['operator', /===/g, () => '!=='],
      // An attribute added to an element.
      ['attribute', /<([a-z][a-z0-9]*)(?=[ >])/g, (m, k) => `${m} data-k="${k}"`],
      // An element added before a closing tag.
      ['element', /<\/(div|p|span|li|button|h[1-3])>/g, (m, k) => `<b>new ${k}</b>${m}`],
    ];
    let patched = 0;
    let edits = 0;
    let caught = 0;
    for (const [i, code] of corpus.entries()) {
      try {
        transpileWhole(code, 'Page.tsx');
      } catch {
        continue;
      }
      const file = `corpus-code-${i}.tsx`;
      let current = code;
      transpile(current, file, { patch: true });
      verifyPatchedChunks();
      for (let k = 0; k < 10; k++) {
        const [kind, pattern, change] = kinds[Math.floor(next() * kinds.length)] as (typeof kinds)[number];
        const found = [...current.matchAll(pattern)];
        const m = found[Math.floor(next() * found.length)];
        if (!m || m.index === undefined) continue;
        const edited = current.slice(0, m.index) + change(m[0], k) + current.slice(m.index + m[0].length);
        const expected = sucrase(edited, file);
        if (expected === null) continue;
        const got = transpile(edited, file, { patch: true });
        edits++;
        const wasPatched = hasUnverifiedChunks();
        const wrong = verifyPatchedChunks();
        if (wasPatched && got === expected) patched++;
        // Never silently wrong: a patch that differs from sucrase is what the check reports.
        if (got !== expected) {
          caught++;
          expect(wrong.length, `${file} ${kind}: ${m[0]}`).toBeGreaterThan(0);
        }
        expect(transpile(edited, file, { patch: true })).toBe(expected);
        current = edited;
      }
    }
    expect(edits).toBeGreaterThan(250);
    // Nearly all such edits are patched right (one element or expression transpiled, not the declaration):
    // 344 of 377 when this was written, and none wrong.
    expect(patched).toBeGreaterThan(edits * 0.8);
    expect(caught).toBeLessThan(edits / 20);
  });

  test('refuse or catch edits that change syntax: a tag, an attribute name, a type, an enum', () => {
    const filler = Array.from(
      { length: 12 },
      (_, i) => `      <li className="item-${i}">Row number ${i}</li>`,
    ).join('\n');
    const base = `function Card({ total }: { total: number }) {\n  return (\n    <div title="Card">\n      <ul>\n${filler}\n      </ul>\n      <section>Total amount due</section>\n    </div>\n  );\n}\nenum Mode { Light, Dark }\n`;
    const edits: [string, string][] = [
      ['<section>Total amount due</section>', '<sectiox>Total amount due</sectiox>'],
      ['<div title="Card">', '<div aria-title="Card">'],
      ['{ total: number }', '{ total: string }'],
      ['enum Mode { Light, Dark }', 'enum Mode { Light, Darker }'],
      ['Total amount due', 'Total amount owed'],
    ];
    for (const [from, to] of edits) {
      transpile(base, 'card.tsx', { patch: true });
      verifyPatchedChunks();
      const edited = base.replace(from, to);
      const got = transpile(edited, 'card.tsx', { patch: true });
      const wrong = verifyPatchedChunks();
      const expected = transpileWhole(edited, 'card.tsx');
      // Either the patch was right, or verification found it wrong and the next compile is sucrase's.
      if (got !== expected) expect(wrong.length).toBeGreaterThan(0);
      expect(transpile(edited, 'card.tsx', { patch: true })).toBe(expected);
    }
  });
});
