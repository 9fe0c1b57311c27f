/**
 * @module
 * Source locations for the preview's Select mode (issue 17): every host element of a module (`<h1>`, `<img>`,
 * `<a>`: a lowercase JSX tag) gets `data-kiln-loc="filePath:line:column"` — where its opening tag starts,
 * 1-based, columns in UTF-16 code units — so a click on the page names the element's place in the source, which
 * the server finds again with the same grammar (`@kiln/codegen` visual-edit.ts). Found with tree-sitter's tsx
 * grammar, never guessed from text. The attribute goes right after the tag name on the same line, so lines stay
 * where they were. Preview only: the engine adds it while Select mode is on, and published builds
 * (hosting/build.ts, `compileModule` without this step) never carry it.
 */
import { Parser } from 'web-tree-sitter';
import { treeSitterLanguage } from './partial.ts';

/** The attribute holding an element's source location. */
export const SOURCE_LOCATION_ATTRIBUTE = 'data-kiln-loc';
/** Modules longer than this (characters) are left without locations (a parse per edit). */
const MAX_LOCATED_CHARS = 300_000;

let parser: Parser | null = null;

/** A source location read back from the attribute: `apps/web/src/app/page.tsx:12:7`. */
export interface SourceLocation {
  filePath: string;
  line: number;
  column: number;
}

/** Reads `filePath:line:column` (the path may itself hold colons); null when malformed. */
export function parseSourceLocation(value: string): SourceLocation | null {
  const m = /^(.+):(\d+):(\d+)$/.exec(value);
  if (!m) return null;
  return { filePath: m[1] as string, line: Number(m[2]), column: Number(m[3]) };
}

/**
 * `source` with `data-kiln-loc` on each lowercase JSX element's opening tag; `source` unchanged when the grammar
 * is not loaded (`initTreeSitter`), the module is too long, or it does not parse.
 */
export function addSourceLocations(source: string, filePath: string): string {
  const language = treeSitterLanguage();
  if (!language || source.length > MAX_LOCATED_CHARS || !/\.[jt]sx$/.test(filePath)) return source;
  parser ??= new Parser().setLanguage(language);
  const tree = parser.parse(source);
  if (!tree) return source;
  try {
    const inserts: [number, string][] = [];
    for (const tag of tree.rootNode.descendantsOfType(['jsx_opening_element', 'jsx_self_closing_element'])) {
      const name = tag?.childForFieldName('name');
      if (!tag || !name || name.type !== 'identifier' || !/^[a-z]/.test(name.text)) continue;
      const { row, column } = tag.startPosition;
      const value = `${filePath}:${row + 1}:${column + 1}`;
      inserts.push([name.endIndex, ` ${SOURCE_LOCATION_ATTRIBUTE}=${JSON.stringify(value)}`]);
    }
    let out = source;
    for (const [at, text] of inserts.sort((a, b) => b[0] - a[0]))
      out = out.slice(0, at) + text + out.slice(at);
    return out;
  } finally {
    tree.delete();
  }
}
