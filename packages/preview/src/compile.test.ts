import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { cleanGeneratedCode } from './clean.ts';
import {
  compileModule,
  JSX_FACTORY,
  JSX_FRAGMENT,
  transpile,
  transpileWhole,
  wrapAdjacentJsx,
} from './compile.ts';

const CORPUS_DIR = join(import.meta.dirname, '../../../bench/corpus');

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
    .filter((f) => f.endsWith('.tsx.txt'))
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
