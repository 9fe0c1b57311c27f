/**
 * @module
 * Code cleaning for generated modules (spec §5), applied before transpiling:
 * import and export statements are removed (imports are recorded so the runtime can supply the names),
 * and `Array(n)` / `new Array(n)` become `Array.from({ length: n })` so that `.map` visits every slot.
 * Line numbers are preserved so error positions still point at the model's code.
 *
 * The other §5 rules live where they can be applied reliably: unknown lowercase tags become fragments in
 * the runtime's JSX factory (`runtime/jsx.ts`), adjacent JSX is retried wrapped in a div by `compileModule`,
 * and undefined names get no-op stand-ins during evaluation (`runtime/evaluate.ts`).
 */

/** Where an import comes from, as far as the runtime cares. */
export type ImportKind = 'react' | 'react-dom' | 'icons' | 'project' | 'library';

/** One import statement of a generated module. */
export interface ModuleImport {
  source: string;
  kind: ImportKind;
  /** Local name of the default import (`import X from …`). */
  defaultName?: string;
  /** Local name of a namespace import (`import * as X from …`). */
  namespace?: string;
  named: { imported: string; local: string }[];
}

/** A module after cleaning: code without import/export statements, and what they said. */
export interface CleanedModule {
  code: string;
  imports: ModuleImport[];
  /** The identifier holding the default export, or null when the module has none. */
  defaultName: string | null;
  /** Named exports: exported name → local identifier. */
  namedExports: Record<string, string>;
}

/** Identifier the cleaner introduces for `export default <expression>`. */
export const DEFAULT_EXPORT_LOCAL = '__kiln_default';

