/**
 * @module
 * Streaming code (spec §5): while a model is still writing a module, the preview shows the newest code that
 * parses. `repairPartialCode` cuts a truncated module back to its last complete point — dropping the partial
 * or unclosed element, attribute, string or statement at the end — and closes what is still open
 * (`</div>`, `)`, `}`), checking each candidate with tree-sitter's tsx grammar (web-tree-sitter + the wasm
 * shipped by `tree-sitter-typescript`). The wasm files are fetched once by `initTreeSitter`.
 * Isomorphic: in Node the wasm files are read from node_modules.
 */
import { MESSAGES } from '@kiln/core/messages';
import { Language, Parser } from 'web-tree-sitter';

/** `@kiln/core`'s MESSAGES.treeSitterNotInitialized (kept equal by `partial.test.ts`). */
export const TREE_SITTER_NOT_INITIALIZED = MESSAGES.treeSitterNotInitialized;
/** `@kiln/core`'s TREE_SITTER_PARSE_TIMEOUT_MS: the whole repair of one module gives up after this. */
export const TREE_SITTER_PARSE_TIMEOUT = 500;
/** How many cut points are tried, newest first, before giving up. */
const MAX_CANDIDATES = 60;

let parser: Parser | null = null;
let language: Language | null = null;
let initializing: Promise<void> | null = null;
/** True while `parser.parse` runs: the parser is not re-entrant (see `parseTree`). */
let parsing = false;

/** Where the two wasm files are: URLs in the browser (`/_kiln/wasm/…`), file paths in Node. */
export interface TreeSitterFiles {
  /** `web-tree-sitter.wasm`, the parser runtime. */
  parser: string;
  /** `tree-sitter-tsx.wasm`, the grammar from `tree-sitter-typescript`. */
  tsx: string;
}

/** Loads web-tree-sitter and the tsx grammar, once; later calls return the same promise. */
export function initTreeSitter(files: TreeSitterFiles): Promise<void> {
  initializing ??= (async () => {
    await Parser.init({ locateFile: () => files.parser });
    language = await Language.load(files.tsx);
    parser = new Parser().setLanguage(language);
  })();
  initializing.catch(() => {
    initializing = null;
  });
  return initializing;
}

/** The tsx grammar once `initTreeSitter` has finished (for other parsers, e.g. `source-locations.ts`); else null. */
export function treeSitterLanguage(): Language | null {
  return language;
}

/** True once `initTreeSitter` has finished. */
export function treeSitterReady(): boolean {
  return parser !== null;
}

/** How parses ended since load, for tests and benchmarks. */
export const parseStats = { parses: 0, cancelled: 0, failed: 0 };

/**
 * Parses `code` from scratch and tells whether it has no syntax error; null when the parse was cancelled at
 * `deadline`. This is the only place that touches the parser, and it keeps the three rules web-tree-sitter
 * (0.25+: no `setTimeoutMicros`; a `progressCallback` that returns true cancels) needs:
 * - a cancelled parse is not over: the next `parse` call *resumes* it, on whatever text it is given then,
 *   unless `reset()` is called first. Resumed on another draft it yields a tree of the wrong text (its
 *   nodes run past the end of the new input). So every cancelled parse is followed by `reset()`.
 * - one parse at a time: the parser and its input callback are global state in the wasm module; a parse
 *   started from inside another (a callback) is refused.
 * - every tree is deleted (wasm memory is not garbage-collected), and a parse that threw (a wasm trap)
 *   leaves its parser behind for a fresh one.
 */
