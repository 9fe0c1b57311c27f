/**
 * @module The tools a model calls to read the project it works on, answered from the request's own modules
 * (no I/O, no cost): `read_file` gives files whole, by path; `grep_codebase` gives the lines that contain a
 * text, each with its path and line number. A discussion (plan mode) is told about them, and so is a request
 * whose files did not all fit the context budget (the others are listed by path only): the model reads what it
 * needs instead of guessing.
 */
import type { GenModule, GenToolAnswer } from './types.ts';

/** Reads project files whole: `<kiln:tool-call name="read_file">apps/web/src/app/page.tsx</kiln:tool-call>`. */
export const READ_FILE = 'read_file' as const;
/** Finds lines in the project: `<kiln:tool-call name="grep_codebase">due_date</kiln:tool-call>` (spec tool kind). */
export const GREP_CODEBASE = 'grep_codebase' as const;

/** Characters one `read_file` call answers at most (about 4,000 tokens; every tool round re-sends the request). */
export const MAX_READ_CHARS = 16_000;
/** Paths one `read_file` call reads at most. */
export const MAX_READ_FILES = 5;
/** Matching lines one `grep_codebase` call lists at most. */
export const MAX_GREP_MATCHES = 40;
/** A matching line is cut to this many characters. */
const MAX_GREP_LINE = 200;
/** Paths listed when a path is not found. */
const MAX_LISTED_PATHS = 60;

/** A path as a model may write it: `./src/app/page.tsx`, `/apps/web/…`, quoted, or with backticks. */
function cleanPath(raw: string): string {
  return raw
    .trim()
    .replace(/^[`'"]+|[`'"]+$/g, '')
    .replace(/^\.?\/+/, '');
}

/** The module a path names: exact, or the one module whose path ends with it (`src/app/page.tsx`). */
function findModule(path: string, modules: readonly GenModule[]): GenModule | GenModule[] | undefined {
  const exact = modules.find((m) => m.filePath === path);
  if (exact) return exact;
  const byTail = modules.filter((m) => m.filePath.endsWith(`/${path}`));
  if (byTail.length === 1) return byTail[0];
  return byTail.length > 1 ? byTail : undefined;
}

/** The answer to one `read_file` call: each named file whole (as in `<kiln:project>`), cut at `MAX_READ_CHARS`. */
export function readFiles(input: string, modules: readonly GenModule[]): GenToolAnswer {
  const paths = [
    ...new Set(
      input
        .split(/[\n,]+/)
        .map(cleanPath)
        .filter(Boolean),
    ),
  ];
  if (paths.length === 0) {
    return { status: 'error', output: 'Write the path of a file inside the tool call, one per line.' };
  }
  const parts: string[] = [];
  const missing: string[] = [];
  let room = MAX_READ_CHARS;
  for (const path of paths.slice(0, MAX_READ_FILES)) {
    const found = findModule(path, modules);
    if (!found) {
      missing.push(path);
      continue;
    }
    if (Array.isArray(found)) {
      parts.push(`"${path}" names ${found.length} files: ${found.map((m) => m.filePath).join(', ')}.`);
      continue;
    }
    const head = `<kiln:file path="${found.filePath}" type="${found.moduleType}">\n`;
    if (room <= head.length + 100) {
      parts.push(`${found.filePath} was not read: this call reached ${MAX_READ_CHARS} characters.`);
      continue;
    }
    const fits = found.content.length <= room - head.length;
    const content = fits ? found.content : found.content.slice(0, room - head.length);
    const note = fits
      ? ''
      : `\n(cut: ${(found.content.length - content.length).toLocaleString('en-US')} more characters)`;
    const part = `${head}${content}${note}\n</kiln:file>`;
    parts.push(part);
    room -= part.length;
  }
  if (paths.length > MAX_READ_FILES) {
    parts.push(`Only the first ${MAX_READ_FILES} paths were read; ask again for the others.`);
  }
  if (missing.length > 0) {
    const listed = modules.slice(0, MAX_LISTED_PATHS).map((m) => m.filePath);
    const more = modules.length > listed.length ? ` and ${modules.length - listed.length} more` : '';
    parts.push(
      `No file ${missing.map((p) => `"${p}"`).join(', ')}. The project's files: ${listed.join(', ') || 'none'}${more}.`,
    );
  }
  const read = parts.some((p) => p.startsWith('<kiln:file'));
  return { status: read ? 'success' : 'error', output: parts.join('\n') };
}

/** The answer to one `grep_codebase` call: every line containing the text (any case), as `path:line: text`. */
export function grepCodebase(input: string, modules: readonly GenModule[]): GenToolAnswer {
  const needle = input.trim().replace(/^[`'"]+|[`'"]+$/g, '');
  if (!needle) return { status: 'error', output: 'Write the text to look for inside the tool call.' };
  const lower = needle.toLowerCase();
  const hits: string[] = [];
  let total = 0;
  for (const m of modules) {
    const lines = m.content.split('\n');
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i] ?? '';
      if (!line.toLowerCase().includes(lower)) continue;
      total++;
      if (hits.length >= MAX_GREP_MATCHES) continue;
      const text = line.trim();
      hits.push(
        `${m.filePath}:${i + 1}: ${text.length > MAX_GREP_LINE ? `${text.slice(0, MAX_GREP_LINE)}…` : text}`,
      );
    }
  }
  if (total === 0) return { status: 'success', output: `No line of the project contains "${needle}".` };
  const rest = total - hits.length;
  return {
    status: 'success',
    output: rest > 0 ? `${hits.join('\n')}\n(${rest} more matching lines not shown)` : hits.join('\n'),
  };
}
