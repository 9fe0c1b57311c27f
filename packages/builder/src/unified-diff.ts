/**
 * @module Reads the unified diff the server sends per file (`createTwoFilesPatch`) into lines a person can
 * follow: hunk headers, added, removed and unchanged lines with their old and new line numbers.
 */

export interface DiffLine {
  kind: 'hunk' | 'add' | 'remove' | 'context' | 'note';
  text: string;
  /** Line number in the old file (remove, context). */
  oldLine: number | null;
  /** Line number in the new file (add, context). */
  newLine: number | null;
}

const HUNK = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/;

/** The lines of a unified diff after its file headers. */
export function parseUnifiedDiff(patch: string): DiffLine[] {
  const lines: DiffLine[] = [];
  let inHunks = false;
  let oldLine = 0;
  let newLine = 0;
  for (const raw of patch.split('\n')) {
    const hunk = HUNK.exec(raw);
    if (hunk) {
      inHunks = true;
      oldLine = Number(hunk[1]);
      newLine = Number(hunk[2]);
      lines.push({ kind: 'hunk', text: raw, oldLine: null, newLine: null });
      continue;
    }
    // The `Index:`, `====`, `---` and `+++` headers come before the first hunk.
    if (!inHunks) continue;
    const mark = raw.charAt(0);
    const text = raw.slice(1);
    if (mark === '+') lines.push({ kind: 'add', text, oldLine: null, newLine: newLine++ });
    else if (mark === '-') lines.push({ kind: 'remove', text, oldLine: oldLine++, newLine: null });
    else if (mark === ' ') lines.push({ kind: 'context', text, oldLine: oldLine++, newLine: newLine++ });
    else if (mark === '\\') lines.push({ kind: 'note', text: raw.slice(2), oldLine: null, newLine: null });
  }
  return lines;
}

/** How many lines a diff adds and removes. */
export function diffStats(lines: DiffLine[]): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const line of lines) {
    if (line.kind === 'add') added++;
    else if (line.kind === 'remove') removed++;
  }
  return { added, removed };
}
