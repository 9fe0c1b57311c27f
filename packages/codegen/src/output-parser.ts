/**
 * The incremental parser of Kiln's tagged output format (see README.md): feeds on raw chunks as a model
 * streams them and emits block events (chat text, thinking, file drafts, edits, deletes, renames,
 * database migrations, tool calls, suggested next messages, a suggestion to publish).
 *
 * It is tolerant by design: text outside tags is chat text, tags may be split across chunks at any byte,
 * a block left open is closed by the next block's opening tag or by `end()`, stray closers are dropped,
 * anything that only looks like a tag stays content, and no character of content is ever lost.
 * @module
 */
import type { SearchReplace } from './types.ts';
import { parseWalk, type VerifyWalkStep } from './verify-walk.ts';

/** What the parser emits. `file` and `edit` carry the block's whole state so far, not a delta. */
export type ParsedBlockEvent =
  /** Chat text outside any block (a delta). */
  | { type: 'text'; text: string }
  /** Thinking text (a delta); a last event with `done: true` and empty text ends the block. */
  | { type: 'thinking'; text: string; done: boolean }
  /** A whole-file block: `content` is everything so far; `closed` says the closing tag was seen. */
  | { type: 'file'; path: string; moduleType: string | null; content: string; done: boolean; closed: boolean }
  /**
   * An edit block: `edits` are the SEARCH/REPLACE pairs completed so far. `wholeFile` is set on the final
   * event when the body held no SEARCH/REPLACE markers at all (a sloppy model wrote the whole file).
   */
  | {
      type: 'edit';
      path: string;
      edits: SearchReplace[];
      done: boolean;
      closed: boolean;
      wholeFile?: string;
    }
  | { type: 'delete'; path: string }
  | { type: 'rename'; from: string; to: string }
  /**
   * A database migration block: `sql` is the body so far (fences stripped). `name` is the block's `name`
   * attribute made safe (`[a-z0-9_]`), or when missing one derived from the SQL (`migrationNameFor`).
   */
  | { type: 'migration'; name: string; sql: string; done: boolean; closed: boolean }
  /** A tool call, reported once its block ends: `input` is the trimmed body (e.g. package names). */
  | { type: 'tool-call'; name: string; input: string; closed: boolean }
  /**
   * A `<kiln:tool-result>` block in the model's own reply. Results come from Kiln, never from the model, so
   * a model that imitates one is reported here apart from chat text (`generate` ignores it).
   */
  | { type: 'tool-result'; name: string; text: string; closed: boolean }
  /**
   * Suggested next messages (`<kiln:choices>`), reported once the block ends: one per line or per
   * `<kiln:choice>` item, trimmed, list markers and quotes dropped, empties and repeats dropped, at most
   * `MAX_CHOICES`, each at most `MAX_CHOICE_LENGTH` characters (cut at a word).
   */
  | { type: 'choices'; choices: string[]; closed: boolean }
  /** The model suggests publishing (`<kiln:publish/>`); `reason` is the optional one-line body. */
  | { type: 'publish'; reason?: string; closed: boolean }
  /**
   * The app needs a secret the project lacks (`<kiln:secret name="STRIPE_SECRET_KEY">why</kiln:secret>`): the chat
   * asks the user for its value (save-secret-and-continue). Reported once the block ends, only with a valid
   * environment-variable name; `reason` is the body's first line.
   */
  | { type: 'secret'; name: string; reason?: string; closed: boolean }
  /** The model's walk for Kiln's verification in the browser (`<kiln:verify>`, verify-walk.ts), once it ends. */
  | { type: 'verify'; steps: VerifyWalkStep[]; closed: boolean }
  /**
   * A standing instruction the model proposes for the project's knowledge
   * (`<kiln:knowledge>Always use metric units.</kiln:knowledge>`): the user may accept it with one click.
   * Reported once the block ends, trimmed to `MAX_KNOWLEDGE_PROPOSAL_LENGTH`; an empty one is dropped.
   */
  | { type: 'knowledge'; text: string; closed: boolean };

