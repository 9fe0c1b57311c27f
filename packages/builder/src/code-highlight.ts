/**
 * @module A deliberately small TSX highlighter for the read-only code panel: comments, strings, keywords,
 * JSX tags and numbers. Good enough to read generated code; not a parser.
 */

export type TokenKind = 'plain' | 'comment' | 'string' | 'keyword' | 'tag' | 'number' | 'attr';
export interface Token {
  kind: TokenKind;
  text: string;
}

const KEYWORDS =
  'import|export|default|from|as|function|return|const|let|var|if|else|for|while|do|switch|case|break|continue|' +
  'new|try|catch|finally|throw|async|await|yield|class|extends|interface|type|enum|typeof|instanceof|in|of|' +
  'true|false|null|undefined|this|void|delete';

const PATTERN = new RegExp(
  [
    String.raw`(?<comment>\/\/[^\n]*|\/\*[\s\S]*?(?:\*\/|$))`,
    String.raw`(?<string>'(?:\\.|[^'\\\n])*'?|"(?:\\.|[^"\\\n])*"?|\x60(?:\\.|[^\x60\\])*\x60?)`,
    String.raw`(?<tag><\/?[A-Za-z][\w.]*)`,
    String.raw`(?<attr>\b[a-zA-Z-]+(?==[{"']))`,
    `(?<keyword>\\b(?:${KEYWORDS})\\b)`,
    String.raw`(?<number>\b\d+(?:\.\d+)?\b)`,
  ].join('|'),
  'g',
);

/** Splits `code` into lines of coloured tokens. */
export function highlight(code: string): Token[][] {
  const tokens: Token[] = [];
  let last = 0;
  for (const match of code.matchAll(PATTERN)) {
    const start = match.index ?? 0;
    if (start > last) tokens.push({ kind: 'plain', text: code.slice(last, start) });
    const groups = match.groups ?? {};
    const kind = (Object.keys(groups).find((name) => groups[name] !== undefined) ?? 'plain') as TokenKind;
    tokens.push({ kind, text: match[0] });
    last = start + match[0].length;
  }
  if (last < code.length) tokens.push({ kind: 'plain', text: code.slice(last) });

  const lines: Token[][] = [[]];
  for (const token of tokens) {
    const pieces = token.text.split('\n');
    pieces.forEach((piece, index) => {
      if (index > 0) lines.push([]);
      if (piece) lines[lines.length - 1]?.push({ kind: token.kind, text: piece });
    });
  }
  return lines;
}
