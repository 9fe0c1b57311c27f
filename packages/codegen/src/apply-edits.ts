/**
 * Applies SEARCH/REPLACE edits to a file. Every SEARCH is located in the original text first (exactly,
 * then ignoring indentation and trailing spaces line by line); overlapping matches are an error (spec §5:
 * "Overlapping ranges when fixing code are an error"); a SEARCH that matches nowhere is counted as missed.
 * @module
 */
import type { SearchReplace } from './types.ts';

/** Thrown when two edits' matched ranges overlap. */
export class EditOverlapError extends Error {
  override readonly name = 'EditOverlapError';
  constructor(
    readonly first: number,
    readonly second: number,
  ) {
    super(`Overlapping ranges when fixing code: edits ${first + 1} and ${second + 1} match overlapping text`);
  }
}

interface Range {
  start: number;
  end: number;
  replace: string;
  index: number;
}

/**
 * Applies `edits` to `content`. An empty SEARCH appends its REPLACE at the end (or is the whole file when
 * `content` is empty). Returns the new content and how many edits matched nowhere.
 * @throws EditOverlapError when two matched ranges overlap.
 */
export function applyEdits(content: string, edits: SearchReplace[]): { content: string; missed: number } {
  const text = content.replace(/\r\n/g, '\n');
  const ranges: Range[] = [];
  let missed = 0;
  edits.forEach((edit, index) => {
    const search = edit.search.replace(/\r\n/g, '\n');
    const replace = edit.replace.replace(/\r\n/g, '\n');
    if (search.trim() === '') {
      const sep = text === '' || text.endsWith('\n') ? '' : '\n';
      ranges.push({
        start: text.length,
        end: text.length,
        replace: sep + replace + (replace.endsWith('\n') ? '' : '\n'),
        index,
      });
      return;
    }
    const found = locate(text, search);
    if (!found) {
      missed++;
      return;
    }
    ranges.push({ start: found.start, end: found.end, replace, index });
  });
  const sorted = [...ranges].sort((a, b) => a.start - b.start || a.index - b.index);
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1]!;
    const cur = sorted[i]!;
    const zeroWidth = prev.start === prev.end || cur.start === cur.end;
    if (cur.start < prev.end || (!zeroWidth && cur.start === prev.start)) {
      throw new EditOverlapError(Math.min(prev.index, cur.index), Math.max(prev.index, cur.index));
    }
  }
  let result = '';
  let at = 0;
  for (const r of sorted) {
    result += text.slice(at, r.start) + r.replace;
    at = r.end;
  }
  result += text.slice(at);
  return { content: result, missed };
}

/** Finds `search` in `text`: exactly first, then line by line ignoring surrounding whitespace. */
function locate(text: string, search: string): { start: number; end: number } | null {
  const exact = text.indexOf(search);
  if (exact !== -1) return { start: exact, end: exact + search.length };
  const wanted = trimBlankEdges(search.split('\n')).map((l) => l.trim());
  if (wanted.length === 0) return null;
  const lines = text.split('\n');
  const offsets: number[] = [];
  let offset = 0;
  for (const line of lines) {
    offsets.push(offset);
    offset += line.length + 1;
  }
  for (let i = 0; i + wanted.length <= lines.length; i++) {
    let ok = true;
    for (let j = 0; j < wanted.length; j++) {
      if ((lines[i + j] ?? '').trim() !== wanted[j]) {
        ok = false;
        break;
      }
    }
    if (ok) {
      const last = i + wanted.length - 1;
      return { start: offsets[i]!, end: offsets[last]! + (lines[last] ?? '').length };
    }
  }
  return null;
}

function trimBlankEdges(lines: string[]): string[] {
  let a = 0;
  let b = lines.length;
  while (a < b && lines[a]?.trim() === '') a++;
  while (b > a && lines[b - 1]?.trim() === '') b--;
  return lines.slice(a, b);
}
