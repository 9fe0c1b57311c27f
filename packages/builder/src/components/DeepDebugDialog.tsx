/**
 * @module Deep debugging from the chat (issue 22): a button that opens a dialog asking what goes wrong and the
 * budget (steps, credits); Kiln then runs fix steps each checked in the browser, posting each to the chat, and
 * the chat's Stop ends it. The server's refusal (no credits, a generation running) is shown in place.
 */
import { Bug } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../api.ts';
import { Dialog } from './Dialog.tsx';
import { Field } from './Field.tsx';
import { FormAlert } from './FormAlert.tsx';
import { Spinner } from './Spinner.tsx';
import { Button } from './ui/button.tsx';
import { DialogActions, DialogForm } from './ui/dialog.tsx';
import { FormItem, FormLabel, FormLabelRow } from './ui/field.tsx';
import { Textarea } from './ui/input.tsx';

/** What the user asks for. */
export interface DeepDebugRequest {
  problem: string;
  maxSteps: number;
  maxCredits: number;
}

const DEFAULT_STEPS = 5;
const DEFAULT_CREDITS = 50;

/** The "Debug deeply…" button and its dialog; `disabledReason` disables it (a viewer, a generation running). */
export function DeepDebugButton({
  onStart,
  disabledReason,
}: {
  onStart: (request: DeepDebugRequest) => Promise<void>;
  disabledReason: string | null;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        disabled={disabledReason !== null}
        title={disabledReason ?? 'Let Kiln reproduce, fix and re-check a stubborn problem, step by step'}
        onClick={() => setOpen(true)}
      >
        <Bug size={14} aria-hidden="true" />
        Debug deeply…
      </Button>
      {open ? <DeepDebugDialog onStart={onStart} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function DeepDebugDialog({
  onStart,
  onClose,
}: {
  onStart: (request: DeepDebugRequest) => Promise<void>;
  onClose: () => void;
}) {
  const problemId = useId();
  const [problem, setProblem] = useState('');
  const [maxSteps, setMaxSteps] = useState(String(DEFAULT_STEPS));
  const [maxCredits, setMaxCredits] = useState(String(DEFAULT_CREDITS));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onStart({ problem: problem.trim(), maxSteps: Number(maxSteps), maxCredits: Number(maxCredits) });
      onClose();
    } catch (caught) {
      setError(errorMessage(caught));
      setBusy(false);
    }
  }

  return (
    <Dialog
      title="Debug deeply"
      description="Kiln reproduces the problem in a browser, changes the code and checks again, step by step, until the check passes or the budget is spent. Each step shows in the chat; Stop ends it."
      onClose={onClose}
    >
      <DialogForm onSubmit={submit}>
        <FormItem>
          <FormLabelRow>
            <FormLabel htmlFor={problemId}>What goes wrong?</FormLabel>
          </FormLabelRow>
          <Textarea id={problemId} rows={3} value={problem} onChange={(e) => setProblem(e.target.value)} />
        </FormItem>
        <Field
          label="Steps at most"
          type="number"
          min={1}
          max={10}
          value={maxSteps}
          onChange={(e) => setMaxSteps(e.target.value)}
        />
        <Field
          label="Credits at most"
          type="number"
          min={1}
          max={1000}
          value={maxCredits}
          onChange={(e) => setMaxCredits(e.target.value)}
        />
        <FormAlert message={error} />
        <DialogActions>
          <Button type="button" variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={busy || !problem.trim()}>
            {busy ? <Spinner size={14} /> : null}
            Start deep debugging
          </Button>
        </DialogActions>
      </DialogForm>
    </Dialog>
  );
}
