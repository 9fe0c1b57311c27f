import { BookmarkPlus, Check } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../api.ts';
import type { MessageBlock } from '../queries.ts';
import { FormAlert } from './FormAlert.tsx';
import { Spinner } from './Spinner.tsx';
import { Button } from './ui/button.tsx';

/**
 * A reply's knowledge proposals (`knowledge` blocks): each standing instruction the model suggests keeping,
 * with one click to add it to the project's knowledge (Settings → Knowledge), or a note once it was added.
 */
export function KnowledgeProposals({
  blocks,
  onAccept,
}: {
  blocks: readonly MessageBlock[];
  /** Accept the `index`-th proposal; absent for users who may not change the project. */
  onAccept?: ((index: number) => Promise<void>) | undefined;
}) {
  const proposals = blocks.filter((b) => b.kind === 'knowledge' && b.text);
  if (proposals.length === 0) return null;
  // A reply's proposals are unique by text (codegen keeps one of each), so the text is the key.
  return (
    <ul className="mt-2 mb-0 flex list-none flex-col gap-1.5 p-0" aria-label="Suggested project knowledge">
      {proposals.map((p, index) => (
        <Proposal
          key={p.text}
          text={p.text ?? ''}
          accepted={p.accepted === true}
          onAccept={onAccept ? () => onAccept(index) : undefined}
        />
      ))}
    </ul>
  );
}

function Proposal({
  text,
  accepted,
  onAccept,
}: {
  text: string;
  accepted: boolean;
  onAccept?: (() => Promise<void>) | undefined;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function accept() {
    if (!onAccept) return;
    setBusy(true);
    setError(null);
    try {
      await onAccept();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }
  return (
    <li className="flex flex-wrap items-center gap-1.5 rounded-md border border-border bg-surface px-2 py-1.5 text-[12.5px]">
      <span className="w-full text-[11px] text-muted">Remember for this project?</span>
      <q>{text}</q>
      {accepted ? (
        <span className="inline-flex items-center gap-1 text-ok">
          <Check size={13} aria-hidden="true" />
          Added to project knowledge
        </span>
      ) : onAccept ? (
        <Button type="button" size="sm" disabled={busy} onClick={() => void accept()}>
          {busy ? <Spinner size={13} /> : <BookmarkPlus size={13} aria-hidden="true" />}
          Add to project knowledge
        </Button>
      ) : null}
      <FormAlert message={error} />
    </li>
  );
}
