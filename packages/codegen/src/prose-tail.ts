/**
 * A file block whose closing tag is missing runs on into whatever the model wrote next, often prose ("This
 * page shows…"). Where the module ends is decided with tree-sitter's tsx grammar (web-tree-sitter + the wasm
 * of `tree-sitter-typescript`, as the preview uses), not a regex guess: when the whole body does not parse
 * but a prefix ending at a line break does, and what follows it holds text, the module ends there and the
 * rest is chat text. Node only (the wasm files are read from node_modules).
 * @module
 */
import { createRequire } from 'node:module';
import { Language, Parser } from 'web-tree-sitter';

/** The most line breaks tried, from the end of the body backwards. */
export const MAX_PROSE_TAIL_LINES = 80;
/** Bodies longer than this (characters) are left as they are: each try is a full parse. */
const MAX_BODY_CHARS = 200_000;

let loading: Promise<Parser | null> | null = null;
let parser: Parser | null = null;

/** Loads the tsx grammar once; resolves null when it cannot be loaded (the body is then left whole). */
export function loadProseTailParser(): Promise<Parser | null> {
  loading ??= (async () => {
    try {
      const require = createRequire(import.meta.url);
      const runtime = require.resolve('web-tree-sitter/web-tree-sitter.wasm');
      await Parser.init({ locateFile: () => runtime });
      const tsx = await Language.load(require.resolve('tree-sitter-typescript/tree-sitter-tsx.wasm'));
      parser = new Parser().setLanguage(tsx);
      return parser;
    } catch {
      return null;
    }
  })();
  return loading;
}

function parsesCleanly(p: Parser, code: string): boolean {
  const tree = p.parse(code);
  if (!tree) return false;
  try {
    return !tree.rootNode.hasError;
  } finally {
    tree.delete();
  }
}

/**
 * Splits a file body whose closer was missing into the module and the prose after it; null when the body
 * parses as it is, when no prefix does, or when the grammar is not loaded (`loadProseTailParser`).
 */
export function splitProseTail(body: string): { code: string; prose: string } | null {
  const p = parser;
  if (!p || body.length > MAX_BODY_CHARS || parsesCleanly(p, body)) return null;
  const lines = body.split('\n');
  const stop = Math.max(1, lines.length - MAX_PROSE_TAIL_LINES);
  for (let k = lines.length - 1; k >= stop; k--) {
    const prose = lines.slice(k).join('\n');
    // Prose has words; a tail of only brackets or blank lines is code the model did not finish.
    if (!/[A-Za-z]{2,}/.test(prose)) continue;
    const code = lines.slice(0, k).join('\n').replace(/\s+$/, '');
    if (!code || !/\b(?:export|function|const|return)\b/.test(code)) continue;
    if (parsesCleanly(p, code)) return { code: `${code}\n`, prose: prose.trim() };
  }
  return null;
}
