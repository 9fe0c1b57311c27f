import { ArrowUp } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useEnterSubmit } from '../use-enter-submit.ts';
import { FormAlert } from './FormAlert.tsx';
import { Spinner } from './Spinner.tsx';

const SUGGESTIONS = [
  'A todo list with due dates',
  'A landing page for a bakery',
  'A habit tracker with streaks',
  'A recipe book with search',
];

export const EMPTY_PROMPT = 'Describe what you want to build.';

/** The dashboard's big prompt: the first message of a new project. */
export function PromptBox({
  onSubmit,
  error,
  busy,
}: {
  onSubmit: (prompt: string) => void;
  error: string | null;
  busy: boolean;
}) {
  const [prompt, setPrompt] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);

  function submit() {
    if (busy) return;
    const text = prompt.trim();
    if (!text) {
      setLocalError(EMPTY_PROMPT);
      return;
    }
    setLocalError(null);
    onSubmit(text);
  }
  const onKeyDown = useEnterSubmit(submit);

  return (
    <form
      className="prompt-form"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="prompt-box">
        <textarea
          aria-label="Describe your app"
          placeholder="Describe an app or site…"
          rows={3}
          value={prompt}
          autoFocus
          onChange={(e) => {
            setPrompt(e.target.value);
            if (localError) setLocalError(null);
          }}
          onKeyDown={onKeyDown}
        />
        <div className="prompt-box-footer">
          <span className="prompt-hint">
            <kbd>Enter</kbd> to create · <kbd>Shift</kbd>+<kbd>Enter</kbd> for a new line
          </span>
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? <Spinner /> : <ArrowUp size={16} aria-hidden="true" />}
            Create
          </button>
        </div>
      </div>
      <FormAlert message={localError ?? error} />
      <ul className="suggestions" aria-label="Ideas">
        {SUGGESTIONS.map((idea) => (
          <li key={idea}>
            <button
              type="button"
              className="chip"
              onClick={() => {
                setPrompt(idea);
                setLocalError(null);
              }}
            >
              {idea}
            </button>
          </li>
        ))}
      </ul>
    </form>
  );
}
