import { Check, Copy, FileCode } from 'lucide-react';
import { useMemo, useState } from 'react';
import { highlight } from '../code-highlight.ts';
import type { Module } from '../queries.ts';

/** A module's source, read-only, with line numbers and light highlighting. */
export function CodePanel({ module }: { module: Module | null }) {
  const lines = useMemo(() => (module ? highlight(module.content) : []), [module]);
  const [copied, setCopied] = useState(false);

  if (!module) {
    return (
      <div className="code-panel code-panel-empty">
        <FileCode size={22} aria-hidden="true" />
        <p>Choose a module on the left to read its code.</p>
      </div>
    );
  }

  async function copy() {
    if (!module) return;
    try {
      await navigator.clipboard.writeText(module.content);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      // Clipboard refused (insecure context); selecting the text still works.
    }
  }

  return (
    <section className="code-panel" aria-label={`Code of ${module.name}`}>
      <header className="code-head">
        <span className="code-path">{module.filePath}</span>
        <button type="button" className="button button-ghost button-small" onClick={copy}>
          {copied ? <Check size={14} aria-hidden="true" /> : <Copy size={14} aria-hidden="true" />}
          {copied ? 'Copied' : 'Copy'}
        </button>
      </header>
      <pre className="code-body" tabIndex={0}>
        <code>
          {lines.map((tokens, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional.
            <span className="code-line" key={index}>
              {tokens.map((token, at) =>
                token.kind === 'plain' ? (
                  token.text
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: tokens are positional.
                  <span key={at} className={`tok-${token.kind}`}>
                    {token.text}
                  </span>
                ),
              )}
              {'\n'}
            </span>
          ))}
        </code>
      </pre>
    </section>
  );
}
