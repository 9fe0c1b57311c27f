/**
 * App titles for the builtin generator: the name a prompt gives an app ("called Taskly", "named 'Ink'"),
 * finding a generated app's current title, and renaming it everywhere it appears.
 * @module
 */
import { jsString } from './format.ts';

const STOP = /\s+(?:with|that|which|where|for|to|and|using|in|on|where|so)\s+|[.,;:!?\n]/i;

/** Cleans a title to characters that read well and are safe in JSX text and string literals. */
export function cleanTitle(raw: string): string {
  return raw
    .replace(/[{}<>`"\\]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 60)
    .trim();
}

/** The name a prompt gives the app, or null: `called X`, `named X`, `titled X`, or a quoted name. */
export function titleFromPrompt(prompt: string): string | null {
  const quoted = /(?:called|named|titled|name it|call it)\s*[:]?\s*["“'‘]([^"”'’]{1,60})["”'’]/i.exec(prompt);
  if (quoted?.[1]) return cleanTitle(quoted[1]) || null;
  const bare = /\b(?:called|named|titled|name it|call it)\s+([A-Za-z0-9][^\n]*)/i.exec(prompt);
  if (bare?.[1]) {
    const name = cleanTitle(bare[1].split(STOP)[0] ?? '');
    if (name) return name;
  }
  const anyQuoted = /["“]([^"”]{2,40})["”]/.exec(prompt);
  if (anyQuoted?.[1]) return cleanTitle(anyQuoted[1]) || null;
  return null;
}

/** A person's name in a prompt ("for Jane Doe", "my name is Sam Lee"), or null. */
export function personFromPrompt(prompt: string): string | null {
  const m =
    /\bmy name is ([A-Z][a-z]+(?: [A-Z][a-z]+){0,2})/.exec(prompt) ??
    /\b(?:for|of|about|I'm|I am) ([A-Z][a-z]+(?: [A-Z][a-z'-]+){1,2})\b/.exec(prompt);
  return m?.[1] ? cleanTitle(m[1]) : null;
}

/**
 * The title a generated app shows: its `document.title`, else the first plain `<h1>` of its pages, else a
 * mobile screen's `APP_TITLE`.
 */
export function findTitle(contents: string[]): string | null {
  for (const c of contents) {
    const m =
      /document\.title\s*=\s*'((?:[^'\\]|\\.)*)'/.exec(c) ??
      /document\.title\s*=\s*"((?:[^"\\]|\\.)*)"/.exec(c);
    if (m?.[1]) return m[1].replace(/\\(.)/g, '$1');
  }
  for (const c of contents) {
    const m = /<h1[^>]*>\s*([^<{}\n]+?)\s*<\/h1>/.exec(c);
    if (m?.[1]) return m[1];
  }
  // Mobile screens (no document, no <h1>) declare their title as a constant.
  for (const c of contents) {
    const m = /\bconst APP_TITLE\s*=\s*'((?:[^'\\]|\\.)*)'/.exec(c);
    if (m?.[1]) return unescapeJsString(m[1]);
  }
  return null;
}

/** The text of a single-quoted JavaScript string literal's body (`\'` → `'`, `\\n` → newline). */
export function unescapeJsString(body: string): string {
  return body.replace(/\\(.)/g, (_m, c: string) => (c === 'n' ? '\n' : c));
}

/** Replaces the title `from` with `to` in JSX text and in single-quoted strings. */
export function replaceTitle(content: string, from: string, to: string): string {
  const escapedFrom = jsString(from).slice(1, -1);
  const escapedTo = jsString(to).slice(1, -1);
  return content
    .split('\n')
    .map((line) => {
      let out = '';
      let i = 0;
      for (;;) {
        const raw = line.indexOf(from, i);
        const esc = escapedFrom !== from ? line.indexOf(escapedFrom, i) : -1;
        const at = raw === -1 ? esc : esc === -1 ? raw : Math.min(raw, esc);
        if (at === -1) break;
        const matched = at === esc ? escapedFrom : from;
        if (!isWordBoundary(line, at, matched.length)) {
          out += line.slice(i, at + 1);
          i = at + 1;
          continue;
        }
        out += line.slice(i, at) + (insideSingleQuotes(line, at) ? escapedTo : to);
        i = at + matched.length;
      }
      return out + line.slice(i);
    })
    .join('\n');
}

function isWordBoundary(line: string, at: number, length: number): boolean {
  const before = line[at - 1] ?? ' ';
  const after = line[at + length] ?? ' ';
  return !/[A-Za-z0-9_]/.test(before) && !/[A-Za-z0-9_]/.test(after);
}

function insideSingleQuotes(line: string, at: number): boolean {
  let inside = false;
  for (let i = 0; i < at; i++) {
    if (line[i] === '\\') i++;
    else if (line[i] === "'") inside = !inside;
  }
  return inside;
}
