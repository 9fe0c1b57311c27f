import { createRequire } from 'node:module';
import { MESSAGES, TREE_SITTER_PARSE_TIMEOUT_MS } from '@kiln/core';
import { beforeAll, describe, expect, test } from 'vitest';
import { compileModule } from './compile.ts';
import {
  initTreeSitter,
  parseStats,
  parsesCleanly,
  repairPartialCode,
  TREE_SITTER_NOT_INITIALIZED,
  TREE_SITTER_PARSE_TIMEOUT,
  treeSitterReady,
} from './partial.ts';

const require = createRequire(import.meta.url);

const page = `import { useState } from 'react';
import { Plus } from 'lucide-react';

type Todo = { id: number; title: string };

export default function TodoPage() {
  const [todos, setTodos] = useState<Todo[]>([]);
  const [title, setTitle] = useState('');
  const open = todos.filter((t) => t.title.length > 0 && t.id < 100);
  return (
    <div className="p-4">
      <h1 className="text-2xl font-bold">My Todos</h1>
      <form onSubmit={(e) => { e.preventDefault(); setTodos([...todos, { id: Date.now(), title }]); }}>
        <input value={title} onChange={(e) => setTitle(e.target.value)} placeholder="New todo" />
        <button type="submit"><Plus size={16} /> Add</button>
      </form>
      <ul>
        {todos.map((t) => (
          <li key={t.id} className={\`item \${t.id % 2 ? 'odd' : 'even'}\`}>{t.title}</li>
        ))}
      </ul>
      <p>{open.length} open</p>
    </div>
  );
}
`;

describe('before initTreeSitter', () => {
  test('repairPartialCode throws "Tree sitter parser not initialized"', () => {
    expect(treeSitterReady()).toBe(false);
    expect(() => repairPartialCode('const a = 1;')).toThrow(MESSAGES.treeSitterNotInitialized);
  });
});

describe('repairPartialCode', () => {
  beforeAll(async () => {
    await initTreeSitter({
      parser: require.resolve('web-tree-sitter/web-tree-sitter.wasm'),
      tsx: require.resolve('tree-sitter-typescript/tree-sitter-tsx.wasm'),
    });
  });

  test('uses the message and timeout constants of @kiln/core', () => {
    expect(TREE_SITTER_NOT_INITIALIZED).toBe(MESSAGES.treeSitterNotInitialized);
    expect(TREE_SITTER_PARSE_TIMEOUT).toBe(TREE_SITTER_PARSE_TIMEOUT_MS);
  });

  test('complete code is returned unchanged', () => {
    expect(repairPartialCode(page)).toBe(page);
  });

  test('drops a partial element and closes the open ones', () => {
    const cut = page.indexOf('<input value') + '<input value={ti'.length;
    const repaired = repairPartialCode(page.slice(0, cut));
    expect(repaired).not.toBeNull();
    expect(repaired).toContain('<h1 className="text-2xl font-bold">My Todos</h1>');
    expect(repaired).not.toContain('<input');
    expect(repaired!.trimEnd().endsWith('</form></div>)}')).toBe(true);
  });

  test('every truncation of a page repairs to code that compiles and still exports the component', () => {
    let repaired = 0;
    const starts = page.indexOf('return (');
    for (let cut = starts + 10; cut < page.length; cut += 7) {
      const code = repairPartialCode(page.slice(0, cut));
      if (code === null) continue;
      repaired++;
      const compiled = compileModule(code, 'apps/web/src/app/page.tsx');
      expect(compiled.defaultName).toBe('TodoPage');
    }
    const total = Math.floor((page.length - starts - 10) / 7) + 1;
    expect(repaired / total).toBeGreaterThan(0.95);
  });

  test('a parse cancelled at its deadline is reset, so the next parse reads its own text', () => {
    // web-tree-sitter resumes a cancelled parse on the next parse() call unless reset() is called; resumed
    // on other text it returns the old text's tree (here: 50 statements for a 12-character input).
    const big = 'const f = () => <div className="a">{[1, 2].map((x) => <b key={x}>{x}</b>)}</div>;\n'.repeat(
      3000,
    );
    const cancelled = parseStats.cancelled;
    expect(parsesCleanly(big, performance.now() + 1)).toBe(false);
    expect(parseStats.cancelled).toBe(cancelled + 1);
    expect(parsesCleanly('const a = 1;')).toBe(true);
    expect(parsesCleanly('const a = <div>;')).toBe(false);
    // A generous deadline: with other test files running on both cores the default one can pass first.
    expect(parsesCleanly(big, performance.now() + 10_000)).toBe(true);
  });
});
