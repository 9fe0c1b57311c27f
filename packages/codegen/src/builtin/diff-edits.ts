/**
 * Turns a before/after pair of a file into the smallest SEARCH/REPLACE edits that reproduce the change:
 * a line diff, each change widened with unchanged context until its SEARCH text occurs exactly once, and
 * neighbouring changes merged so no two edits overlap. The builtin generator describes every follow-up
 * change this way, as a model is asked to.
 * @module
 */
import { applyEdits } from '../apply-edits.ts';
import type { SearchReplace } from '../types.ts';

type Op = { kind: 'eq' | 'del' | 'ins'; line: string };

/**
 * SEARCH/REPLACE edits turning `before` into `after`, or null when none are needed or they would not
 * reproduce `after` exactly (then the file should be written whole).
 */
export function diffEdits(before: string, after: string): SearchReplace[] | null {
  if (before === after) return null;
  const ops = lineDiff(before.split('\n'), after.split('\n'));
  const oldOffsets: number[] = [];
  let offset = 0;
  for (const op of ops) {
    oldOffsets.push(offset);
    if (op.kind !== 'ins') offset += op.line.length + 1;
  }
  oldOffsets.push(offset);

  const searchOf = (x: number, y: number): string =>
    ops
      .slice(x, y)
      .filter((o) => o.kind !== 'ins')
      .map((o) => o.line)
      .join('\n');
  const replaceOf = (x: number, y: number): string =>
    ops
      .slice(x, y)
      .filter((o) => o.kind !== 'del')
      .map((o) => o.line)
      .join('\n');
  const isUnique = (x: number, y: number): boolean => {
    const search = searchOf(x, y);
    if (search.trim() === '') return false;
    const at = oldOffsets[x] ?? 0;
    return before.indexOf(search) === at && before.indexOf(search, at + 1) === -1;
  };

  const groups: [number, number][] = [];
  for (let i = 0; i < ops.length; ) {
    if (ops[i]?.kind === 'eq') {
      i++;
      continue;
    }
    let j = i;
    while (j < ops.length && ops[j]?.kind !== 'eq') j++;
    groups.push([i, j]);
    i = j;
  }

  const ranges: [number, number][] = [];
  for (const group of groups) {
    let [x, y] = group;
    let widenBefore = true;
    for (;;) {
      const prev = ranges[ranges.length - 1];
      if (prev && x <= prev[1]) {
        x = prev[0];
        ranges.pop();
      }
      if (isUnique(x, y)) break;
      const canBefore = x > 0;
      const canAfter = y < ops.length;
      if (!canBefore && !canAfter) break;
      if ((widenBefore && canBefore) || !canAfter) x--;
      else y++;
      widenBefore = !widenBefore;
    }
    ranges.push([x, y]);
  }

  const edits = ranges.map(([x, y]) => ({ search: searchOf(x, y), replace: replaceOf(x, y) }));
  try {
    const result = applyEdits(before, edits);
    return result.missed === 0 && result.content === after ? edits : null;
  } catch {
    return null;
  }
}

/** A line diff (longest common subsequence) of two line arrays as eq/del/ins operations. */
function lineDiff(a: string[], b: string[]): Op[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const n = endA - start;
  const m = endB - start;
  // lcs[i][j]: LCS length of a[start+i..endA) and b[start+j..endB).
  const lcs = new Uint32Array((n + 1) * (m + 1));
  const at = (i: number, j: number): number => lcs[i * (m + 1) + j] ?? 0;
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i * (m + 1) + j] =
        a[start + i] === b[start + j] ? at(i + 1, j + 1) + 1 : Math.max(at(i + 1, j), at(i, j + 1));
    }
  }
  const ops: Op[] = a.slice(0, start).map((line) => ({ kind: 'eq', line }));
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[start + i] === b[start + j]) {
      ops.push({ kind: 'eq', line: a[start + i] ?? '' });
      i++;
      j++;
    } else if (j < m && (i >= n || at(i, j + 1) >= at(i + 1, j))) {
      ops.push({ kind: 'ins', line: b[start + j] ?? '' });
      j++;
    } else {
      ops.push({ kind: 'del', line: a[start + i] ?? '' });
      i++;
    }
  }
  for (const line of a.slice(endA)) ops.push({ kind: 'eq', line });
  return ops;
}
