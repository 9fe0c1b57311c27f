/**
 * @module
 * Visual edits (issue 17): a change made by clicking an element in the preview becomes the smallest source edit
 * of that element, found with tree-sitter's tsx grammar (the parser `prose-tail.ts` loads). The preview tags each
 * host element with where its opening tag starts (`data-kiln-loc="file:line:column"`, 1-based, columns in UTF-16
 * code units as JavaScript strings count them); here that position is found again in the module's source and
 * its text child, its `src` or `href` attribute value is replaced, or the element is removed.
 *
 * Literal only: text written as code (`{item.title}`, `{title}`) is traced to the string literal holding what
 * the element shows now — the array of objects a loop maps over, or the prop a parent passes — in the same file
 * first, then in the project's other modules; when no single literal holds it, the edit is refused with where the
 * text comes from. Every edit must leave the module parsing as well as it did; otherwise it is refused.
 */
import { KilnError } from '@kiln/core';
import type { Node, Parser, Tree } from 'web-tree-sitter';
import { loadProseTailParser } from './prose-tail.ts';

/** What a visual edit does. */
export type VisualEditKind = 'TEXT' | 'IMAGE' | 'LINK' | 'DELETE';

/** Where the clicked element's opening tag starts: a module path and a 1-based line and column. */
export interface ElementLocation {
  filePath: string;
  line: number;
  column: number;
}

/** One visual edit of one element. */
export interface VisualEdit {
  kind: VisualEditKind;
  /** The new text, image URL or link URL (ignored by DELETE). */
  value?: string;
  /** What the element shows now (its text, `src` or `href`): finds the literal when it is written as code. */
  current?: string;
}

/** A module as the edit sees it. */
export interface EditableModule {
  filePath: string;
  content: string;
}

/** The outcome: the modules whose content changed, and what was done in people's words. */
export interface VisualEditResult {
  changed: EditableModule[];
  /** E.g. `Changed the text of <h1> in app/page.tsx (line 12).` */
  description: string;
}

/** The attribute each kind of edit changes. */
const ATTRIBUTE: Partial<Record<VisualEditKind, string>> = { IMAGE: 'src', LINK: 'href' };
/** Longest text, image URL or link a visual edit accepts. */
export const MAX_VISUAL_EDIT_VALUE = 2000;
/** URL schemes a link may use (relative paths and `#anchors` are fine too). */
const LINK_SCHEMES = /^(?:https?:|mailto:|tel:)/i;
/** Image sources: web URLs, paths on the app's own origin, and inline images. */
const IMAGE_SOURCES = /^(?:https?:\/\/|\/|data:image\/)/i;

/** Loads the tsx grammar (once); the edit functions need it loaded. */
export async function loadVisualEditParser(): Promise<void> {
  if (!(await loadProseTailParser())) throw new KilnError('internal', 'The tsx grammar could not be loaded.');
}

/** `Parser` loaded by `loadVisualEditParser` (the same instance prose-tail uses; neither runs concurrently). */
async function parser(): Promise<Parser> {
  const p = await loadProseTailParser();
  if (!p) throw new KilnError('internal', 'The tsx grammar could not be loaded.');
  return p;
}

/** One text replacement in a module. */
interface Splice {
  filePath: string;
  start: number;
  end: number;
  text: string;
  /** Set when the value is not written in the element: the code the element reads it through (`{f.title}`). */
  through?: string;
}

function refuse(message: string): never {
  throw new KilnError('validation', message);
}

function where(filePath: string, node: Node): string {
  return `${filePath} (line ${node.startPosition.row + 1})`;
}

/** The element (jsx_element or jsx_self_closing_element) whose opening tag starts at `loc`. */
function findElement(tree: Tree, loc: ElementLocation): Node | null {
  const tags = tree.rootNode.descendantsOfType(['jsx_opening_element', 'jsx_self_closing_element']);
  for (const tag of tags) {
    if (!tag) continue;
    const { row, column } = tag.startPosition;
    if (row === loc.line - 1 && column === loc.column - 1)
      return tag.type === 'jsx_opening_element' ? tag.parent : tag;
  }
  return null;
}

