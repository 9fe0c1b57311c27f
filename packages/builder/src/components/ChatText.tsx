import { Fragment, type ReactNode } from 'react';

/** `**bold**` and `` `code` `` inside one line. */
function inline(text: string): ReactNode[] {
  return text.split(/(\*\*[^*\n]+\*\*|`[^`\n]+`)/g).map((part, index) => {
    // biome-ignore-start lint/suspicious/noArrayIndexKey: parts are positional and never reordered.
    if (part.startsWith('**') && part.endsWith('**') && part.length > 4) {
      return <strong key={index}>{part.slice(2, -2)}</strong>;
    }
    if (part.startsWith('`') && part.endsWith('`') && part.length > 2) {
      return <code key={index}>{part.slice(1, -1)}</code>;
    }
    return <Fragment key={index}>{part}</Fragment>;
    // biome-ignore-end lint/suspicious/noArrayIndexKey: parts are positional and never reordered.
  });
}

/** A numbered list item's marker: `1. ` or `1) `. */
const NUMBERED_RE = /^\s*\d+[.)]\s+/;

/**
 * A chat message with the little Markdown assistants use (paragraphs, `- ` and `1. ` lists, bold, inline code),
 * rendered as React elements, never as HTML.
 */
export function ChatText({ text }: { text: string }) {
  const blocks = text.trim().split(/\n{2,}/);
  return (
    <div className="chat-text">
      {blocks.map((block, index) => {
        const lines = block.split('\n');
        const items = lines.filter((line) => /^\s*[-*•]\s+/.test(line));
        const key = `${index}:${block.slice(0, 16)}`;
        // A numbered list (a discussion's plan steps): an ordered list, numbered by the browser.
        if (lines.every((line) => NUMBERED_RE.test(line))) {
          return (
            <ol key={key}>
              {lines.map((line, at) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: list items are positional.
                <li key={at}>{inline(line.replace(NUMBERED_RE, ''))}</li>
              ))}
            </ol>
          );
        }
        if (items.length > 0 && items.length === lines.length) {
          return (
            <ul key={key}>
              {items.map((line, at) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: list items are positional.
                <li key={at}>{inline(line.replace(/^\s*[-*•]\s+/, ''))}</li>
              ))}
            </ul>
          );
        }
        if (items.length > 0) {
          // A lead-in line followed by a list.
          const lead = lines.filter((line) => !/^\s*[-*•]\s+/.test(line));
          return (
            <Fragment key={key}>
              <p>{inline(lead.join('\n'))}</p>
              <ul>
                {items.map((line, at) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: list items are positional.
                  <li key={at}>{inline(line.replace(/^\s*[-*•]\s+/, ''))}</li>
                ))}
              </ul>
            </Fragment>
          );
        }
        return <p key={key}>{inline(block)}</p>;
      })}
    </div>
  );
}
