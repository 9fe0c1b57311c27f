/**
 * Formats other tools taught models, read as a fallback when a reply holds no Kiln tag at all (see
 * README.md, "Foreign formats"): bolt artifacts (`<boltAction type="file" filePath="…">`), Claude-style
 * artifacts (`<antArtifact>` / `<artifact>`), Dyad (`<dyad-write path="…">`, `<dyad-search-replace>`,
 * `<dyad-delete>`, `<dyad-rename>`), markdown fences that name their file (in the info string, on the line before, or in a
 * first-line comment) and aider-style edits (a path line, then a fence holding SEARCH/REPLACE blocks).
 * Works on a whole reply, so it does not depend on how the reply was chunked.
 * @module
 */
import type { ParsedBlockEvent } from './output-parser.ts';
import { cleanFileContent, parseSearchReplace } from './output-parser.ts';

/** What a foreign-format reply meant: its block events (files, edits, deletes, renames) and its prose. */
export interface ForeignReply {
  events: ParsedBlockEvent[];
  /** The reply without the blocks read from it: the chat text. */
  text: string;
}

const ATTR_RE = /([a-z_][a-z0-9_-]*)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>/]+))/gi;
/** A path as models write it, ending in a module extension (or a folder path without one). */
const PATH_TOKEN_RE =
  /(?:^|[\s`*'"(:])((?:[\w@.[\]()-]+\/)*[\w@.[\]()-]+\.(?:tsx|ts|jsx|js))(?=$|[\s`*'"):,])/;
const MODULE_PATH_RE = /\.(?:tsx|ts|jsx|js)$/;

function attrsOf(text: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const a of text.matchAll(ATTR_RE)) attrs[(a[1] ?? '').toLowerCase()] = a[2] ?? a[3] ?? a[4] ?? '';
  return attrs;
}

function pathAttr(attrs: Record<string, string>): string {
  for (const name of ['filepath', 'path', 'file_path', 'filename', 'file']) {
    const value = attrs[name]?.trim();
    if (value) return value;
  }
  return '';
}

function fileOrEdit(path: string, body: string, moduleType: string | null = null): ParsedBlockEvent {
  const { edits, markers } = parseSearchReplace(body, true);
  if (markers) return { type: 'edit', path, edits, done: true, closed: true };
  return { type: 'file', path, moduleType, content: cleanFileContent(body, true), done: true, closed: true };
}

/** Reads a reply written in a foreign format; null when it holds none (it is then plain chat text). */
export function parseForeignReply(reply: string): ForeignReply | null {
  return tagFormats(reply) ?? fencedFiles(reply);
}

/** bolt, Claude-style artifacts and Dyad: XML-ish tags around whole files. */
function tagFormats(reply: string): ForeignReply | null {
  const events: ParsedBlockEvent[] = [];
  const re =
    /<(boltAction|antArtifact|artifact|dyad-write|dyad-search-replace)\b([^>]*)>([\s\S]*?)(?:<\/\1\s*>|$)|<(dyad-delete|dyad-rename)\b([^>]*?)\/?>(?:\s*<\/\4\s*>)?/gi;
  let text = '';
  let at = 0;
  for (const m of reply.matchAll(re)) {
    const index = m.index ?? 0;
    text += reply.slice(at, index);
    at = index + m[0].length;
    const tag = (m[1] ?? m[4] ?? '').toLowerCase();
    const attrs = attrsOf(m[2] ?? m[5] ?? '');
    const body = m[3] ?? '';
    if (tag === 'dyad-delete') {
      if (pathAttr(attrs)) events.push({ type: 'delete', path: pathAttr(attrs) });
    } else if (tag === 'dyad-rename') {
      if (attrs.from && attrs.to) events.push({ type: 'rename', from: attrs.from, to: attrs.to });
    } else if (tag === 'boltaction') {
      // Shell and start actions run commands Kiln does not run; only files are modules.
      if ((attrs.type ?? 'file') === 'file' && pathAttr(attrs))
        events.push(fileOrEdit(pathAttr(attrs), body));
    } else if (tag === 'dyad-write' || tag === 'dyad-search-replace') {
      events.push(fileOrEdit(pathAttr(attrs), body));
    } else {
      // A Claude-style artifact: code ones become modules; a path is its attribute or a path-like title.
      const type = attrs.type ?? '';
      const code = type === '' || /react|code|typescript|javascript/i.test(type);
      if (!code) {
        text += m[0];
        continue;
      }
      const titled = [attrs.title, attrs.identifier].find((v) => v && MODULE_PATH_RE.test(v.trim()));
      events.push(fileOrEdit(pathAttr(attrs) || titled?.trim() || '', body));
    }
  }
  if (events.length === 0) return null;
  text += reply.slice(at);
  text = text
    .replace(/<\/?boltArtifact\b[^>]*>/gi, '')
    .replace(/<dyad-chat-summary>[\s\S]*?<\/dyad-chat-summary>/gi, '');
  return { events, text: tidy(text) };
}

/**
 * Markdown fences that name their file: ```` ```tsx title="src/x.tsx" ````, ```` ```tsx src/x.tsx ````,
 * ```` ```tsx:src/x.tsx ````, a `**src/x.tsx**` / `` `src/x.tsx` `` / `### src/x.tsx` / `// src/x.tsx` line
 * right before the fence (a blank line between allowed), or a `// src/x.tsx` first line inside it. A fence
 * holding SEARCH/REPLACE blocks is an edit (aider). Fences that name no module file stay chat text.
 */
function fencedFiles(reply: string): ForeignReply | null {
  const lines = reply.split('\n');
  const events: ParsedBlockEvent[] = [];
  const drop = new Set<number>();
  for (let i = 0; i < lines.length; i++) {
    const open = /^\s*(`{3,}|~{3,})([^`]*)$/.exec(lines[i] ?? '');
    if (!open) continue;
    const marker = open[1] ?? '```';
    let end = i + 1;
    while (
      end < lines.length &&
      !new RegExp(`^\\s*${marker[0] === '`' ? '`' : '~'}{${marker.length},}\\s*$`).test(lines[end] ?? '')
    )
      end++;
    const info = (open[2] ?? '').trim();
    let body = lines.slice(i + 1, end);
    let path = pathFromInfo(info);
    let pathLine = -1;
    if (!path) {
      // The line before (a blank line between allowed).
      let j = i - 1;
      if (j >= 0 && !lines[j]?.trim()) j--;
      const before = lines[j] ?? '';
      if (j >= 0 && before.trim().length <= 120 && !/^\s*(`{3,}|~{3,})/.test(before)) {
        const found = PATH_TOKEN_RE.exec(before)?.[1];
        if (found) {
          path = found;
          // A line that is only the path (with markup) is not chat text.
          if (isPathOnlyLine(before, found)) pathLine = j;
        }
      }
    }
    if (!path) {
      const first =
        /^\s*(?:\/\/|\/\*|#)\s*(?:file(?:name)?:\s*)?((?:[\w@.[\]()-]+\/)*[\w@.[\]()-]+\.(?:tsx|ts|jsx|js))\s*(?:\*\/)?\s*$/i.exec(
          body[0] ?? '',
        );
      if (first?.[1]) {
        path = first[1];
        body = body.slice(1);
      }
    }
    if (!path || !MODULE_PATH_RE.test(path)) {
      i = end;
      continue;
    }
    events.push(fileOrEdit(path, `${body.join('\n')}\n`));
    for (let k = i; k <= Math.min(end, lines.length - 1); k++) drop.add(k);
    if (pathLine >= 0) drop.add(pathLine);
    i = end;
  }
  if (events.length === 0) return null;
  return { events, text: tidy(lines.filter((_, k) => !drop.has(k)).join('\n')) };
}

function pathFromInfo(info: string): string {
  if (!info) return '';
  const named = attrsOf(info);
  const attr = named.title || named.filename || named.file || named.path || named.filepath;
  if (attr) return attr.trim();
  // ```tsx src/x.tsx, ```tsx:src/x.tsx, ```src/x.tsx
  for (const token of info.split(/[\s:]+/))
    if (MODULE_PATH_RE.test(token) && !token.includes('=')) return token;
  return '';
}

function isPathOnlyLine(line: string, path: string): boolean {
  const rest = line.replace(path, '').replace(/^[\s#>*`'"_-]*(?:\/\/\s*)?(?:file(?:name)?\s*:?\s*)?/i, '');
  return /^[\s*`'":_-]*$/.test(rest);
}

function tidy(text: string): string {
  return text
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
