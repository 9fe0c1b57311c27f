import { describe, expect, it } from 'vitest';
import { compileModule } from '../compile.ts';
import { runModule } from './evaluate.ts';
import { FunctionReuse, REUSE_BINDING } from './reuse.ts';

/** One file edited several times, evaluated as the engine does: what each run kept, and its exports. */
function editor(scope = new Map<string, unknown>([['useState', (x: unknown) => [x, () => {}]]])) {
  const reuse = new FunctionReuse();
  return (source: string) => {
    const compiled = compileModule(source, 'page.tsx', { patch: true });
    let code = '';
    const exports = runModule(compiled.code, scope, (names, values) => {
      const run = reuse.prepare('page.tsx', compiled.code, compiled.pieces ?? [], names, values, 'sig');
      code = run?.code ?? '';
      return run;
    });
    reuse.settle('page.tsx', exports);
    const kept =
      /^var (.*?); /
        .exec(code)?.[1]
        ?.split(', ')
        .map((v) => v.split(' = ')[0]) ?? [];
    return { exports, kept, usesReuse: code.includes(`${REUSE_BINDING}[`) };
  };
}

const helpers = (extra = '') => `
function double(n: number): number {
  return n * 2;
}

function Label({ text }: { text: string }) {
  return text + "!";
}
${extra}
export default function Page() {
  return Label({ text: String(double(21)) });
}
`;

describe('function reuse across edits', () => {
  it('keeps unchanged functions (the same objects) and runs the edited one anew', () => {
    const edit = editor();
    const first = edit(helpers());
    expect(first.kept).toEqual([]);
    expect((first.exports.default as () => string)()).toBe('42!');
    const second = edit(helpers().replace('String(double(21))', 'String(double(20))'));
    expect(second.kept.sort()).toEqual(['Label', 'double']);
    expect((second.exports.default as () => string)()).toBe('40!');
    expect(second.exports.default).not.toBe(first.exports.default);
  });

  it('does not keep a function that mentions a top-level name that changed, or one the edit removed', () => {
    const edit = editor();
    const withConst = (n: number) => `
const FACTOR = ${n};

function scale(x: number) {
  return x * FACTOR;
}

export default function Page() {
  return scale(2);
}
`;
    edit(withConst(3));
    const changed = edit(withConst(5));
    expect(changed.kept).toEqual([]);
    expect((changed.exports.default as () => number)()).toBe(10);
    // Unchanged const: still not kept (the const is evaluated anew, and the old function would see the old one).
    const again = edit(withConst(5).replace('scale(2)', 'scale(3)'));
    expect(again.kept).toEqual([]);
    expect((again.exports.default as () => number)()).toBe(15);

    const withTheme = (page: string) => `
const THEME = "dark";

function theme() {
  return typeof THEME === "undefined" ? "none" : THEME;
}

${page}
`;
    edit(withTheme('export default function Page() { return theme(); }'));
    const removed = edit(
      withTheme('export default function Page() { return theme() + "."; }').replace(
        'const THEME = "dark";',
        '',
      ),
    );
    expect(removed.kept).toEqual([]);
    expect((removed.exports.default as () => string)()).toBe('none.');
  });

  it('does not keep a function that moved to another line, is assigned, or is declared twice', () => {
    const edit = editor();
    edit(helpers());
    const moved = edit(`\n${helpers().replace('21', '22')}`);
    expect(moved.kept).toEqual([]);
    expect((moved.exports.default as () => string)()).toBe('44!');

    const assigned = (n: number) =>
      helpers(`\nfunction swap() {\n  double = (x: number) => x * 3;\n}\n`).replace('21', String(n));
    edit(assigned(1));
    const next = edit(assigned(2));
    expect(next.kept).toEqual(['Label']);
    expect(next.usesReuse).toBe(true);
  });

  it('runs the module again without kept functions when an edited piece was more than one declaration', () => {
    const edit = editor();
    const show = 'function show() {\n  return typeof label === "undefined" ? "none" : label;\n}\n';
    edit(`${show}\nfunction Page() {\n  return show() + 1;\n}\n`);
    // The edited piece now ends in a block that declares \`label\` with var: its function alone does not say so,
    // so \`show\` is kept at first; V8's text of \`Page\` then shows the piece was more, and the module runs again.
    const second = edit(
      `${show}\nfunction Page() {\n  return show() + 2;\n}\nif (true) {\n  var label = "v";\n}\n`,
    );
    expect(second.kept).toEqual(['show']);
    expect((second.exports.default as () => string)()).toBe('v2');
  });

  it('keeps nothing in a module that starts with a directive', () => {
    const edit = editor();
    const strict = (n: number) => `'use strict';\n${helpers().replace('21', String(n))}`;
    edit(strict(1));
    const next = edit(strict(2));
    expect(next.kept).toEqual([]);
    expect((next.exports.default as () => string)()).toBe('4!');
  });

  it('keeps nothing when the scope changed (an import, a component, a stand-in)', () => {
    const scope = new Map<string, unknown>([['useState', () => []]]);
    const edit = editor(scope);
    edit(helpers());
    scope.set('useState', () => [1]);
    const after = edit(helpers().replace('21', '23'));
    expect(after.kept).toEqual([]);
    expect((after.exports.default as () => string)()).toBe('46!');
  });
});