function openingTag(element: Node): Node {
  return element.type === 'jsx_element' ? (element.childForFieldName('open_tag') ?? element) : element;
}

function tagName(element: Node): string {
  return openingTag(element).childForFieldName('name')?.text ?? 'element';
}

/** The value of a string literal node (`'a'`, `"a"`, or a template without substitutions); null otherwise. */
function literalValue(node: Node): string | null {
  if (node.type === 'string') {
    const body = node.text.slice(1, -1);
    return body.replace(/\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|[\s\S])/g, (_, e: string) => {
      if (e.startsWith('u{')) return String.fromCodePoint(Number.parseInt(e.slice(2, -1), 16));
      if (e.length > 1 && (e[0] === 'u' || e[0] === 'x'))
        return String.fromCharCode(Number.parseInt(e.slice(1), 16));
      return ({ n: '\n', t: '\t', r: '\r' } as Record<string, string>)[e] ?? e;
    });
  }
  if (node.type === 'template_string' && !node.namedChildren.some((c) => c?.type === 'template_substitution'))
    return node.text.slice(1, -1);
  return null;
}

/** `value` as a literal written like `original` (its quote), escaped as needed. */
function literalLike(original: Node, value: string): string {
  const quote = original.type === 'template_string' ? '`' : original.text[0] === "'" ? "'" : '"';
  if (quote === '"') return JSON.stringify(value);
  const escaped = value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');
  return quote === "'"
    ? `'${escaped.replace(/'/g, "\\'")}'`
    : `\`${escaped.replace(/`/g, '\\`').replace(/\$\{/g, '\\${')}\``;
}

/** JSX text for `value`: as it is when it is plain words, else as a `{"…"}` expression. */
function jsxText(value: string): string {
  return /[{}<>]|^\s|\s$/.test(value) || value === '' ? `{${JSON.stringify(value)}}` : value;
}

/** The name a piece of code reads its value by (`item.title` → `title`, `title` → `title`), if any. */
function readName(expr: Node): string | null {
  if (expr.type === 'member_expression') return expr.childForFieldName('property')?.text ?? null;
  if (expr.type === 'identifier') return expr.text;
  return null;
}

