import { Sparkles } from 'lucide-react';
import { useId } from 'react';
import { cn } from '../lib/cn.ts';
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
    <div className="flex flex-wrap items-center gap-2 text-[12.5px]">
      <fieldset className="m-0 inline-flex rounded-md border border-border bg-surface-2 p-0.5">
        <legend className="sr-only">How Kiln answers</legend>
        {MODES.map((m) => (
          <label key={m.value} className="relative cursor-pointer" title={m.hint}>
            <input
              className="peer absolute inset-0 m-0 cursor-pointer opacity-0"
              type="radio"
              name={name}
              value={m.value}
              checked={mode === m.value}
              onChange={() => onMode(m.value)}
            />
            <span className="inline-block rounded-[calc(var(--radius)-2px)] px-2.5 py-[3px] text-text-2 peer-checked:bg-surface peer-checked:font-semibold peer-checked:text-ink peer-checked:shadow-sm peer-focus-visible:outline-2 peer-focus-visible:outline-offset-1 peer-focus-visible:outline-accent peer-focus-visible:outline-solid">
              {m.label}
            </span>
          </label>
        ))}
      </fieldset>
      <button
        type="button"
        className={cn(
          'inline-flex cursor-pointer items-center gap-1 rounded-md border px-2.5 py-[3px] font-sans text-[12.5px] leading-normal disabled:cursor-not-allowed disabled:opacity-60',
          expert
            ? 'border-accent bg-accent-soft font-semibold text-accent-strong'
            : 'border-border bg-surface text-text-2',
        )}
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
        <span id={reasonId} className="text-[11.5px] text-muted">
          {expertDisabledReason}
        </span>
      ) : null}
    </div>
  );
}
