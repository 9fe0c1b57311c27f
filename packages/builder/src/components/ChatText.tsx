import { Fragment, type ReactNode } from 'react';
import { cn } from '../lib/cn.ts';

/** The look of each element of an answer's Markdown. */
const P = 'whitespace-pre-wrap';
const LIST = 'm-0 pl-[18px]';
const LI = '[&+li]:mt-0.5';

/** `**bold**` and `` `code` `` inside one line. */
function inline(text: string): ReactNode[] {
  return text.split(/(\*\*[^*\n]+\*\*|`[^`\n]+`)/g).map((part, index) => {
    // biome-ignore-start lint/suspicious/noArrayIndexKey: parts are positional and never reordered.
    if (part.startsWith('**') && part.endsWith('**') && part.length > 4) {
      return (
        <strong key={index} className="font-semibold text-ink">
          {part.slice(2, -2)}
        </strong>
      );
    }
    if (part.startsWith('`') && part.endsWith('`') && part.length > 2) {
      return (
        <code key={index} className="rounded-[5px] bg-surface-3 px-[5px] py-px text-[12px]">
          {part.slice(1, -1)}
        </code>
      );
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
export function ChatText({ text, className }: { text: string; className?: string }) {
  const blocks = text.trim().split(/\n{2,}/);
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      {blocks.map((block, index) => {
        const lines = block.split('\n');
        const items = lines.filter((line) => /^\s*[-*•]\s+/.test(line));
        const key = `${index}:${block.slice(0, 16)}`;
        // A numbered list (a discussion's plan steps): an ordered list, numbered by the browser.
        if (lines.every((line) => NUMBERED_RE.test(line))) {
          return (
            <ol key={key} className={LIST}>
              {lines.map((line, at) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: list items are positional.
                <li key={at} className={LI}>
                  {inline(line.replace(NUMBERED_RE, ''))}
                </li>
              ))}
            </ol>
          );
        }
        if (items.length > 0 && items.length === lines.length) {
          return (
            <ul key={key} className={LIST}>
              {items.map((line, at) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: list items are positional.
                <li key={at} className={LI}>
                  {inline(line.replace(/^\s*[-*•]\s+/, ''))}
                </li>
              ))}
            </ul>
          );
        }
        if (items.length > 0) {
          // A lead-in line followed by a list.
          const lead = lines.filter((line) => !/^\s*[-*•]\s+/.test(line));
          return (
            <Fragment key={key}>
              <p className={P}>{inline(lead.join('\n'))}</p>
              <ul className={LIST}>
                {items.map((line, at) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: list items are positional.
                  <li key={at} className={LI}>
                    {inline(line.replace(/^\s*[-*•]\s+/, ''))}
                  </li>
                ))}
              </ul>
            </Fragment>
          );
        }
        return (
          <p key={key} className={P}>
            {inline(block)}
          </p>
        );
      })}
    </div>
  );
}