/** The key a literal is the value of (`title: 'x'` → `title`, `<Hero title="x">` → `title`), if any. */
function literalKey(literal: Node): string | null {
  const parent = literal.parent;
  if (parent?.type === 'pair')
    return parent.childForFieldName('key')?.text.replace(/^['"]|['"]$/g, '') ?? null;
  if (parent?.type === 'jsx_attribute') return parent.namedChild(0)?.text ?? null;
  if (parent?.type === 'variable_declarator') return parent.childForFieldName('name')?.text ?? null;
  return null;
}

/**
 * The literal holding `current`, for text written as code (`expr`): string literals whose value is `current`, in
 * the element's file first, then in the other modules; where several match, those under the name the code reads
 * (`title: …` for `{item.title}`) are preferred. Refused, saying where the text comes from, unless exactly one.
 */
function traceLiteral(
  trees: Map<string, Tree>,
  filePath: string,
  expr: Node,
  current: string | undefined,
  value: string,
): Splice {
  const origin = `it comes from {${expr.text}} in ${where(filePath, expr)}`;
  if (current === undefined || current === '')
    refuse(`This text is not written in the page: ${origin}. Describe the change instead.`);
  const name = readName(expr);
  const order = [filePath, ...[...trees.keys()].filter((f) => f !== filePath)];
  for (const file of order) {
    const tree = trees.get(file);
    if (!tree) continue;
    const literals = tree.rootNode
      .descendantsOfType(['string', 'template_string'])
      .filter(
        (n): n is Node => n !== null && literalValue(n) === current && n.parent?.type !== 'import_statement',
      );
    if (literals.length === 0) continue;
    const named = name ? literals.filter((n) => literalKey(n) === name) : [];
    const pick = named.length === 1 ? named : literals;
    if (pick.length > 1)
      refuse(
        `"${current}" is written ${pick.length} times in ${file}: ${origin}. Edit it in the code instead.`,
      );
    const literal = pick[0] as Node;
    return {
      filePath: file,
      start: literal.startIndex,
      end: literal.endIndex,
      text: literalLike(literal, value),
      through: `{${expr.text}}`,
    };
  }
  return refuse(`No literal in the code holds "${current}": ${origin}. Describe the change instead.`);
}

/** The children of a jsx_element between its tags, without whitespace-only text. */
function contentChildren(element: Node): Node[] {
  return element.namedChildren.filter(
    (c): c is Node =>
      c !== null &&
      c.type !== 'jsx_opening_element' &&
      c.type !== 'jsx_closing_element' &&
      !(c.type === 'jsx_text' && c.text.trim() === '') &&
      c.type !== 'comment',
  );
}

function textSplice(
  trees: Map<string, Tree>,
  filePath: string,
  element: Node,
  edit: VisualEdit,
  value: string,
): Splice {
  const tag = tagName(element);
  if (element.type !== 'jsx_element')
    refuse(`<${tag}> in ${where(filePath, element)} has no text to change.`);
  const children = contentChildren(element);
  const open = element.childForFieldName('open_tag') as Node;
  const close = element.childForFieldName('close_tag') as Node;
  if (children.length === 0)
    return { filePath, start: open.endIndex, end: close.startIndex, text: jsxText(value) };
  if (children.every((c) => c.type === 'jsx_text')) {
    // Keep the layout around the words: replace from the first word to the last.
    const first = children[0] as Node;
    const last = children[children.length - 1] as Node;
    const lead = first.text.length - first.text.trimStart().length;
    const trail = last.text.length - last.text.trimEnd().length;
    return { filePath, start: first.startIndex + lead, end: last.endIndex - trail, text: jsxText(value) };
  }
  if (children.length === 1 && children[0]?.type === 'jsx_expression') {
    const expr = children[0].namedChild(0);
    if (!expr) return { filePath, start: open.endIndex, end: close.startIndex, text: jsxText(value) };
    if (literalValue(expr) !== null)
      return { filePath, start: expr.startIndex, end: expr.endIndex, text: literalLike(expr, value) };
    return traceLiteral(trees, filePath, expr, edit.current, value);
  }
  return refuse(
    `<${tag}> in ${where(filePath, element)} mixes text with other elements or code: click the part you want to change, or describe the change.`,
  );
}

function attributeSplice(
  trees: Map<string, Tree>,
  filePath: string,
  element: Node,
  name: string,
  edit: VisualEdit,
  value: string,
): Splice {
  const tag = openingTag(element);
  const attribute = tag.namedChildren.find(
    (c) => c?.type === 'jsx_attribute' && c.namedChild(0)?.text === name,
  );
  const quoted = JSON.stringify(value);
  if (!attribute) {
    const tagNameNode = tag.childForFieldName('name') as Node;
    return { filePath, start: tagNameNode.endIndex, end: tagNameNode.endIndex, text: ` ${name}=${quoted}` };
  }
  const val = attribute.namedChild(1);
  if (!val) return { filePath, start: attribute.endIndex, end: attribute.endIndex, text: `=${quoted}` };
  if (val.type === 'string')
    return { filePath, start: val.startIndex, end: val.endIndex, text: literalLike(val, value) };
  const expr = val.type === 'jsx_expression' ? val.namedChild(0) : null;
  if (!expr)
    refuse(`The ${name} of <${tagName(element)}> in ${where(filePath, element)} is not a value to change.`);
  if (literalValue(expr) !== null)
    return { filePath, start: expr.startIndex, end: expr.endIndex, text: literalLike(expr, value) };
  return traceLiteral(trees, filePath, expr, edit.current, value);
}

function deletionSplice(filePath: string, element: Node, source: string): Splice {
  const parent = element.parent;
  if (parent?.type !== 'jsx_element')
    refuse(
      `<${tagName(element)}> in ${where(filePath, element)} is what the code returns or passes on, not a child of another element: delete it where it is used, or describe the change.`,
    );
  let start = element.startIndex;
  let end = element.endIndex;
  const lineStart = source.lastIndexOf('\n', start - 1) + 1;
  const nextBreak = source.indexOf('\n', end);
  const lineEnd = nextBreak < 0 ? source.length : nextBreak;
  // An element on lines of its own goes with its lines; one inside a line leaves the rest of the line.
  if (source.slice(lineStart, start).trim() === '' && source.slice(end, lineEnd).trim() === '') {
    start = lineStart;
    end = nextBreak < 0 ? lineEnd : lineEnd + 1;
  }
  return { filePath, start, end, text: '' };
}

/** A refusal for a value that may not be used as the new text, image or link. */
function checkValue(kind: VisualEditKind, value: string): void {
  if (value.length > MAX_VISUAL_EDIT_VALUE)
    refuse(`The new value may have at most ${MAX_VISUAL_EDIT_VALUE} characters.`);
  if (kind === 'IMAGE' && !IMAGE_SOURCES.test(value.trim()))
    refuse('An image must be a web address (https://…) or a path on the app (/…).');
  if (kind === 'LINK') {
    const v = value.trim();
    const relative = v.startsWith('/') || v.startsWith('#') || v.startsWith('?');
    if (v === '' || (!relative && !LINK_SCHEMES.test(v)))
      refuse('A link must be a path on the app (/…, #…) or an address (https://…, mailto:…, tel:…).');
  }
}

/** The element at `loc` and the splice `edit` (with `value`) makes, among `modules`' parsed trees. */
async function withSplice<T>(
  modules: EditableModule[],
  loc: ElementLocation,
  edit: VisualEdit,
  value: string,
  use: (splice: Splice, tag: string, trees: Map<string, Tree>, p: Parser) => T,
): Promise<T> {
  const target = modules.find((m) => m.filePath === loc.filePath);
  if (!target) refuse(`${loc.filePath} is not a module of this revision.`);
  const p = await parser();
  const trees = new Map<string, Tree>();
  try {
    for (const m of modules) {
      if (!/\.[jt]sx?$/.test(m.filePath)) continue;
      const tree = p.parse(m.content);
      if (tree) trees.set(m.filePath, tree);
    }
    const tree = trees.get(loc.filePath);
    const element = tree ? findElement(tree, loc) : null;
    if (!element)
      refuse(
        `No element starts at line ${loc.line}, column ${loc.column} of ${loc.filePath}: the code changed since the preview showed it.`,
      );
    const attribute = ATTRIBUTE[edit.kind];
    const splice =
      edit.kind === 'DELETE'
        ? deletionSplice(loc.filePath, element, target.content)
        : attribute
          ? attributeSplice(trees, loc.filePath, element, attribute, edit, value)
          : textSplice(trees, loc.filePath, element, edit, value);
    return use(splice, tagName(element), trees, p);
  } finally {
    for (const tree of trees.values()) tree.delete();
  }
}

/** The 1-based line of `index` in `content`. */
function lineAt(content: string, index: number): number {
  return content.slice(0, index).split('\n').length;
}

/**
 * Applies one visual edit to the element whose opening tag starts at `loc`, among `modules` (the revision's
 * modules: a literal traced from the element may be in another one). Throws a `validation` KilnError saying why
 * when the element is not found or its text, image or link is not written as a literal anywhere it can be traced.
 */
export async function applyVisualEdit(
  modules: EditableModule[],
  loc: ElementLocation,
  edit: VisualEdit,
): Promise<VisualEditResult> {
  const value = edit.kind === 'DELETE' ? '' : (edit.value ?? '');
  if (edit.kind !== 'DELETE') checkValue(edit.kind, value);
  return withSplice(modules, loc, edit, value, (splice, tag, trees, p) => {
    const module = modules.find((m) => m.filePath === splice.filePath) as EditableModule;
    const content = module.content.slice(0, splice.start) + splice.text + module.content.slice(splice.end);
    const before = trees.get(splice.filePath)?.rootNode.hasError ?? false;
    const after = p.parse(content);
    const broken = !after || (after.rootNode.hasError && !before);
    after?.delete();
    if (broken)
      refuse(`Changing <${tag}> this way would break ${splice.filePath}; edit it in the code instead.`);
    const place = `${splice.filePath} (line ${lineAt(module.content, splice.start)})`;
    const description =
      edit.kind === 'DELETE'
        ? `Deleted <${tag}> in ${place}.`
        : `Changed the ${edit.kind === 'TEXT' ? 'text' : ATTRIBUTE[edit.kind]} of <${tag}> in ${place}.`;
    return { changed: [{ filePath: splice.filePath, content }], description };
  });
}

/** Where a value an element shows is written, for the Select mode panel (`traceElementValue`). */
export interface ValueOrigin {
  /** A visual edit can change it: it is a literal in the element, or traced to exactly one literal. */
  editable: boolean;
  /** The code the element shows it through (`{f.title}`) when it is not written in the element itself. */
  through: string | null;
  /** Where the literal a change edits is written (null when not editable). */
  filePath: string | null;
  line: number | null;
  /** In people's words: where it comes from, or why it cannot be changed here. */
  note: string;
}

/** What each kind of value is called in a note. */
const VALUE_NAME: Record<Exclude<VisualEditKind, 'DELETE'>, string> = {
  TEXT: 'This text',
  IMAGE: 'This image',
  LINK: 'This link',
};

/**
 * Where the text (TEXT), image (IMAGE) or link (LINK) that the element at `loc` shows now (`current`) is written
 * — in the element, or, for an element from a loop or a component's prop, in the literal a change would edit —
 * without changing anything: the same tracing `applyVisualEdit` does, so the panel can say it before the edit.
 */
export async function traceElementValue(
  modules: EditableModule[],
  loc: ElementLocation,
  kind: Exclude<VisualEditKind, 'DELETE'>,
  current: string | null,
): Promise<ValueOrigin> {
  const edit: VisualEdit = { kind, ...(current !== null && { current }) };
  try {
    return await withSplice(modules, loc, edit, current ?? '', (splice) => {
      const module = modules.find((m) => m.filePath === splice.filePath) as EditableModule;
      const line = lineAt(module.content, splice.start);
      const place = `${splice.filePath} (line ${line})`;
      const note = splice.through
        ? `${VALUE_NAME[kind]} comes from ${splice.through}: a change here edits "${current}" where it is written, in ${place}.`
        : `${VALUE_NAME[kind]} is written in the element, in ${place}.`;
      return { editable: true, through: splice.through ?? null, filePath: splice.filePath, line, note };
    });
  } catch (caught) {
    if (caught instanceof KilnError && caught.kind === 'validation')
      return { editable: false, through: null, filePath: null, line: null, note: caught.message };
    throw caught;
  }
}

/**
 * Describes the element at `loc` for a model (UI_PATCH): its tag, where it is, and its source text, or null when
 * no element starts there.
 */
export async function describeElement(
  modules: EditableModule[],
  loc: ElementLocation,
): Promise<{ tag: string; source: string } | null> {
  const target = modules.find((m) => m.filePath === loc.filePath);
  if (!target) return null;
  const tree = (await parser()).parse(target.content);
  if (!tree) return null;
  try {
    const element = findElement(tree, loc);
    return element ? { tag: tagName(element), source: element.text } : null;
  } finally {
    tree.delete();
  }
}
