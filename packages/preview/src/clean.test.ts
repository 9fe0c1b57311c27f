import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import {
  checkCleanEdits,
  cleanEdit,
  cleanGeneratedCode,
  DEFAULT_EXPORT_LOCAL,
  hasUncheckedCleans,
  importKind,
  replaceArrayConstructors,
} from './clean.ts';

describe('cleanGeneratedCode: import and export statements', () => {
  test('removes imports, keeping line numbers, and records what they bring', () => {
    const source = [
      "import React, { useState, useEffect as useFx } from 'react';",
      'import {',
      '  Plus,',
      '  Trash2 as TrashIcon,',
      "} from 'lucide-react';",
      "import TodoItem from '@/components/TodoItem';",
      "import * as utils from '../utils/format';",
      "import type { Todo } from './types';",
      "import './styles.css';",
      'export default function Page() { return null; }',
    ].join('\n');
    const cleaned = cleanGeneratedCode(source);
    expect(cleaned.code.split('\n')).toHaveLength(10);
    expect(cleaned.code).not.toMatch(/\bimport\b/);
    expect(cleaned.imports).toEqual([
      {
        source: 'react',
        kind: 'react',
        defaultName: 'React',
        named: [
          { imported: 'useState', local: 'useState' },
          { imported: 'useEffect', local: 'useFx' },
        ],
      },
      {
        source: 'lucide-react',
        kind: 'icons',
        named: [
          { imported: 'Plus', local: 'Plus' },
          { imported: 'Trash2', local: 'TrashIcon' },
        ],
      },
      { source: '@/components/TodoItem', kind: 'project', defaultName: 'TodoItem', named: [] },
      { source: '../utils/format', kind: 'project', namespace: 'utils', named: [] },
    ]);
  });

  test.each([
    ['export default function TodoList() {}', 'TodoList', 'function TodoList() {}'],
    ['export default async function Load() {}', 'Load', 'async function Load() {}'],
    ['export default class Board {}', 'Board', 'class Board {}'],
    ['export default function () {}', DEFAULT_EXPORT_LOCAL, `const ${DEFAULT_EXPORT_LOCAL} = function () {}`],
    ['export default () => null;', DEFAULT_EXPORT_LOCAL, `const ${DEFAULT_EXPORT_LOCAL} = () => null;`],
    [
      'function A() {}\nexport default A;',
      DEFAULT_EXPORT_LOCAL,
      `function A() {}\nconst ${DEFAULT_EXPORT_LOCAL} = A;`,
    ],
    ['function A() {}\nexport { A as default };', 'A', 'function A() {}\n'],
  ])('default export %j', (source, name, code) => {
    const cleaned = cleanGeneratedCode(source);
    expect(cleaned.defaultName).toBe(name);
    expect(cleaned.code).toBe(code);
  });

  test('named exports lose the keyword and are recorded; re-exports and type exports disappear', () => {
    const cleaned = cleanGeneratedCode(
      [
        'export const LIMIT = 3;',
        'export function format(d: Date) { return d; }',
        'export interface Todo { id: string }',
        'export type Id = string;',
        "export * from './other';",
        "export { a } from './a';",
        'const x = 1, y = 2;',
        'export { x, y as why };',
      ].join('\n'),
    );
    expect(cleaned.code).not.toMatch(/\bexport\b/);
    expect(cleaned.code).toContain('interface Todo');
    expect(cleaned.namedExports).toEqual({ LIMIT: 'LIMIT', format: 'format', x: 'x', why: 'y' });
  });

  test('strings and identifiers containing the words are left alone', () => {
    const source = 'const s = "import x from y";\nconst exported = 1;\nconst important = 2;';
    expect(cleanGeneratedCode(source).code).toBe(source);
  });
});

