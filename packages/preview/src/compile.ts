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
import { type CleanedModule, cleanGeneratedCode, type ModuleImport } from './clean.ts';

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
 * Sucrase's output, one top-level declaration at a time. The code is cut before each line that starts a
 * declaration at column 0 and each piece is transpiled on its own and cached, then the pieces are joined:
 * sucrase works statement by statement (there are no imports left to elide), keeps line numbers, and a
 * piece that starts with a declaration keyword cannot continue the one before it, so the result is the
 * same text as transpiling the whole module (checked over the render corpus in compile.test.ts). A cut that
 * lands inside a template, comment or unindented block makes a piece that does not parse: then the module
 * is transpiled whole, as before, which also gives the error its usual message and position.
 */
export function transpile(code: string, filePath: string): string {
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
  if (pieces.length === 0) return transpileWhole(code, filePath);
  pieces.push(code.slice(start));
  const out: string[] = [];
  try {
    for (const piece of pieces) {
      let js = chunkCache.get(piece);
      if (js === undefined) {
        js = transpileWhole(piece, filePath);
        chunkCache.set(piece, js);
        if (chunkCache.size > CHUNK_CACHE_SIZE) chunkCache.delete(chunkCache.keys().next().value as string);
      }
      out.push(js);
    }
  } catch {
    return transpileWhole(code, filePath);
  }
  return out.join('\n');
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
export function compileModule(source: string, filePath: string): CompiledModule {
  const cleaned = cleanGeneratedCode(source);
  let body: string;
  try {
    body = transpile(cleaned.code, filePath);
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
  };
}