/** The most suggestions a `<kiln:choices>` block keeps. */
export const MAX_CHOICES = 6;
/** The longest suggestion a `<kiln:choices>` block keeps, in characters. */
export const MAX_CHOICE_LENGTH = 120;
/** The longest reason a `<kiln:publish>` block keeps, in characters. */
const MAX_PUBLISH_REASON_LENGTH = 200;
/** The longest knowledge proposal a `<kiln:knowledge>` block keeps, in characters. */
export const MAX_KNOWLEDGE_PROPOSAL_LENGTH = 500;
/** What a `<kiln:secret>` block's name must look like (an environment variable; the server's rule too). */
const SECRET_NAME_RE = /^[A-Za-z_][A-Za-z0-9_]{0,99}$/;

/** The incremental parser returned by `createOutputParser`. */
export interface OutputParser {
  /** Feeds a chunk; returns the events it completes. */
  push(chunk: string): ParsedBlockEvent[];
  /**
   * Ends one reply of a conversation that goes on (a tool call was answered and the model continues):
   * flushes held-back text and closes any open block, like `end()`, but the parser takes more chunks.
   */
  endReply(): ParsedBlockEvent[];
  /** Ends the stream: flushes held-back text and closes any open block. */
  end(): ParsedBlockEvent[];
}

type Block =
  | { kind: 'text' }
  | { kind: 'thinking' }
  /**
   * `fenced`: opened by a self-closing file tag; its body is the markdown fence that follows (`pending` until
   * the fence's opening line arrived: no drafts before that).
   */
  | {
      kind: 'file';
      path: string;
      moduleType: string | null;
      raw: string;
      dirty: boolean;
      fenced?: { pending: boolean };
    }
  | { kind: 'edit'; path: string; raw: string; reported: number }
  | { kind: 'migration'; name: string; raw: string; dirty: boolean }
  | { kind: 'tool-call' | 'tool-result'; name: string; raw: string }
  /** `items` is null until a `<kiln:choice>` item appears (then items, not lines, are the choices). */
  | { kind: 'choices'; raw: string; items: string[] | null; item: string | null }
  | { kind: 'publish'; raw: string }
  | { kind: 'secret'; name: string; raw: string }
  | { kind: 'verify'; raw: string }
  | { kind: 'knowledge'; raw: string };

const BLOCK_TAGS = new Set([
  'thinking',
  'file',
  'edit',
  'delete',
  'rename',
  'migration',
  'tool-call',
  'tool-result',
  'choices',
  'choice',
  'publish',
  'secret',
  'verify',
  'knowledge',
]);
/** A `<` followed by this many characters without a `>` is not a tag. */
const MAX_TAG_LENGTH = 2000;
/** A Kiln tag's start: `<kiln:`, `</kiln:`, in any case and with whitespace after `<` or `/`. */
const TAG_START_RE = /^<\s*\/?\s*kiln:/i;
/** What may still become a tag start once more text arrives. */
const TAG_START_PREFIX_RE = /^<\s*\/?\s*(?:k(?:i(?:l(?:n)?)?)?)?$/i;
/** The attribute names models use for a file's path (`filePath`, `file_path`, `file`, `filename`). */
const PATH_ATTRS = ['filepath', 'file_path', 'file-path', 'file', 'filename'];