describe('replaceArrayConstructors', () => {
  test.each([
    ['Array(5).map((_, i) => i)', 'Array.from({ length: 5 }).map((_, i) => i)'],
    ['new Array(n).fill(0)', 'Array.from({ length: n }).fill(0)'],
    ['new Array<number>(rows * cols)', 'Array.from({ length: rows * cols })'],
    ['[...Array(days.length)]', '[...Array.from({ length: days.length })]'],
  ])('%s', (source, expected) => {
    expect(replaceArrayConstructors(source)).toBe(expected);
  });

  test.each([
    'Array.from({ length: 3 })',
    'new Array(1, 2, 3)',
    'Array.isArray(x)',
    'new Uint8Array(4)',
    'myArray(3)',
  ])('leaves %s unchanged', (source) => {
    expect(replaceArrayConstructors(source)).toBe(source);
  });
});

test('importKind classifies sources', () => {
  expect(importKind('react')).toBe('react');
  expect(importKind('react-dom/client')).toBe('react-dom');
  expect(importKind('lucide-react')).toBe('icons');
  expect(importKind('@/components/A')).toBe('project');
  expect(importKind('../lib/x')).toBe('project');
  expect(importKind('date-fns')).toBe('library');
  expect(importKind('@tanstack/react-query')).toBe('library');
});

test('cleanEdit: an edit cleaned from the previous result equals a full clean, or the check says it does not', () => {
  const dir = join(import.meta.dirname, '../../../bench/corpus');
  // Files numbered up to 160, as in compile.test.ts (the bench renders the whole corpus).
  const corpus = readdirSync(dir)
    .filter((f) => Number.parseInt(f, 10) <= 160)
    .map((f) => readFileSync(join(dir, f), 'utf8'));
  let x = 7;
  const random = () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
  const lineEdit = (s: string, change: (lines: string[], i: number) => void) => {
    const lines = s.split('\n');
    change(lines, Math.floor(random() * lines.length));
    return lines.join('\n');
  };
  const kinds: ((s: string) => string)[] = [
    (s) => {
      const words = [...s.matchAll(/[A-Za-z]{3,}/g)];
      const w = words[Math.floor(random() * words.length)];
      return w ? `${s.slice(0, w.index)}${w[0]}x${s.slice(w.index + w[0].length)}` : s;
    },
    (s) => lineEdit(s, (lines, i) => lines.splice(i, 0, '  const extra = 1;')),
    (s) => lineEdit(s, (lines, i) => lines.splice(i, 1)),
    (s) => lineEdit(s, (lines, i) => lines.splice(i, 0, "import { Foo } from 'bar';")),
    (s) => lineEdit(s, (lines, i) => lines.splice(i, 0, 'export const y = Array(3);')),
    (s) => s.replace('export default ', ''),
    (s) => {
      const at = Math.floor(random() * s.length);
      return s.slice(0, at) + s.slice(at + 1);
    },
    (s) => {
      const at = Math.floor(random() * s.length);
      return `${s.slice(0, at)}\n${s.slice(at)}`;
    },
  ];
  let edits = 0;
  let fast = 0;
  for (const [i, source] of corpus.entries()) {
    let current = source;
    cleanEdit(current, `corpus-${i}.tsx`);
    for (let k = 0; k < 30; k++) {
      const edit = kinds[Math.floor(random() * kinds.length)] as (s: string) => string;
      const edited = edit(current);
      const got = cleanEdit(edited, `corpus-${i}.tsx`);
      const checked = hasUncheckedCleans();
      const wrong = checkCleanEdits();
      edits++;
      if (checked) fast++;
      if (JSON.stringify(got) !== JSON.stringify(cleanGeneratedCode(edited))) {
        expect(wrong).toEqual([edited]);
        expect(cleanEdit(edited, `corpus-${i}.tsx`)).toEqual(cleanGeneratedCode(edited));
      } else expect(wrong).toEqual([]);
      current = edited;
    }
  }
  expect(edits).toBeGreaterThan(1500);
  // About two edits in five touch only lines no rule starts from.
  expect(fast).toBeGreaterThan(edits / 4);
});
