/**
 * @module
 * Unchanged functions kept across edits. An edit re-evaluates its whole module, so V8 parses every function
 * of it again and compiles each one again the first time it runs — on a page with a dozen components, most of
 * an edit's evaluation and much of its render, for code that did not change. Here a top-level function whose
 * text and first line are unchanged since the module's last evaluation is taken from that evaluation instead:
 * the new body starts with `var Name = __kiln_reuse[k]` and the function's lines are left blank (line numbers
 * stay where they were), so V8 neither parses nor compiles it again.
 *
 * That is the same program only when the old function sees what a new one would: so a function is kept only
 * when the module's scope (React, imports, components, stand-ins) is the same values as last time, its hook
 * signature is the same (so forwarders are, runtime/refresh.ts), nothing assigns its name, and every name it
 * mentions is either not declared at the top level or is another kept function (`FunctionReuse.prepare`).
 * What a piece declares is read conservatively: a piece that is one `function Name(…) {…}` or
 * `const Name = (…) => …` declares that name; any other piece declares every name it mentions (except
 * property names, keys and keywords). After the run,
 * `__kiln_capture` receives every such function, and `Function.prototype.toString` — V8's own text of the
 * function — proves the piece held that declaration and nothing more; when a piece taken for one function turns
 * out to hold more, the module is run again without kept functions.
 */

/** Scope name of the functions kept from the last evaluation, in the order of the `var` that takes them. */
export const REUSE_BINDING = '__kiln_reuse';
/** Scope name of the function that receives the module's functions at the end of its body. */
export const CAPTURE_BINDING = '__kiln_capture';

/** What one evaluation leaves for the next: its pieces, their first lines, its functions and its scope. */
interface Evaluation {
  pieces: readonly string[];
  /** By piece text: the functions whose piece is exactly their declaration, with their name and first line. */
  fns: Map<string, { name: string; start: number; fn: unknown }>;
  scopeNames: string;
  scopeValues: unknown[];
  signature: string;
}

/** What a piece declares and mentions, read from its text (cached by text; the name sets when first needed). */
interface PieceInfo {
  /** `function Name(` or `const Name = (…) =>` / `function`: the one name it declares, when it ends as one. */
  fnName: string | null;
  /** For `const Name = …`: the text before the function (`const Name = `). */
  prefix: string;
  /** Where the declaration starts: after the blank lines and comments the piece starts with. */
  lead: number;
  /** How many lines the piece has. */
  lines: number;
  /** Names mentioned, property names excepted. */
  mentions?: Set<string>;
  /**
   * Names that may be bound here: mentioned somewhere not followed by `.` or `:` (a name before either is
   * read or a key, never bound), `__kiln_` names excepted.
   */
  bindable?: Set<string>;
}