function parseTree(code: string, deadline: number): boolean | null {
  if (!parser || !language) throw new Error(TREE_SITTER_NOT_INITIALIZED);
  if (parsing) throw new Error('tree-sitter: a parse is already running');
  if (performance.now() > deadline) return null;
  parsing = true;
  let tree: ReturnType<Parser['parse']> = null;
  let threw = true;
  try {
    parseStats.parses++;
    let calls = 0;
    tree = parser.parse(code, null, {
      // Typed `=> void` in 0.27's d.ts, but its return value is what cancels (true = stop).
      progressCallback: (() => (++calls & 7) === 0 && performance.now() > deadline) as unknown as () => void,
    });
    threw = false;
    if (!tree) {
      parseStats.cancelled++;
      parser.reset();
      return null;
    }
    return !tree.rootNode.hasError;
  } finally {
    tree?.delete();
    parsing = false;
    if (threw) {
      parseStats.failed++;
      const broken = parser;
      parser = new Parser().setLanguage(language);
      try {
        broken.delete();
      } catch {
        // A trapped module may refuse even this; the fresh parser does not depend on it.
      }
    }
  }
}

/** Whether `code` parses as TSX without errors (false when it could not finish before `deadline`). */
export function parsesCleanly(
  code: string,
  deadline = performance.now() + TREE_SITTER_PARSE_TIMEOUT,
): boolean {
  return parseTree(code, deadline) === true;
}

// --- the scanner: where could the code be cut, and what would close it there ---------------------------

type Open =
  | { t: 'paren' | 'bracket' | 'brace' | 'tmpl' | 'tmplExpr' | 'jsxExpr' | 'attrExpr' }
  | { t: 'tag' | 'children'; name: string };

/** An immutable stack, so every cut point can keep its own snapshot cheaply. */
interface Stack {
  top: Open;
  rest: Stack | null;
}

interface Cut {
  at: number;
  stack: Stack | null;
}

function closers(stack: Stack | null): string {
  let out = '';
  for (let s = stack; s; s = s.rest) {
    const o = s.top;
    if (o.t === 'children') out += `</${o.name}>`;
    else if (o.t === 'tag') out += ' />';
    else if (o.t === 'paren') out += ')';
    else if (o.t === 'bracket') out += ']';
    else if (o.t === 'tmpl') out += '`';
    else out += '}';
  }
  return out;
}

const IDENT = /[\w$]/;

/** Whether a `<` at `i` starts JSX: it follows an operator, a bracket, `return`, `=>`, or JSX text. */
function startsJsx(code: string, i: number): boolean {
  const next = code[i + 1] ?? '';
  if (!/[A-Za-z>]/.test(next)) return false;
  let j = i - 1;
  while (j >= 0 && /\s/.test(code[j] ?? '')) j--;
  if (j < 0) return true;
  const prev = code[j] ?? '';
  if ('(,=:?&|{[!;>}'.includes(prev)) return true;
  const word = /([\w$]+)$/.exec(code.slice(Math.max(0, j - 10), j + 1))?.[1];
  return word === 'return' || word === 'default' || word === 'yield';
}

