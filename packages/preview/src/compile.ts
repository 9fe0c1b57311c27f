/**
 * @module
 * `compileModule`: one generated TSX module → the body of a function the runtime evaluates.
 *
 * The scheme (docs/contracts.md §2): import and export statements are removed (see `clean.ts`), the rest is
 * transpiled by sucrase (`jsx` + `typescript`, classic runtime) and ends with
 * `return { default: …, named… }`. The body expects these names in scope, passed as parameters:
 * `__kiln_jsx` / `__kiln_Fragment` (the JSX factory), `React`, the hooks, every imported name and every
 * project component. Pure: runs in the browser and in Node (the server compiles at publish time).
 */
import { transform } from 'sucrase';
import {
  type CleanedModule,
  checkCleanEdits,
  cleanEdit,
  cleanGeneratedCode,
  commonEnds,
  hasUncheckedCleans,
  type ModuleImport,
} from './clean.ts';

/** Name of the JSX factory the compiled code calls. */
export const JSX_FACTORY = '__kiln_jsx';
/** Name of the fragment the compiled code uses for `<>…</>`. */
export const JSX_FRAGMENT = '__kiln_Fragment';

/** The result of compiling one module. */
export interface CompiledModule {
  /** A function body: evaluate with the scope names as parameters; it returns the module's exports. */
  code: string;
  imports: ModuleImport[];
  /** Local name of the default export, when the module has one. */
  defaultName: string | null;
  /** Named exports (exported name → local name). */
  namedExports: Record<string, string>;
  /**
   * The preview's edits only (`patch: true`): the body's top-level declarations as transpiled one by one (one
   * piece when transpiled whole); joined by newlines they are `code` up to its return line (runtime/reuse.ts).
   */
  pieces?: string[];
}

export function transpileWhole(code: string, filePath: string): string {
  return transform(code, {
    transforms: ['jsx', 'typescript'],
    jsxPragma: JSX_FACTORY,
    jsxFragmentPragma: JSX_FRAGMENT,
    production: true,
    disableESTransforms: true,
    filePath,
  }).code;
}

/** A line that starts a top-level declaration (the cleaner has already removed import/export keywords). */
const TOP_LEVEL_START =
  /(?:declare\s+|abstract\s+)?(?:async\s+)?(?:function|const|let|var|class|type|interface|enum)\b/y;

/** Transpiled top-level chunks by their text: an edit or a new draft re-transpiles only what changed. */
const chunkCache = new Map<string, string>();
const CHUNK_CACHE_SIZE = 1000;

/**
 * The newest version of each declaration, by file and first line (`function DashboardPage() {`): the base a
 * text edit of that declaration is patched from.
 */
const lastByHead = new Map<string, { source: string; js: string }>();
/** Patched chunks not yet checked against sucrase (source → patched output and its file). */
const unverified = new Map<string, { js: string; filePath: string }>();

