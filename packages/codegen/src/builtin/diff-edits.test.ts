import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyEdits } from '../apply-edits.ts';
import { diffEdits } from './diff-edits.ts';

describe('diffEdits', () => {
  it('widens a change on a repeated line until its SEARCH is unique', () => {
    const before = 'a\n  <li>x</li>\nb\n  <li>x</li>\nc\n';
    const after = 'a\n  <li>x</li>\nb\n  <li>y</li>\nc\n';
    const edits = diffEdits(before, after);
    expect(edits).toEqual([{ search: 'b\n  <li>x</li>', replace: 'b\n  <li>y</li>' }]);
  });

  it('returns null when nothing changed', () => {
    expect(diffEdits('a\n', 'a\n')).toBeNull();
  });

  it('reproduces any line-level change exactly, with no misses or overlaps', () => {
    const line = fc.constantFrom('a', 'b', '', '  <div>', '  </div>', 'const x = 1;', '}');
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), fc.array(line, { maxLength: 30 }), (x, y) => {
        const before = `${x.join('\n')}\n`;
        const after = `${y.join('\n')}\n`;
        const edits = diffEdits(before, after);
        if (before === after) return;
        if (edits === null) return; // the caller then writes the whole file
        const result = applyEdits(before, edits);
        expect(result.missed).toBe(0);
        expect(result.content).toBe(after);
      }),
      { numRuns: 500 },
    );
  });
});
