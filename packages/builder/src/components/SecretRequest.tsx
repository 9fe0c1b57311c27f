import { KeyRound } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../api.ts';
import { FormAlert } from './FormAlert.tsx';
import { Spinner } from './Spinner.tsx';
import { Button } from './ui/button.tsx';
import { Input } from './ui/input.tsx';

/**
 * A secret the answer asked for (save-secret-and-continue, issue 19): a password input and Save and continue.
 * The value goes to the project's secrets only; the conversation and the model get its name. Without `onSave`
 * (an older answer, a viewer) only the request is shown.
 */
export function SecretRequest({
  name,
  reason,
  onSave,
  disabledReason,
}: {
  name: string;
  reason: string | null | undefined;
  onSave?: ((name: string, value: string) => Promise<void>) | undefined;
  disabledReason: string | null;
}) {
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!onSave) return;
    setBusy(true);
    setError(null);
    try {
      await onSave(name, value);
      setValue('');
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="grid gap-1.5 text-[12.5px]" data-secret={name}>
      <p className="m-0 flex flex-wrap items-center gap-1.5">
        <KeyRound size={14} aria-hidden="true" /> This app needs the secret <code>{name}</code>
        {reason ? <span className="text-muted"> — {reason}</span> : null}
      </p>
      {onSave ? (
        <form className="flex flex-wrap items-center gap-2" onSubmit={save}>
          <label htmlFor={id} className="text-muted">
            Value for {name}
          </label>
          <Input
            id={id}
            className="min-w-40 flex-1"
            type="password"
            autoComplete="new-password"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            required
          />
          <Button
            type="submit"
            variant="primary"
            size="sm"
            disabled={busy || !value || disabledReason !== null}
            title={disabledReason ?? 'Saved encrypted in Project settings → Secrets; Kiln then continues'}
          >
            {busy ? <Spinner size={14} /> : null}
            Save and continue
          </Button>
          {error ? <FormAlert message={error} /> : null}
        </form>
      ) : null}
    </div>
  );
}
