import { ArrowUp } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useEnterSubmit } from '../use-enter-submit.ts';
import { Spinner } from './Spinner.tsx';

/**
 * The chat input: Enter sends, Shift+Enter makes a newline. Resolves `onSend` to false to keep the text.
 * With `disabledReason` (a viewer) nothing can be typed and the reason is the placeholder.
 */
export function Composer({
  onSend,
  busy,
  disabledReason = null,
}: {
  onSend: (text: string) => Promise<boolean>;
  busy: boolean;
  disabledReason?: string | null;
}) {
  const [text, setText] = useState('');

  async function submit() {
    const message = text.trim();
    if (!message || busy || disabledReason) return;
    setText('');
    if (!(await onSend(message))) setText(message);
  }
  const onKeyDown = useEnterSubmit(() => void submit());

  return (
    <form
      className="composer"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void submit();
      }}
    >
      <textarea
        aria-label="Message"
        placeholder={disabledReason ?? 'Ask Kiln to change something…'}
        disabled={disabledReason !== null}
        rows={2}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <button
        type="submit"
        className="button button-primary button-icon"
        aria-label="Send"
        title="Send (Enter)"
        disabled={busy || !text.trim() || disabledReason !== null}
      >
        {busy ? <Spinner /> : <ArrowUp size={16} aria-hidden="true" />}
      </button>
    </form>
  );
}
