import { ArrowUp } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { ChatMode } from '../queries.ts';
import type { SendOptions } from '../use-chat.ts';
import { useEnterSubmit } from '../use-enter-submit.ts';
import { ChatModeToggle } from './ChatModeToggle.tsx';
import { Spinner } from './Spinner.tsx';

/** The placeholder per mode: a discussion changes nothing, and says so before anything is typed. */
const PLACEHOLDERS: Record<ChatMode, string> = {
  CHAT: 'Ask Kiln to change something…',
  DISCUSSION: 'Ask a question or plan a change (nothing is changed)…',
};

/**
 * The chat input: Enter sends, Shift+Enter makes a newline. Resolves `onSend` to false to keep the text.
 * With `disabledReason` (a viewer) nothing can be typed and the reason is the placeholder. Above it, Build /
 * Discuss (plan mode) and the per-message Expert toggle (`expertDisabledReason` says why it is off).
 */
export function Composer({
  onSend,
  busy,
  disabledReason = null,
  expertDisabledReason = null,
}: {
  onSend: (text: string, opts?: SendOptions) => Promise<boolean>;
  busy: boolean;
  disabledReason?: string | null;
  /** Why Expert cannot be picked (the organisation names no expert model), or null when it can. */
  expertDisabledReason?: string | null;
}) {
  const [text, setText] = useState('');
  const [mode, setMode] = useState<ChatMode>('CHAT');
  const [expert, setExpert] = useState(false);
  const useExpert = expert && expertDisabledReason === null;

  async function submit() {
    const message = text.trim();
    if (!message || busy || disabledReason) return;
    setText('');
    if (!(await onSend(message, { mode, expert: useExpert }))) setText(message);
  }
  const onKeyDown = useEnterSubmit(() => void submit());

  return (
    <div className="composer-wrap">
      {disabledReason === null ? (
        <ChatModeToggle
          mode={mode}
          onMode={setMode}
          expert={useExpert}
          onExpert={setExpert}
          expertDisabledReason={expertDisabledReason}
        />
      ) : null}
      <form
        className={`composer${mode === 'DISCUSSION' ? ' composer-discuss' : ''}`}
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          void submit();
        }}
      >
        <textarea
          aria-label="Message"
          placeholder={disabledReason ?? PLACEHOLDERS[mode]}
          disabled={disabledReason !== null}
          rows={2}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <button
          type="submit"
          className="button button-primary button-icon"
          aria-label={mode === 'DISCUSSION' ? 'Send question' : 'Send'}
          title={mode === 'DISCUSSION' ? 'Send question (Enter)' : 'Send (Enter)'}
          disabled={busy || !text.trim() || disabledReason !== null}
        >
          {busy ? <Spinner /> : <ArrowUp size={16} aria-hidden="true" />}
        </button>
      </form>
    </div>
  );
}
