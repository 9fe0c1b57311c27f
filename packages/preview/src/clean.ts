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
