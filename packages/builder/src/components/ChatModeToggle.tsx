import { Sparkles } from 'lucide-react';
import { useId } from 'react';
import type { ChatMode } from '../queries.ts';

/** The two ways a message is answered, as the composer offers them. */
const MODES: readonly { value: ChatMode; label: string; hint: string }[] = [
  { value: 'CHAT', label: 'Build', hint: 'Kiln changes the app' },
  { value: 'DISCUSSION', label: 'Discuss', hint: 'Kiln answers with a plan and changes nothing' },
];

/**
 * Build / Discuss (plan mode) as a radio group — arrow keys move between them, like native radios — and the
 * Expert toggle (aria-pressed), disabled with its reason shown when the organisation names no expert model.
 */
export function ChatModeToggle({
  mode,
  onMode,
  expert,
  onExpert,
  expertDisabledReason,
}: {
  mode: ChatMode;
  onMode: (mode: ChatMode) => void;
  expert: boolean;
  onExpert: (expert: boolean) => void;
  expertDisabledReason: string | null;
}) {
  const name = useId();
  const reasonId = useId();
  return (
    <div className="chat-modes">
      <fieldset className="chat-mode-group">
        <legend className="sr-only">How Kiln answers</legend>
        {MODES.map((m) => (
          <label key={m.value} className="chat-mode" title={m.hint}>
            <input
              type="radio"
              name={name}
              value={m.value}
              checked={mode === m.value}
              onChange={() => onMode(m.value)}
            />
            <span>{m.label}</span>
          </label>
        ))}
      </fieldset>
      <button
        type="button"
        className={`chat-expert${expert ? ' chat-expert-on' : ''}`}
        aria-pressed={expert}
        disabled={expertDisabledReason !== null}
        aria-describedby={expertDisabledReason ? reasonId : undefined}
        title={expertDisabledReason ?? "Use the organisation's expert model for this message"}
        onClick={() => onExpert(!expert)}
      >
        <Sparkles size={13} aria-hidden="true" />
        Expert
      </button>
      {expertDisabledReason ? (
        <span id={reasonId} className="chat-expert-reason muted">
          {expertDisabledReason}
        </span>
      ) : null}
    </div>
  );
}