/** Creates an incremental, tolerant parser for one streamed reply. */
export function createOutputParser(): OutputParser {
  let buffer = '';
  let block: Block = { kind: 'text' };
  let ended = false;
  let out: ParsedBlockEvent[] = [];

  function emitText(type: 'text' | 'thinking', text: string): void {
    if (!text) return;
    const last = out[out.length - 1];
    if (type === 'text' && last?.type === 'text') last.text += text;
    else if (type === 'thinking' && last?.type === 'thinking' && !last.done) last.text += text;
    else if (type === 'text') out.push({ type: 'text', text });
    else out.push({ type: 'thinking', text, done: false });
  }

  function appendContent(text: string): void {
    if (!text) return;
    switch (block.kind) {
      case 'text':
        emitText('text', text);
        break;
      case 'thinking':
        emitText('thinking', text);
        break;
      case 'file':
        block.raw += text;
        block.dirty = true;
        if (block.fenced) fencedBody(block);
        break;
      case 'migration':
        block.raw += text;
        block.dirty = true;
        break;
      case 'tool-call':
      case 'tool-result':
      case 'publish':
      case 'secret':
      case 'verify':
      case 'knowledge':
        block.raw += text;
        break;
      case 'choices':
        block.raw += text;
        if (block.item !== null) block.item += text;
        break;
      case 'edit':
        block.raw += text;
        // A SEARCH/REPLACE block can only complete at the end of a line.
        if (text.includes('\n')) reportEdit(block, false, false);
        break;
    }
  }

  /**
   * The body of a self-closing file tag is the markdown fence right after it: anything else first means the
   * tag stood alone (its text goes back to the chat); the block ends at the fence's closing line.
   */
  function fencedBody(b: Extract<Block, { kind: 'file' }>): void {
    const lead = b.raw.replace(/^\s+/, '');
    if (b.fenced?.pending) {
      if (lead === '' || (lead.length < 3 && '```'.startsWith(lead))) return;
      if (!lead.startsWith('```')) {
        const raw = b.raw;
        block = { kind: 'text' };
        buffer = raw + buffer;
        return;
      }
      if (!lead.includes('\n')) return;
      b.fenced.pending = false;
      out.push({
        type: 'file',
        path: b.path,
        moduleType: b.moduleType,
        content: '',
        done: false,
        closed: false,
      });
    }
    const start = b.raw.indexOf('```');
    const firstLineEnd = b.raw.indexOf('\n', start);
    const close = /\n[ \t]*```[ \t]*(?:\r?\n|$)/.exec(b.raw.slice(firstLineEnd));
    // A closing fence at the very end may still be the start of a longer line.
    if (!close || (close.index + close[0].length === b.raw.length - firstLineEnd && !close[0].endsWith('\n')))
      return;
    // The newline after the closing fence stays chat text.
    const end = firstLineEnd + close.index + close[0].replace(/\r?\n$/, '').length;
    const rest = b.raw.slice(end);
    b.raw = b.raw.slice(0, end);
    closeBlock(true);
    buffer = rest + buffer;
  }

  function reportEdit(b: Extract<Block, { kind: 'edit' }>, done: boolean, closed: boolean): void {
    const { edits, markers } = parseSearchReplace(b.raw, done);
    if (!done && edits.length === b.reported) return;
    b.reported = edits.length;
    const event: ParsedBlockEvent = { type: 'edit', path: b.path, edits, done, closed };
    if (done && !markers && b.raw.trim() !== '') event.wholeFile = cleanFileContent(b.raw, true);
    out.push(event);
  }

  function migrationEvent(
    b: Extract<Block, { kind: 'migration' }>,
    done: boolean,
    closed: boolean,
  ): ParsedBlockEvent {
    const sql = cleanFileContent(b.raw, done);
    return { type: 'migration', name: b.name || migrationNameFor(sql), sql, done, closed };
  }

  function flushDraft(): void {
    if (block.kind === 'file' && block.fenced?.pending) return;
    if (block.kind === 'migration' && block.dirty) {
      block.dirty = false;
      out.push(migrationEvent(block, false, false));
    }
    if (block.kind === 'file' && block.dirty) {
      block.dirty = false;
      out.push({
        type: 'file',
        path: block.path,
        moduleType: block.moduleType,
        content: cleanFileContent(block.raw, false),
        done: false,
        closed: false,
      });
    }
  }

  function closeBlock(closed: boolean): void {
    switch (block.kind) {
      case 'text':
        return;
      case 'thinking':
        out.push({ type: 'thinking', text: '', done: true });
        break;
      case 'file':
        // A self-closing file tag whose fence never came stays what it was: a tag (its text is chat text).
        if (block.fenced?.pending) {
          const raw = block.raw;
          block = { kind: 'text' };
          emitText('text', raw);
          return;
        }
        out.push({
          type: 'file',
          path: block.path,
          moduleType: block.moduleType,
          content: cleanFileContent(block.raw, true),
          done: true,
          closed: closed || block.fenced !== undefined,
        });
        break;
      case 'edit':
        reportEdit(block, true, closed);
        break;
      case 'migration':
        out.push(migrationEvent(block, true, closed));
        break;
      case 'tool-call':
        out.push({ type: 'tool-call', name: block.name, input: block.raw.trim(), closed });
        break;
      case 'tool-result':
        out.push({ type: 'tool-result', name: block.name, text: block.raw, closed });
        break;
      case 'choices': {
        if (block.item !== null) block.items?.push(block.item);
        out.push({ type: 'choices', choices: cleanChoices(block.items ?? block.raw.split('\n')), closed });
        break;
      }
      case 'publish': {
        const firstLine = block.raw.split('\n').find((line) => line.trim()) ?? '';
        const reason = oneLine(firstLine, MAX_PUBLISH_REASON_LENGTH);
        out.push(reason ? { type: 'publish', reason, closed } : { type: 'publish', closed });
        break;
      }
      case 'verify':
        out.push({ type: 'verify', steps: parseWalk(block.raw), closed });
        break;
      case 'secret': {
        if (!SECRET_NAME_RE.test(block.name)) break;
        const firstLine = block.raw.split('\n').find((line) => line.trim()) ?? '';
        const reason = oneLine(firstLine, MAX_PUBLISH_REASON_LENGTH);
        out.push(
          reason
            ? { type: 'secret', name: block.name, reason, closed }
            : { type: 'secret', name: block.name, closed },
        );
        break;
      }
      case 'knowledge': {
        const text = block.raw.trim().slice(0, MAX_KNOWLEDGE_PROPOSAL_LENGTH).trim();
        if (text) out.push({ type: 'knowledge', text, closed });
        break;
      }
    }
    block = { kind: 'text' };
  }

  function handleTag(tag: ParsedTag): void {
    // A `<kiln:choice>` item lives inside `<kiln:choices>` (`classifyTag` leaves it as content elsewhere).
    if (tag.name === 'choice' && block.kind === 'choices') {
      // An item still open (its closer forgotten) ends where the next one starts.
      if (block.item !== null) block.items?.push(block.item);
      block.item = null;
      if (!tag.closing) block.items ??= [];
      if (!tag.closing && !tag.selfClosing) block.item = '';
      return;
    }
    if (tag.closing) {
      // Any closer ends the open block (models mix them up); a stray closer in chat text is markup, dropped.
      closeBlock(true);
      return;
    }
    // An opening tag inside an open block means the model forgot that block's closer.
    closeBlock(false);
    const attr = (name: string): string => tag.attrs[name] ?? '';
    const path = (): string =>
      (attr('path') || (PATH_ATTRS.map((n) => tag.attrs[n]).find((v) => v?.trim()) ?? '')).trim();
    switch (tag.name) {
      case 'thinking':
        if (!tag.selfClosing) block = { kind: 'thinking' };
        break;
      case 'file':
        block = {
          kind: 'file',
          path: path(),
          moduleType: tag.attrs.type?.trim() || null,
          raw: '',
          dirty: false,
        };
        // `<kiln:file path="…"/>` then a fenced block: the fence is the file.
        if (tag.selfClosing) {
          block.fenced = { pending: true };
          break;
        }
        out.push({
          type: 'file',
          path: block.path,
          moduleType: block.moduleType,
          content: '',
          done: false,
          closed: false,
        });
        break;
      case 'edit':
        if (tag.selfClosing) break;
        block = { kind: 'edit', path: path(), raw: '', reported: 0 };
        break;
      case 'delete':
        if (path()) out.push({ type: 'delete', path: path() });
        break;
      case 'rename':
        if (attr('from').trim() && attr('to').trim()) {
          out.push({ type: 'rename', from: attr('from').trim(), to: attr('to').trim() });
        }
        break;
      case 'migration':
        if (!tag.selfClosing)
          block = { kind: 'migration', name: safeMigrationName(attr('name')), raw: '', dirty: false };
        break;
      case 'tool-call':
      case 'tool-result':
        block = { kind: tag.name, name: attr('name').trim(), raw: '' };
        // A self-closing call (`<kiln:tool-call name="…" input="recharts"/>`) is complete at once.
        if (tag.selfClosing) {
          block.raw = attr('input');
          closeBlock(true);
        }
        break;
      case 'choices':
        block = { kind: 'choices', raw: '', items: null, item: null };
        if (tag.selfClosing) closeBlock(true);
        break;
      case 'publish':
        block = { kind: 'publish', raw: attr('reason') };
        if (tag.selfClosing) closeBlock(true);
        break;
      case 'secret':
        block = { kind: 'secret', name: attr('name').trim(), raw: attr('reason') };
        if (tag.selfClosing) closeBlock(true);
        break;
      case 'verify':
        block = { kind: 'verify', raw: '' };
        if (tag.selfClosing) closeBlock(true);
        break;
      case 'knowledge':
        block = { kind: 'knowledge', raw: attr('text') };
        if (tag.selfClosing) closeBlock(true);
        break;
    }
  }

  function process(final: boolean): void {
    for (;;) {
      const lt = buffer.indexOf('<');
      if (lt === -1) {
        const all = buffer;
        buffer = '';
        appendContent(all);
        // A fenced file block that ended hands what followed it back to the buffer.
        if (buffer) continue;
        return;
      }
      if (lt > 0) {
        const head = buffer.slice(0, lt);
        buffer = buffer.slice(lt);
        appendContent(head);
        continue;
      }
      const found = classifyTag(buffer, final, block.kind === 'choices');
      if (found === 'partial') return;
      if (found === 'literal') {
        buffer = buffer.slice(1);
        appendContent('<');
        continue;
      }
      buffer = buffer.slice(found.length);
      handleTag(found.tag);
    }
  }

  return {
    push(chunk: string): ParsedBlockEvent[] {
      if (ended) throw new Error('push() after end()');
      out = [];
      buffer += chunk;
      process(false);
      flushDraft();
      return out;
    },
    endReply(): ParsedBlockEvent[] {
      out = [];
      if (ended) return out;
      process(true);
      closeBlock(false);
      return out;
    },
    end(): ParsedBlockEvent[] {
      out = [];
      if (ended) return out;
      ended = true;
      process(true);
      closeBlock(false);
      return out;
    },
  };
}

interface ParsedTag {
  name: string;
  closing: boolean;
  selfClosing: boolean;
  attrs: Record<string, string>;
}

/** Decides what the text at a `<` is: a whole Kiln tag, possibly one (wait for more), or plain content. */
function classifyTag(
  buf: string,
  final: boolean,
  inChoices: boolean,
): 'partial' | 'literal' | { tag: ParsedTag; length: number } {
  if (!TAG_START_RE.test(buf)) {
    if (!final && buf.length < 40 && TAG_START_PREFIX_RE.test(buf)) return 'partial';
    return 'literal';
  }
  // Find the `>` that ends the tag, skipping quoted attribute values.
  let quote = '';
  for (let i = 1; i < buf.length && i < MAX_TAG_LENGTH; i++) {
    const c = buf[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === '<') {
      return 'literal';
    } else if (c === '>') {
      const tag = parseTag(buf.slice(0, i + 1));
      // `<kiln:choice>` is a tag only inside `<kiln:choices>`; anywhere else it stays content.
      if (tag?.name === 'choice' && !inChoices) return 'literal';
      return tag ? { tag, length: i + 1 } : 'literal';
    }
  }
  if (!final && buf.length < MAX_TAG_LENGTH) return 'partial';
  return 'literal';
}

/** `<kiln:name …>`: any case, whitespace after `<` and around `/`. */
const TAG_RE = /^<\s*(\/?)\s*kiln:([a-z][a-z-]*)([\s\S]*?)>$/i;
/** One attribute: double, single or no quotes (an unquoted value may hold `/`: `path=src/app/page.tsx`). */
const ATTR_RE = /([a-z_][a-z0-9_-]*)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;

function parseTag(text: string): ParsedTag | null {
  const m = TAG_RE.exec(text);
  if (!m) return null;
  const name = (m[2] ?? '').toLowerCase();
  if (!BLOCK_TAGS.has(name)) return null;
  let rest = m[3] ?? '';
  // The name must end at whitespace, `/` or `>` (`<kiln:files>` is no tag).
  if (rest && !/^[\s/]/.test(rest)) return null;
  rest = rest.trimEnd();
  const selfClosing = rest.endsWith('/');
  if (selfClosing) rest = rest.slice(0, -1);
  const attrs: Record<string, string> = {};
  const left = rest.replace(ATTR_RE, (_all, key: string, dq?: string, sq?: string, bare?: string) => {
    attrs[key.toLowerCase()] = unescapeAttr(dq ?? sq ?? bare ?? '');
    return '';
  });
  // Anything but attributes inside the tag: not a Kiln tag after all.
  if (left.trim()) return null;
  return { name, closing: m[1] === '/', selfClosing, attrs };
}

function unescapeAttr(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/**
 * The file text of a block body: drops the newline after the opening tag and a markdown fence a model may
 * have wrapped the code in; a finished body ends with exactly one newline.
 */
export function cleanFileContent(raw: string, final: boolean): string {
  let text = raw.replace(/^[ \t]*\r?\n/, '');
  // Any info string after the language (```tsx filename="…") belongs to the fence.
  const fence = /^[ \t]*```[^\n`]*\r?\n/.exec(text);
  if (fence) {
    text = text.slice(fence[0].length);
    // While streaming, a closing fence may have arrived only in part (a draft must not show stray backticks).
    text = final
      ? text.replace(/\r?\n?[ \t]*```[ \t]*\s*$/, '')
      : text.replace(/(^|\n)[ \t]*`{1,3}[ \t]*\r?\n?$/, '$1');
  } else if (!final && /^[ \t]*`{1,3}[^\n`]*$/.test(text)) {
    // The opening fence line is still arriving.
    return '';
  }
  if (final) {
    text = text.replace(/\s+$/, '');
    return text ? `${text}\n` : '';
  }
  return text;
}

