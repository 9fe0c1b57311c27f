import { type FormEvent, type ReactNode, useState } from 'react';
import { errorMessage } from '../api.ts';
import { Dialog } from './Dialog.tsx';
import { Field } from './Field.tsx';
import { FormAlert } from './FormAlert.tsx';
import { Spinner } from './Spinner.tsx';
import { Button } from './ui/button.tsx';
import { DialogActions, DialogForm } from './ui/dialog.tsx';

/**
 * Asks before something that cannot be undone. With `typeToConfirm`, the button stays disabled until that
 * text is typed. A refusal from the server is shown here and the dialog stays open.
 */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  danger = false,
  typeToConfirm,
  onConfirm,
  onClose,
}: {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** Default false. */
  danger?: boolean;
  typeToConfirm?: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ready = typeToConfirm === undefined || typed.trim() === typeToConfirm;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready) return;
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      onClose();
    } catch (caught) {
      setError(errorMessage(caught));
      setBusy(false);
    }
  }

  return (
    <Dialog title={title} description={description} onClose={onClose}>
      <DialogForm onSubmit={submit}>
        {typeToConfirm !== undefined ? (
          <Field
            label={`Type “${typeToConfirm}” to confirm`}
            autoComplete="off"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
        ) : null}
        <FormAlert message={error} />
        <DialogActions>
          <Button type="button" variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant={danger ? 'danger' : 'primary'}
            disabled={!ready || busy}
            data-autofocus={typeToConfirm === undefined || undefined}
          >
            {busy ? <Spinner /> : null}
            {confirmLabel}
          </Button>
        </DialogActions>
      </DialogForm>
    </Dialog>
  );
}