const FUNCTION_HEAD = /^function\s+([A-Za-z_$][\w$]*)\s*\(/;
const CONST_FUNCTION_HEAD =
  /^(const\s+([A-Za-z_$][\w$]*)\s*=\s*)(?:async\s+)?(?:function\b|\(|[A-Za-z_$][\w$]*\s*=>)/;
const NAME = /[A-Za-z_$][\w$]*/g;
/** What may follow a declaration in its piece: blank lines and comments. */
const ONLY_COMMENTS = /^(?:\s+|\/\/[^\n]*|\/\*[\s\S]*?\*\/)*$/;
const LEADING = /^(?:\s+|\/\/[^\n]*|\/\*[\s\S]*?\*\/)*/;

/** Words that are never a binding's name. */
const KEYWORDS = new Set(
  'break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with'.split(
    ' ',
  ),
);

const infos = new Map<string, PieceInfo>();

function pieceInfo(piece: string): PieceInfo {
  let info = infos.get(piece);
  if (info) return info;
  // The first piece may start with blank lines and comments (what the cleaner left of the imports).
  const lead = LEADING.exec(piece)?.[0].length ?? 0;
  const code = lead > 0 ? piece.slice(lead) : piece;
  const fn = FUNCTION_HEAD.exec(code);
  const constFn = fn ? null : CONST_FUNCTION_HEAD.exec(code);
  // Ends as a declaration does: its last line that is not blank or a comment closes it at column 0.
  const last = lastCodeLine(piece);
  const closes = fn ? last === '}' : last === '}' || last === '};' || last === ')' || last === ');';
  info = {
    fnName: closes ? (fn?.[1] ?? constFn?.[2] ?? null) : null,
    prefix: constFn?.[1] ?? '',
    lead,
    lines: countLines(piece),
  };
  infos.set(piece, info);
  if (infos.size > 400) infos.delete(infos.keys().next().value as string);
  return info;
}

function lastCodeLine(piece: string): string {
  let end = piece.length;
  while (end > 0) {
    const start = piece.lastIndexOf('\n', end - 1) + 1;
    const line = piece.slice(start, end);
    if (line.trim() !== '' && !line.startsWith('//')) return line.trimEnd();
    end = start - 1;
  }
  return '';
}

/** Fills in `mentions` and `bindable` (one pass over the piece). */
function names(piece: string, info: PieceInfo): { mentions: Set<string>; bindable: Set<string> } {
  if (info.mentions && info.bindable) return { mentions: info.mentions, bindable: info.bindable };
  const mentions = new Set<string>();
  const bindable = new Set<string>();
  for (const m of piece.matchAll(NAME)) {
    const at = m.index;
    const before = piece.charCodeAt(at - 1);
    // Inside a longer word, or a property name (`.x`, but not the spread `...x`).
    if (isWordChar(before)) continue;
    if (before === 46 && piece.charCodeAt(at - 2) !== 46) continue;
    mentions.add(m[0]);
    const after = piece[at + m[0].length];
    if (after !== '.' && after !== ':' && !m[0].startsWith('__kiln_') && !KEYWORDS.has(m[0]))
      bindable.add(m[0]);
  }
  info.mentions = mentions;
  info.bindable = bindable;
  return { mentions, bindable };
}

function isWordChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 36;
}

const ASSIGNMENT = /^\s*(?:[-+*/%&|^]|\*\*|<<|>>>?|&&|\|\||\?\?)?=(?![=>])|^\s*(?:\+\+|--)/;

/** Whether `piece` may assign `name` (`name =`, `name +=`, `name++`, `++name`…), read from each mention. */
function assigns(piece: string, name: string): boolean {
  for (let at = piece.indexOf(name); at >= 0; at = piece.indexOf(name, at + 1)) {
    const before = piece.charCodeAt(at - 1);
    const end = at + name.length;
    if (isWordChar(before) || isWordChar(piece.charCodeAt(end))) continue;
    if (ASSIGNMENT.test(piece.slice(end, end + 8))) return true;
    const prefix = piece.slice(Math.max(0, at - 4), at).trimEnd();
    if (prefix.endsWith('++') || prefix.endsWith('--')) return true;
  }
  return false;
}

/** Whether `piece` is exactly the declaration of `fn` (see the module comment), comments after it allowed. */
function declares(piece: string, info: PieceInfo, fn: unknown): boolean {
  if (typeof fn !== 'function') return false;
  const text = info.prefix + Function.prototype.toString.call(fn);
  if (!piece.startsWith(text, info.lead)) return false;
  const end = info.lead + text.length;
  return ONLY_COMMENTS.test(piece.slice(info.prefix && piece[end] === ';' ? end + 1 : end));
}

/** A module run prepared by `FunctionReuse.prepare`. */
export interface PreparedRun {
  /** The body to evaluate: kept functions taken from `__kiln_reuse`, every function captured at the end. */
  code: string;
  /** The scope additions `code` expects (`__kiln_reuse`, `__kiln_capture`). */
  scope: Map<string, unknown>;
  /**
   * After the run returned `exports`: whether it stands (false: a piece was not what it was taken for and
   * functions were kept — run `prepare`'s `plain` instead). Records the run for the module's next edit.
   */
  finish(exports: object): boolean;
  /** The same body with nothing kept (every function still captured), or null when nothing was kept. */
  plain(): PreparedRun | null;
}

/** Per file, the last evaluation's functions, and which of them a new evaluation can keep. */
export class FunctionReuse {
  private readonly last = new Map<string, Evaluation>();
  private readonly byExports = new WeakMap<object, Evaluation>();

  /**
   * A run of `code` (the module body, its first `pieces.join('\n').length` characters being `pieces`) that
   * keeps what it can from the file's last evaluation; null when `code` does not start with its pieces. The
   * scope is given as its names joined by commas and its values, as `runModule` has them.
   */
  prepare(
    filePath: string,
    code: string,
    pieces: readonly string[],
    scopeNames: string,
    scopeValues: unknown[],
    signature: string,
  ): PreparedRun | null {
    const infoOf = pieces.map(pieceInfo);
    const starts: number[] = [];
    let line = 1;
    let bodyLength = -1;
    for (const [i, piece] of pieces.entries()) {
      starts.push(line);
      line += (infoOf[i] as PieceInfo).lines;
      bodyLength += piece.length + 1;
    }
    if (code.length <= bodyLength || code[bodyLength] !== '\n') return null;
    const prev = this.last.get(filePath);
    const samePrev =
      prev !== undefined &&
      prev.signature === signature &&
      prev.scopeNames === scopeNames &&
      prev.scopeValues.length === scopeValues.length &&
      prev.scopeValues.every((v, i) => v === scopeValues[i]);

    // The pieces that are one function, by name (a name declared twice is left alone).
    const fnPiece = new Map<string, number>();
    const twice = new Set<string>();
    for (const [i, info] of infoOf.entries()) {
      if (!info.fnName) continue;
      if (fnPiece.has(info.fnName)) twice.add(info.fnName);
      fnPiece.set(info.fnName, i);
    }
    for (const name of twice) fnPiece.delete(name);

    // Candidates: unchanged, at the same line, exactly a function last time, never assigned. Not in a body
    // that starts with a directive ('use strict'): the `var` that takes them would end its prologue.
    const kept = new Map<string, number>();
    const first = pieces[0] ?? '';
    const directive = first[(infoOf[0] as PieceInfo | undefined)?.lead ?? 0];
    if (samePrev && directive !== "'" && directive !== '"') {
      for (const [name, i] of fnPiece) {
        const before = prev.fns.get(pieces[i] as string);
        if (before?.name !== name || before.start !== starts[i]) continue;
        if (names(pieces[i] as string, infoOf[i] as PieceInfo).mentions.has('eval')) continue;
        if (pieces.some((piece) => assigns(piece, name))) continue;
        kept.set(name, i);
      }
    }
    if (kept.size > 0 && prev) {
      // Names the other pieces may declare; a candidate that mentions one is not kept, which declares its name.
      // The last evaluation's pieces count too: a kept function sees that evaluation's top-level names, so a
      // name it declared (even one the module no longer declares) must be a kept function as well.
      const declared = new Set<string>();
      const keptPieces = new Set([...kept.values()].map((i) => pieces[i]));
      const declare = (piece: string, fnName: string | null) => {
        if (keptPieces.has(piece)) return;
        if (fnName !== null) declared.add(fnName);
        else for (const name of names(piece, pieceInfo(piece)).bindable) declared.add(name);
      };
      // This run's single functions are taken at their word (`finish` checks them); the last run's, if checked.
      for (const [i, piece] of pieces.entries()) {
        const { fnName } = infoOf[i] as PieceInfo;
        declare(piece, fnName !== null && fnPiece.get(fnName) === i ? fnName : null);
      }
      for (const piece of prev.pieces) declare(piece, prev.fns.get(piece)?.name ?? null);
      for (let changed = true; changed; ) {
        changed = false;
        for (const [name, i] of kept) {
          for (const m of names(pieces[i] as string, infoOf[i] as PieceInfo).mentions) {
            if (m !== name && declared.has(m)) {
              kept.delete(name);
              declared.add(name);
              changed = true;
              break;
            }
          }
        }
      }
    }

    const captured = [...fnPiece.keys()];
    const tail = code.slice(bodyLength + 1);
    const build = (keep: Map<string, number>): PreparedRun => {
      const reused = [...keep.keys()];
      let body = reused.length
        ? `var ${reused.map((n, k) => `${n} = ${REUSE_BINDING}[${k}]`).join(', ')}; `
        : '';
      for (const [i, piece] of pieces.entries()) {
        if (i > 0) body += '\n';
        const name = (infoOf[i] as PieceInfo).fnName;
        body += name && keep.get(name) === i ? '\n'.repeat((infoOf[i] as PieceInfo).lines - 1) : piece;
      }
      let got: unknown[] = [];
      const capture = (fns: unknown[]) => {
        got = fns;
      };
      return {
        code: `${body}\n${CAPTURE_BINDING}([${captured.join(', ')}]); ${tail}`,
        scope: new Map<string, unknown>([
          [
            REUSE_BINDING,
            reused.map((name) => prev?.fns.get(pieces[keep.get(name) as number] as string)?.fn),
          ],
          [CAPTURE_BINDING, capture],
        ]),
        plain: () => (reused.length > 0 ? build(new Map()) : null),
        finish: (exports) => {
          const fns = new Map<string, { name: string; start: number; fn: unknown }>();
          let sound = true;
          for (const [k, name] of captured.entries()) {
            const i = fnPiece.get(name) as number;
            const piece = pieces[i] as string;
            if (keep.has(name) || declares(piece, infoOf[i] as PieceInfo, got[k])) {
              fns.set(piece, { name, start: starts[i] as number, fn: got[k] });
            } else sound = false;
          }
          if (!sound && reused.length > 0) return false;
          this.byExports.set(exports, { pieces, fns, scopeNames, scopeValues, signature });
          return true;
        },
      };
    };
    return build(kept);
  }

  /** After a module of `filePath` evaluated (or came from the evaluation cache) to `exports`. */
  settle(filePath: string, exports: object | undefined): void {
    const evaluation = exports ? this.byExports.get(exports) : undefined;
    if (evaluation) this.last.set(filePath, evaluation);
    else this.last.delete(filePath);
  }
}

function countLines(text: string): number {
  let n = 1;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) n++;
  return n;
}