/**
 * The suggestions of a `<kiln:choices>` block from its lines or items: whitespace collapsed, a list marker
 * (`- `, `1. `) and wrapping quotes dropped, empties and repeats (ignoring case) dropped, each cut at a word to
 * `MAX_CHOICE_LENGTH` characters, at most `MAX_CHOICES`.
 */
export function cleanChoices(candidates: readonly string[]): string[] {
  const choices: string[] = [];
  for (const candidate of candidates) {
    let choice = candidate
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/^(?:[-*•]|\d{1,2}[.)])\s+/, '');
    // "make it blue" → make it blue (a model quoting its suggestions); a quote inside stays.
    const quoted = /^["“]([^"“”]*)["”]$/.exec(choice) ?? /^['‘]([^'‘’]*)['’]$/.exec(choice);
    if (quoted?.[1]) choice = quoted[1].trim();
    choice = oneLine(choice, MAX_CHOICE_LENGTH);
    if (!choice || choices.some((c) => c.toLowerCase() === choice.toLowerCase())) continue;
    choices.push(choice);
    if (choices.length === MAX_CHOICES) break;
  }
  return choices;
}

/** Text on one line (whitespace collapsed), cut at a word boundary to at most `max` characters. */
function oneLine(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max + 1);
  const space = cut.lastIndexOf(' ');
  return (space > max / 2 ? cut.slice(0, space) : line.slice(0, max)).trim();
}