/** Characters an edit may touch for the output to be patched instead of transpiled (no syntax, no newline). */
const SAFE = /^[A-Za-z0-9_$\- .,%#@+*?]*$/;
const SAFE_CHAR = /[A-Za-z0-9_$\- .,%#@+*?]/;

function occurrences(text: string, part: string): number {
  let n = 0;
  for (let at = text.indexOf(part); at >= 0 && n < 2; at = text.indexOf(part, at + 1)) n++;
  return n;
}

/**
 * Sucrase's output for `piece` made from the output of the previous version of the same declaration, when the
 * edit between them only changed plain words inside one run of text (copy in JSX, a string, a class list, a
 * number): the run is found once in the old source and once in the old output, with the same neighbours (or JSX
 * text's `>…<` turned into `"…"`), and replaced. Anything else — or any doubt — returns undefined and the piece is
 * transpiled. Every patch is checked against sucrase soon after (`verifyPatchedChunks`), off the edit's path.
 */
function patchedChunk(piece: string, filePath: string): string | undefined {
  const head = `${filePath}\n${piece.slice(0, piece.indexOf('\n') >>> 0)}`;
  const prev = lastByHead.get(head);
  if (!prev || prev.source.length < 200) return undefined;
  const a = prev.source;
  const { p, s } = commonEnds(a, piece);
  const edit: Edit = {
    prev,
    piece,
    p,
    s,
    oldChange: a.slice(p, a.length - s),
    newChange: piece.slice(p, piece.length - s),
  };
  return patchedText(edit) ?? patchedCode(edit) ?? patchedElement(edit);
}

/**
 * One edit of a declaration: its previous source and output, the new source, and the lengths of the text the
 * two sources share at the start (`p`) and at the end (`s`), with what changed between them.
 */
interface Edit {
  prev: { source: string; js: string };
  piece: string;
  p: number;
  s: number;
  oldChange: string;
  newChange: string;
}

/** `js` with its one occurrence of `from` replaced by `to`. */
function replaceOnce(js: string, from: string, to: string): string {
  const at = js.indexOf(from);
  return js.slice(0, at) + to + js.slice(at + from.length);
}

/** A change of plain words (see `patchedChunk`). */
function patchedText({ prev, piece, p, s, oldChange, newChange }: Edit): string | undefined {
  const a = prev.source;
  if (!SAFE.test(oldChange) || !SAFE.test(newChange)) return undefined;
  // Widen to the whole run of plain text around the change, without its outer spaces.
  let start = p;
  while (start > 0 && SAFE_CHAR.test(a[start - 1] as string)) start--;
  let end = a.length - s;
  while (end < a.length && SAFE_CHAR.test(a[end] as string)) end++;
  while (start < p && a[start] === ' ') start++;
  while (end > a.length - s && a[end - 1] === ' ') end--;
  if (start >= end || start > p || end < a.length - s) return undefined;
  const oldRun = a.slice(start, end);
  const newRun = piece.slice(start, end - a.length + piece.length);
  if (oldRun.trim() !== oldRun || newRun.trim() !== newRun || newRun === '') return undefined;
  if (occurrences(a, oldRun) !== 1 || occurrences(prev.js, oldRun) !== 1) return undefined;
  const at = prev.js.indexOf(oldRun);
  const before = [a[start - 1], prev.js[at - 1]];
  const after = [a[end], prev.js[at + oldRun.length]];
  const sameSides = before[0] === before[1] && after[0] === after[1];
  const jsxText = before[0] === '>' && before[1] === '"' && after[0] === '<' && after[1] === '"';
  if (!sameSides && !jsxText) return undefined;
  if (jsxText && !/^[A-Za-z0-9_$\- .,%#@+*?]+$/.test(newRun)) return undefined;
  return replaceOnce(prev.js, oldRun, newRun);
}

/** Characters an edit of code may not touch to be patched: JSX, comments and regexes, templates, lines. */
const CODE_UNSAFE = /[\n<>/`\\]/;
/** TypeScript's own words: an edit touching one is transpiled. */
const TS_WORD =
  /\b(?:as|satisfies|type|interface|enum|declare|namespace|abstract|implements|private|protected|public|readonly|override|keyof|infer|is|asserts|import|export)\b/;
/**
 * How much unchanged text on each side of a code edit must read the same in the source and the output: pairs
 * (left, right), widest first, at least 6 characters in all.
 */
const CODE_CONTEXTS = [24, 12, 6, 3, 1]
  .flatMap((l) => [24, 12, 6, 3, 1].map((r) => [l, r] as const))
  .filter(([l, r]) => l + r >= 6)
  .sort((x, y) => y[0] + y[1] - (x[0] + x[1]));

function brackets(text: string): string {
  return text.replace(/[^()[\]{}]/g, '');
}

function quotes(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) if (text[i] === "'" || text[i] === '"') n++;
  return n;
}

/**
 * The output for an edit inside plain JavaScript (a condition, a call's arguments, a string's quotes, a number in
 * an expression): sucrase leaves JavaScript as it is — it only removes TypeScript and turns JSX into calls — so
 * where the changed text and some characters on each side (`CODE_CONTEXTS`) of it read the same in the old source and,
 * once, in the old output, the output changes exactly as the source did. The edit may not touch JSX or a type
 * (`<`, `>`, TypeScript's words), comments, templates or line breaks, and keeps its brackets and the number of
 * quotes; a JSX attribute or text, or a type, reads differently in the output, so its context is not found. What
 * still slips through is caught: TypeScript left in JavaScript does not parse, and the engine compiles again at
 * once (`verifyPatchedChunks`), and everything patched is compared with sucrase right after the render.
 */
function patchedCode({ prev, piece, p, s, oldChange, newChange }: Edit): string | undefined {
  const a = prev.source;
  if (oldChange.length > 400 || newChange.length > 400) return undefined;
  if (CODE_UNSAFE.test(oldChange) || CODE_UNSAFE.test(newChange)) return undefined;
  if (brackets(oldChange) !== brackets(newChange) || quotes(oldChange) !== quotes(newChange))
    return undefined;
  // Whole words around the change, for TypeScript's keywords.
  let ws = p;
  while (ws > 0 && /[\w$]/.test(a[ws - 1] as string)) ws--;
  let we = a.length - s;
  while (we < a.length && /[\w$]/.test(a[we] as string)) we++;
  if (TS_WORD.test(a.slice(ws, we)) || TS_WORD.test(piece.slice(ws, we - a.length + piece.length)))
    return undefined;
  // The widest context that reads the same in the output: an edit next to JSX (`{[a, b].join(' ')}` in a
  // heading) keeps only the JavaScript side of it.
  for (const [left, right] of CODE_CONTEXTS) {
    const from = Math.max(0, p - left);
    const to = Math.min(a.length, a.length - s + right);
    // The context holds the whole words the change touches: a part of one (`w) =>` of `(row: Row) =>`) can be
    // found in the output where sucrase removed the word itself (the type `Row`), and patch the wrong text.
    if (from > ws || to < we) continue;
    const oldSpan = a.slice(from, to);
    if (occurrences(a, oldSpan) !== 1 || occurrences(prev.js, oldSpan) !== 1) continue;
    return replaceOnce(prev.js, oldSpan, piece.slice(from, to - a.length + piece.length));
  }
  return undefined;
}

/** Sucrase's output for a piece of code, cached by its text (declarations and JSX elements alike). */
function transpileCached(text: string, filePath: string): string {
  let js = chunkCache.get(text);
  if (js === undefined) {
    js = transpileWhole(text, filePath);
    chunkCache.set(text, js);
    if (chunkCache.size > CHUNK_CACHE_SIZE) chunkCache.delete(chunkCache.keys().next().value as string);
  }
  return js;
}

const OPENING_TAG = /^([ \t]*)<([A-Za-z][\w.:-]*)/;
/** How far up from an edit the enclosing JSX element is looked for, in lines. */
const ELEMENT_LINES_UP = 80;

/**
 * The output for an edit of markup (a tag, an attribute, an element added): the smallest JSX element around
 * the edit, as generated code lays it out (an opening tag starting its line, and its closing tag — or `/>` — on
 * the same line or alone on a later line at the same indentation), is transpiled on its own; where the old
 * element's own output occurs once in the old output, it is replaced by the new element's. Sucrase turns an
 * element into the same calls wherever it stands, so this is its output for the whole declaration; a guess
 * that is wrong (a layout this reading gets wrong) does not parse, or differs when it is checked right after the
 * render (`verifyPatchedChunks`), and is compiled again. An element whose old output is not unique (a repeated
 * line) gives way to the one around it.
 */
function patchedElement({ prev, piece, p, s }: Edit): string | undefined {
  const a = prev.source;
  const delta = piece.length - a.length;
  const changeEnd = piece.length - s;
  let lineStart = piece.lastIndexOf('\n', p - 1) + 1;
  for (let up = 0; up < ELEMENT_LINES_UP && lineStart > 0; up++) {
    const lineEnd = piece.indexOf('\n', lineStart);
    const line = piece.slice(lineStart, lineEnd < 0 ? undefined : lineEnd);
    const open = OPENING_TAG.exec(line);
    const start = lineStart + (open?.[1]?.length ?? 0);
    const end =
      open && start <= p ? elementEnd(piece, lineStart, line, open[1] as string, open[2] as string) : -1;
    if (end >= changeEnd && end - delta >= a.length - s) {
      try {
        const oldJs = transpileCached(a.slice(start, end - delta), 'element.tsx');
        if (occurrences(prev.js, oldJs) === 1) {
          return replaceOnce(prev.js, oldJs, transpileCached(piece.slice(start, end), 'element.tsx'));
        }
      } catch {
        // Not an element after all (or the edit broke it): look further up.
      }
    }
    lineStart = piece.lastIndexOf('\n', lineStart - 2) + 1;
  }
  return undefined;
}

/** Where the element opened on `line` ends (exclusive), or -1: its closing tag or `/>`, by the layout. */
function elementEnd(code: string, lineStart: number, line: string, indent: string, tag: string): number {
  const close = `</${tag}>`;
  const lineEnd = lineStart + line.length;
  if (line.endsWith(close) || line.endsWith('/>')) return lineEnd;
  for (let at = lineEnd + 1; at < code.length; ) {
    const next = code.indexOf('\n', at);
    const text = code.slice(at, next < 0 ? undefined : next);
    if (text.startsWith(indent) && !/^[ \t]/.test(text.slice(indent.length))) {
      const rest = text.slice(indent.length);
      if (rest === close || rest === '/>') return at + text.length;
      if (!rest.startsWith('>') && rest !== '') return -1;
    }
    if (next < 0) break;
    at = next + 1;
  }
  return -1;
}

/**
 * Transpiles the chunks that were patched (see `patchedChunk`) and puts sucrase's output in the cache, and
 * cleans in full the modules cleaned from a previous result (clean.ts `cleanEdit`). Returns the sources whose
 * patch or cleaning differed (their modules must be compiled and evaluated again); normally none.
 */
export function verifyPatchedChunks(): string[] {
  const wrong: string[] = [];
  for (const [piece, { js: patched, filePath }] of unverified) {
    let js: string;
    try {
      js = transpileWhole(piece, filePath);
    } catch {
      js = '';
    }
    if (js !== patched) {
      wrong.push(piece);
      if (js) chunkCache.set(piece, js);
      else chunkCache.delete(piece);
      for (const [head, last] of lastByHead) if (last.source === piece) lastByHead.delete(head);
    }
  }
  unverified.clear();
  return [...wrong, ...checkCleanEdits()];
}

/** Whether some patched chunks still wait for `verifyPatchedChunks`. */
export function hasUnverifiedChunks(): boolean {
  return unverified.size > 0 || hasUncheckedCleans();
}

/**
 * Sucrase's output, one top-level declaration at a time. The code is cut before each line that starts a
 * declaration at column 0 and each piece is transpiled on its own and cached, then the pieces are joined:
 * sucrase works statement by statement (there are no imports left to elide), keeps line numbers, and a
 * piece that starts with a declaration keyword cannot continue the one before it, so the result is the
 * same text as transpiling the whole module (checked over the render corpus in compile.test.ts). A cut that
 * lands inside a template, comment or unindented block makes a piece that does not parse: then the module
 * is transpiled whole, as before, which also gives the error its usual message and position. With
 * `patch: true` (the preview's edits), a plain-text edit of a declaration is patched into its previous output.
 */
export function transpile(code: string, filePath: string, opts: { patch?: boolean } = {}): string {
  return transpileInPieces(code, filePath, opts).join('\n');
}

/** `transpile`'s output as its pieces: joined by newlines, they are the output (one piece when whole). */
function transpileInPieces(code: string, filePath: string, opts: { patch?: boolean }): string[] {
  const pieces: string[] = [];
  let start = 0;
  for (let at = code.indexOf('\n'); at >= 0; at = code.indexOf('\n', at + 1)) {
    const next = at + 1;
    TOP_LEVEL_START.lastIndex = next;
    if (TOP_LEVEL_START.test(code) && code.slice(start, next).trim() !== '') {
      pieces.push(code.slice(start, at));
      start = next;
    }
  }
  // One declaration (or none) is one piece: still cached, and an edit of it patched.
  pieces.push(code.slice(start));
  const out: string[] = [];
  try {
    for (const piece of pieces) {
      let js = chunkCache.get(piece) ?? unverified.get(piece)?.js;
      if (js === undefined && opts.patch) {
        js = patchedChunk(piece, filePath);
        if (js !== undefined) unverified.set(piece, { js, filePath });
      }
      js ??= transpileCached(piece, filePath);
      if (piece.length >= 200) {
        lastByHead.set(`${filePath}\n${piece.slice(0, piece.indexOf('\n') >>> 0)}`, { source: piece, js });
        if (lastByHead.size > CHUNK_CACHE_SIZE) lastByHead.delete(lastByHead.keys().next().value as string);
      }
      out.push(js);
    }
  } catch (error) {
    // A one-piece module is the whole module: its error is already the whole module's.
    if (pieces.length === 1) throw error;
    return [transpileWhole(code, filePath)];
  }
  return out;
}

/**
 * Models often return two sibling elements from a component. Wrap every parenthesised JSX group that
 * follows `return` or `=>` in a div, so `return (<A/><B/>)` becomes `return (<div><A/><B/></div>)`.
 */
export function wrapAdjacentJsx(code: string): string {
  let out = '';
  let i = 0;
  const opener = /(?:\breturn|=>)\s*\(\s*</g;
  for (let m = opener.exec(code); m; m = opener.exec(code)) {
    const open = code.indexOf('(', m.index);
    const close = matchingParen(code, open);
    if (close < 0) continue;
    const inner = code.slice(open + 1, close);
    out += `${code.slice(i, open + 1)}<div>${inner}</div>`;
    i = close;
    opener.lastIndex = close;
  }
  return out + code.slice(i);
}

function matchingParen(code: string, open: number): number {
  let depth = 0;
  for (let j = open; j < code.length; j++) {
    const c = code[j];
    if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return j;
  }
  return -1;
}

function exportsObject(cleaned: CleanedModule, fallbackNames: string[]): string {
  const named = Object.entries(cleaned.namedExports).map(
    ([exported, local]) =>
      `${JSON.stringify(exported)}: typeof ${local} === 'undefined' ? undefined : ${local}`,
  );
  let def = 'undefined';
  if (cleaned.defaultName) def = cleaned.defaultName;
  else {
    for (const name of [...fallbackNames].reverse()) {
      def = `typeof ${name} === 'function' || (typeof ${name} === 'object' && ${name} !== null && '$$typeof' in ${name}) ? ${name} : ${def}`;
    }
  }
  return `{ default: ${def}${named.length ? `, ${named.join(', ')}` : ''} }`;
}

/**
 * A module without a default export still renders (models often write `export function Page()` or forget
 * the export): the default is, in this order, a function named after its file, its last PascalCase named
 * export, or its last top-level PascalCase function or const.
 */
function fallbackDefaultNames(filePath: string, cleaned: CleanedModule): string[] {
  const names: string[] = [];
  const base =
    filePath
      .split('/')
      .pop()
      ?.replace(/\.[jt]sx?$/, '') ?? '';
  if (/^[A-Z][\w$]*$/.test(base)) names.push(base);
  const exported = Object.keys(cleaned.namedExports).filter((n) => /^[A-Z]/.test(n));
  if (exported.length > 0)
    names.push(cleaned.namedExports[exported[exported.length - 1] as string] as string);
  const declared = [
    ...cleaned.code.matchAll(/^(?:async\s+)?(?:function\s+|(?:const|let|class)\s+)([A-Z][\w$]*)/gm),
  ].map((m) => m[1] as string);
  if (declared.length > 0) names.push(declared[declared.length - 1] as string);
  return [...new Set(names)];
}

/**
 * Compiles one generated module (see the module comment for the scheme). Throws a SyntaxError-like
 * `Error` with the sucrase message when the code cannot be transpiled, after one retry that wraps
 * adjacent JSX elements in a div.
 */
export function compileModule(
  source: string,
  filePath: string,
  opts: { patch?: boolean } = {},
): CompiledModule {
  // The preview's edits clean from the file's previous result when they can (checked with the patches).
  const cleaned = opts.patch ? cleanEdit(source, filePath) : cleanGeneratedCode(source);
  let body: string;
  let pieces: string[] | undefined;
  try {
    const out = transpileInPieces(cleaned.code, filePath, opts);
    body = out.join('\n');
    if (opts.patch) pieces = out;
  } catch (error) {
    const wrapped = wrapAdjacentJsx(cleaned.code);
    if (wrapped === cleaned.code) throw error;
    try {
      body = transpile(wrapped, filePath);
    } catch {
      throw error;
    }
  }
  const code = `${body}\nreturn ${exportsObject(cleaned, fallbackDefaultNames(filePath, cleaned))};\n//# sourceURL=kiln:///${filePath.replace(/^\/+/, '')}`;
  return {
    code,
    imports: cleaned.imports,
    defaultName: cleaned.defaultName,
    namedExports: cleaned.namedExports,
    ...(pieces && { pieces }),
  };
}