const IMPORT_FROM = /^[ \t]*import\s+(type\s+)?([^;'"]*?)\s*from\s*(['"])([^'"\n]+)\3[ \t]*;?/gm;
const IMPORT_BARE = /^[ \t]*import\s*(['"])([^'"\n]+)\1[ \t]*;?/gm;

/** Classifies an import source: React, an icon set, another module of the project, or a library. */
export function importKind(source: string): ImportKind {
  if (source === 'react' || source.startsWith('react/')) return 'react';
  if (source === 'react-dom' || source.startsWith('react-dom/')) return 'react-dom';
  if (/^lucide-react(?:-native)?(?:\/|$)/.test(source)) return 'icons';
  if (
    source.startsWith('.') ||
    source.startsWith('@/') ||
    source.startsWith('~/') ||
    source.startsWith('/')
  ) {
    return 'project';
  }
  return 'library';
}

function blankLines(text: string): string {
  return text.replace(/[^\n]/g, '');
}

function parseImportClause(clause: string, source: string): ModuleImport {
  const entry: ModuleImport = { source, kind: importKind(source), named: [] };
  let rest = clause.trim();
  const braces = /\{([\s\S]*)\}/.exec(rest);
  if (braces) {
    for (const raw of (braces[1] ?? '').split(',')) {
      const spec = raw.trim().replace(/^type\s+/, '');
      if (!spec || raw.trim().startsWith('type ')) continue;
      const [imported, local] = spec.split(/\s+as\s+/).map((s) => s.trim());
      if (imported) entry.named.push({ imported, local: local || imported });
    }
    rest = rest.replace(braces[0], '');
  }
  const ns = /\*\s*as\s+([A-Za-z_$][\w$]*)/.exec(rest);
  if (ns) {
    entry.namespace = ns[1];
    rest = rest.replace(ns[0], '');
  }
  const def = /^\s*([A-Za-z_$][\w$]*)/.exec(rest.replace(/,/g, ' '));
  if (def) entry.defaultName = def[1];
  return entry;
}

function stripImports(source: string, imports: ModuleImport[]): string {
  return source
    .replace(IMPORT_FROM, (all, typeOnly: string | undefined, clause: string, _q: string, from: string) => {
      if (!typeOnly) imports.push(parseImportClause(clause, from));
      return blankLines(all);
    })
    .replace(IMPORT_BARE, (all) => blankLines(all));
}

const DECL_NAME = /^(?:async\s+)?(?:function\s*\*?|class)\s+([A-Za-z_$][\w$]*)/;

function stripExports(
  source: string,
  exports: { defaultName: string | null; named: Record<string, string> },
) {
  return (
    source
      // export { a, b as c } from '…';  export * from '…';  export type { … }
      .replace(
        /^[ \t]*export\s+(?:type\s+)?(?:\*(?:\s+as\s+[\w$]+)?|\{[^}]*\})\s*from\s*(['"])[^'"\n]+\1[ \t]*;?/gm,
        (all) => blankLines(all),
      )
      .replace(
        /^[ \t]*export\s+(type\s+)?\{([^}]*)\}[ \t]*;?/gm,
        (all, typeOnly: string | undefined, list: string) => {
          if (!typeOnly) {
            for (const raw of list.split(',')) {
              const spec = raw.trim();
              if (!spec || spec.startsWith('type ')) continue;
              const [local, exported] = spec.split(/\s+as\s+/).map((s) => s.trim());
              if (!local) continue;
              if ((exported ?? local) === 'default') exports.defaultName = local;
              else exports.named[exported ?? local] = local;
            }
          }
          return blankLines(all);
        },
      )
      .replace(/^([ \t]*)export\s+default\s+/gm, (_all, indent: string, offset: number, whole: string) => {
        const after = whole.slice(offset + _all.length);
        const decl = DECL_NAME.exec(after);
        if (decl?.[1]) {
          exports.defaultName = decl[1];
          return indent;
        }
        if (/^(?:async\s+)?(?:function\b|class\b)/.test(after)) {
          // An anonymous declaration: give it a name so it can be returned.
          exports.defaultName = DEFAULT_EXPORT_LOCAL;
          return `${indent}const ${DEFAULT_EXPORT_LOCAL} = `;
        }
        if (/^(?:interface|type)\b/.test(after)) return indent;
        exports.defaultName = DEFAULT_EXPORT_LOCAL;
        return `${indent}const ${DEFAULT_EXPORT_LOCAL} = `;
      })
      .replace(
        /^([ \t]*)export\s+(?=(?:declare\s+|abstract\s+)?(?:async\s+function|function|const|let|var|class|enum|interface|type)\b)/gm,
        (all, indent: string, offset: number, whole: string) => {
          const after = whole.slice(offset + all.length);
          const name =
            /^(?:abstract\s+)?(?:async\s+)?(?:function\s*\*?|class|const|let|var|enum)\s+([A-Za-z_$][\w$]*)/.exec(
              after,
            )?.[1];
          if (name) exports.named[name] = name;
          return indent;
        },
      )
  );
}

const ARRAY_CALL =
  /(^|\.\.\.|[^\w$.])(?:new\s+)?Array\s*(?:<[^<>()]*>)?\(\s*([\w$.]+(?:\s*[-+*/]\s*[\w$.]+)*)\s*\)/g;

/** `Array(n)` and `new Array(n)` create holes that `.map` skips; make them real arrays of length n. */
export function replaceArrayConstructors(code: string): string {
  return code.replace(
    ARRAY_CALL,
    (_all, before: string, length: string) => `${before}Array.from({ length: ${length} })`,
  );
}

/** A model that wrapped the module in a Markdown code fence: the fence lines become blank lines. */
export function stripMarkdownFence(source: string): string {
  const m = /^\s*```[\w-]*[ \t]*\n([\s\S]*?)\n```\s*$/.exec(source);
  return m ? `\n${m[1]}\n` : source;
}

/** `<!-- … -->` inside JSX (an HTML habit) is dropped, keeping line breaks. */
function stripHtmlComments(code: string): string {
  return code.replace(/^([ \t]*)<!--[\s\S]*?-->/gm, (all, indent: string) => indent + blankLines(all));
}

/** Applies the source-level cleaning rules of spec §5 to one generated module. */
export function cleanGeneratedCode(source: string): CleanedModule {
  const imports: ModuleImport[] = [];
  const exports = { defaultName: null as string | null, named: {} as Record<string, string> };
  // Each rule is a full pass over the module: skip the ones whose keyword the module does not contain.
  let code = source.includes('```') ? stripMarkdownFence(source) : source;
  if (code.includes('import')) code = stripImports(code, imports);
  if (code.includes('<!--')) code = stripHtmlComments(code);
  if (code.includes('export')) code = stripExports(code, exports);
  if (code.includes('Array')) code = replaceArrayConstructors(code);
  return { code, imports, defaultName: exports.defaultName, namedExports: exports.named };
}

/** Words near which cleaning may change a line: an edit of lines without them leaves the others as they were. */
const CLEAN_WORDS = /import|export|from|Array|<!--|-->|```/;

/**
 * Per file: the last source the preview's edits cleaned, its result, and whether every line of the result is
 * the same line of the source (cleaning kept the line count, and there is no Markdown fence).
 */
const lastCleaned = new Map<string, { source: string; cleaned: CleanedModule; aligned: boolean }>();
/** Results of `cleanEdit` made from the previous one, not yet compared with a full clean (source → file, result). */
const uncheckedCleans = new Map<string, { key: string; cleaned: CleanedModule }>();

/**
 * `cleanGeneratedCode` for the preview's edits of one file (`key`): an edit whose lines (old and new) hold none
 * of the words a cleaning rule starts from, in a module whose cleaning kept its lines, is cleaned by putting the
 * new lines where the old ones stood in the previous result — a few microseconds instead of five passes over the
 * module. `checkCleanEdits` compares such results with a full clean after the render.
 */
export function cleanEdit(source: string, key: string): CleanedModule {
  const last = lastCleaned.get(key);
  if (last?.source === source) return last.cleaned;
  let cleaned = last?.aligned ? editedClean(last.source, last.cleaned, source) : undefined;
  let aligned = true;
  if (cleaned) uncheckedCleans.set(source, { key, cleaned });
  else {
    cleaned = cleanGeneratedCode(source);
    aligned = isAligned(source, cleaned);
  }
  lastCleaned.set(key, { source, cleaned, aligned });
  if (lastCleaned.size > 200) lastCleaned.delete(lastCleaned.keys().next().value as string);
  return cleaned;
}

/**
 * Cleans again in full each source `cleanEdit` made from the previous result, and returns those whose result
 * differed (normally none); the file's next edit then starts from the full clean.
 */
export function checkCleanEdits(): string[] {
  const wrong: string[] = [];
  for (const [source, { key, cleaned }] of uncheckedCleans) {
    const full = cleanGeneratedCode(source);
    if (JSON.stringify(full) === JSON.stringify(cleaned)) continue;
    wrong.push(source);
    if (lastCleaned.get(key)?.source === source) {
      lastCleaned.set(key, { source, cleaned: full, aligned: isAligned(source, full) });
    }
  }
  uncheckedCleans.clear();
  return wrong;
}

/** Whether some `cleanEdit` results wait for `checkCleanEdits`. */
export function hasUncheckedCleans(): boolean {
  return uncheckedCleans.size > 0;
}

function isAligned(source: string, cleaned: CleanedModule): boolean {
  return !source.includes('```') && newlines(source) === newlines(cleaned.code);
}

function newlines(text: string, end = text.length): number {
  let n = 0;
  for (let at = text.indexOf('\n'); at >= 0 && at < end; at = text.indexOf('\n', at + 1)) n++;
  return n;
}

/**
 * How many characters `a` and `b` share at the start (`p`) and, after that, at the end (`s`): an edit changed
 * `a.slice(p, a.length - s)` into `b.slice(p, b.length - s)`.
 */
export function commonEnds(a: string, b: string): { p: number; s: number } {
  const max = Math.min(a.length, b.length);
  let p = 0;
  while (p < max && a.charCodeAt(p) === b.charCodeAt(p)) p++;
  let s = 0;
  while (s < max - p && a.charCodeAt(a.length - 1 - s) === b.charCodeAt(b.length - 1 - s)) s++;
  return { p, s };
}

/** The cleaned `b` from the cleaned `a` (see `cleanEdit`), or undefined when the edit may change cleaning. */
function editedClean(a: string, old: CleanedModule, b: string): CleanedModule | undefined {
  const { p, s } = commonEnds(a, b);
  // Whole lines: from the start of the first changed line to the end of the last one.
  const start = a.lastIndexOf('\n', p - 1) + 1;
  const newline = a.indexOf('\n', a.length - s);
  const aEnd = newline < 0 ? a.length : newline;
  const bEnd = newline < 0 ? b.length : newline - a.length + b.length;
  const before = a.slice(start, aEnd);
  const after = b.slice(start, bEnd);
  if (CLEAN_WORDS.test(before) || CLEAN_WORDS.test(after)) return undefined;
  // The same lines in the old result, which no rule may have touched.
  const code = old.code;
  let at = 0;
  for (let k = newlines(a, start); k > 0 && at >= 0; k--) at = code.indexOf('\n', at) + 1 || -1;
  if (at < 0 || !code.startsWith(before, at)) return undefined;
  const end = at + before.length;
  if (end !== code.length && code[end] !== '\n') return undefined;
  return { ...old, code: code.slice(0, at) + after + code.slice(end) };
}