/**
 * A migration's name made safe to store and compare: lowercase letters, digits and underscores, at most 63
 * characters (a Postgres identifier); empty when nothing usable is left.
 */
export function safeMigrationName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 63);
}

/** The name of a migration without one: `create_{table}` from its first CREATE TABLE, else `migration`. */
export function migrationNameFor(sql: string): string {
  const table =
    /\bcreate\s+table\s+(?:if\s+not\s+exists\s+)?(?:"?public"?\s*\.\s*)?"?([A-Za-z_][A-Za-z0-9_]*)"?/i.exec(
      sql,
    )?.[1];
  return (table && safeMigrationName(`create_${table}`)) || 'migration';
}

// Models miscount the chevrons (the format's are seven): any run of 3–9 before the word is taken; the
// divider, which names no word, needs 4.
const SEARCH_RE = /^\s*<{3,9}\s*SEARCH\s*$/i;
const DIVIDER_RE = /^\s*={4,9}\s*$/;
const REPLACE_RE = /^\s*>{3,9}\s*REPLACE\s*$/i;

/**
 * Reads SEARCH/REPLACE blocks from an edit body. While streaming (`final` false) only blocks whose
 * REPLACE marker has arrived count; at the end a block cut off inside its replacement is kept as it is.
 */
export function parseSearchReplace(
  body: string,
  final: boolean,
): { edits: SearchReplace[]; markers: boolean } {
  const lines = body.split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  // The last line may still be arriving.
  if (!final) lines.pop();
  const edits: SearchReplace[] = [];
  let state: 'outside' | 'search' | 'replace' = 'outside';
  let search: string[] = [];
  let replace: string[] = [];
  let markers = false;
  for (const line of lines) {
    if (state === 'outside') {
      if (SEARCH_RE.test(line)) {
        markers = true;
        state = 'search';
        search = [];
      }
    } else if (state === 'search') {
      if (DIVIDER_RE.test(line)) {
        state = 'replace';
        replace = [];
      } else search.push(line);
    } else if (REPLACE_RE.test(line)) {
      edits.push({ search: search.join('\n'), replace: replace.join('\n') });
      state = 'outside';
    } else replace.push(line);
  }
  if (final && state === 'replace') {
    while (replace.length > 0 && replace[replace.length - 1]?.trim() === '') replace.pop();
    edits.push({ search: search.join('\n'), replace: replace.join('\n') });
  }
  return { edits, markers };
}