/** Scans code once, recording positions where it could be cut and the structures open there. */
function cutPoints(code: string): Cut[] {
  const cuts: Cut[] = [{ at: 0, stack: null }];
  let stack: Stack | null = null;
  const push = (top: Open) => {
    stack = { top, rest: stack };
  };
  const pop = () => {
    stack = stack?.rest ?? null;
  };
  const cut = (at: number) => cuts.push({ at, stack });
  const n = code.length;
  let i = 0;
  while (i < n) {
    const top = (stack as Stack | null)?.top;
    const c = code[i] ?? '';
    if (top?.t === 'tmpl') {
      if (c === '\\') i += 2;
      else if (c === '`') {
        pop();
        i++;
      } else if (c === '$' && code[i + 1] === '{') {
        push({ t: 'tmplExpr' });
        i += 2;
      } else i++;
      continue;
    }
    if (top?.t === 'children') {
      if (c === '{') {
        push({ t: 'jsxExpr' });
        i++;
      } else if (c === '<' && code[i + 1] === '/') {
        const end = code.indexOf('>', i);
        if (end < 0) break;
        pop();
        i = end + 1;
        cut(i);
      } else if (c === '<') {
        const name = /^<([\w$.:-]*)/.exec(code.slice(i, i + 80))?.[1] ?? '';
        push({ t: 'tag', name });
        i += 1 + name.length;
      } else {
        if (/\s/.test(c)) cut(i);
        i++;
      }
      continue;
    }
    if (top?.t === 'tag') {
      if (c === '"' || c === "'") {
        const end = code.indexOf(c, i + 1);
        if (end < 0) break;
        i = end + 1;
      } else if (c === '{') {
        push({ t: 'attrExpr' });
        i++;
      } else if (c === '/' && code[i + 1] === '>') {
        pop();
        i += 2;
        cut(i);
      } else if (c === '>') {
        const name = top.name;
        pop();
        push({ t: 'children', name });
        i++;
        cut(i);
      } else i++;
      continue;
    }
    // JavaScript / TypeScript code.
    if (c === '/' && code[i + 1] === '/') {
      const end = code.indexOf('\n', i);
      if (end < 0) break;
      i = end;
      continue;
    }
    if (c === '/' && code[i + 1] === '*') {
      const end = code.indexOf('*/', i + 2);
      if (end < 0) break;
      i = end + 2;
      continue;
    }
    if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < n && code[j] !== c && code[j] !== '\n') j += code[j] === '\\' ? 2 : 1;
      if (j >= n || code[j] === '\n') break;
      i = j + 1;
      continue;
    }
    if (c === '`') {
      push({ t: 'tmpl' });
      i++;
      continue;
    }
    if (c === '<' && startsJsx(code, i)) {
      const name = /^<([\w$.:-]*)/.exec(code.slice(i, i + 80))?.[1] ?? '';
      push({ t: 'tag', name });
      i += 1 + name.length;
      continue;
    }
    if (c === '(' || c === '[' || c === '{') {
      push({ t: c === '(' ? 'paren' : c === '[' ? 'bracket' : 'brace' });
      i++;
      cut(i);
      continue;
    }
    if (c === ')' || c === ']' || c === '}') {
      const was = top?.t;
      pop();
      i++;
      // The end of `{expr}` inside JSX children or of an attribute value: back in JSX.
      if (was === 'jsxExpr' || was === 'attrExpr' || was === 'tmplExpr') {
        if (was !== 'attrExpr') cut(i);
        continue;
      }
      cut(i);
      continue;
    }
    if (c === ';' || c === ',' || c === '\n') {
      i++;
      cut(i);
      continue;
    }
    if (IDENT.test(c)) {
      while (i < n && IDENT.test(code[i] ?? '')) i++;
      continue;
    }
    i++;
  }
  return cuts;
}

/**
 * The newest code that parses, made from a module that may end mid-way: `code` itself when it parses, else
 * the longest cut of it, with open elements and brackets closed, that does; null when nothing does within
 * the parse timeout. Throws `MESSAGES.treeSitterNotInitialized` before `initTreeSitter` has finished.
 */
export function repairPartialCode(code: string): string | null {
  if (!parser) throw new Error(TREE_SITTER_NOT_INITIALIZED);
  const deadline = performance.now() + TREE_SITTER_PARSE_TIMEOUT;
  if (parsesCleanly(code, deadline)) return code;
  const cuts = cutPoints(code);
  const tried = new Set<string>();
  let attempts = 0;
  for (let k = cuts.length - 1; k >= 0 && attempts < MAX_CANDIDATES; k--) {
    if (performance.now() > deadline) return null;
    const { at, stack } = cuts[k] as Cut;
    const candidate = `${code.slice(0, at).replace(/[ \t]*[,;]?\s*$/, (m) => (m.includes(';') ? ';' : ''))}${closers(stack)}`;
    if (tried.has(candidate)) continue;
    tried.add(candidate);
    attempts++;
    if (parsesCleanly(candidate, deadline)) return candidate;
  }
  return null;
}
