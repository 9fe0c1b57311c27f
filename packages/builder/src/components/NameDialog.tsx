import { type FormEvent, useState } from 'react';
import { errorMessage } from '../api.ts';
import { Dialog } from './Dialog.tsx';
import { Field } from './Field.tsx';
import { FormAlert } from './FormAlert.tsx';
import { Spinner } from './Spinner.tsx';
import { Button } from './ui/button.tsx';
import { DialogActions, DialogForm } from './ui/dialog.tsx';

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
      <DialogForm onSubmit={submit}>
        <Field label={label} autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} />
        <FormAlert message={error} />
        <DialogActions>
          <Button type="button" variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={busy || !name.trim()}>
            {busy ? <Spinner /> : null}
            {submitLabel}
          </Button>
        </DialogActions>
      </DialogForm>
    </Dialog>
  );
}
