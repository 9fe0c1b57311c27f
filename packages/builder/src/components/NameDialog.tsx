import { type FormEvent, useState } from 'react';
import { errorMessage } from '../api.ts';
import { Dialog } from './Dialog.tsx';
import { Field } from './Field.tsx';
import { FormAlert } from './FormAlert.tsx';
import { Spinner } from './Spinner.tsx';

/** Asks for one name (new organisation, new group, rename…); the server's refusal is shown in place. */
export function NameDialog({
  title,
  label,
  initial = '',
  submitLabel,
  onSubmit,
  onClose,
}: {
  title: string;
  label: string;
  /** Default empty. */
  initial?: string;
  submitLabel: string;
  onSubmit: (name: string) => Promise<void>;
  onClose: () => void;
}) {
  const [name, setName] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onSubmit(name.trim());
      onClose();
    } catch (caught) {
      setError(errorMessage(caught));
      setBusy(false);
    }
  }

  return (
    <Dialog title={title} onClose={onClose}>
      <form className="dialog-form" onSubmit={submit}>
        <Field label={label} autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} />
        <FormAlert message={error} />
        <div className="dialog-actions">
          <button type="button" className="button button-ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button-primary" disabled={busy || !name.trim()}>
            {busy ? <Spinner /> : null}
            {submitLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
