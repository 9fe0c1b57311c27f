import { type FormEvent, lazy, Suspense, useState } from 'react';
import { errorMessage } from '../api.ts';
import { Dialog } from './Dialog.tsx';
import { Field } from './Field.tsx';
import { FormAlert } from './FormAlert.tsx';
import { Spinner } from './Spinner.tsx';
import { Button } from './ui/button.tsx';
import { DialogActions, DialogForm } from './ui/dialog.tsx';

const CodeEditor = lazy(() => import('./CodeEditor.tsx'));

/** Where the dialog's SQL says it lives: only its extension matters (the editor's PostgreSQL mode). */
const SQL_FILE = 'migrations/new.sql';

/**
 * Writes a database migration by hand (the code editor's New Migration): a name and PostgreSQL statements in the
 * code editor. Applied once to the development branch when its revision runs, never changed after; the
 * server's refusal (a taken name, no SQL) is shown in place and the text is kept.
 */
export function MigrationDialog({
  onSubmit,
  onClose,
}: {
  onSubmit: (input: { name: string; sql: string }) => Promise<void>;
  onClose: () => void;
}) {
  const [name, setName] = useState('');
  const [sql, setSql] = useState(
    'CREATE TABLE IF NOT EXISTS items (\n  id serial PRIMARY KEY,\n  title text NOT NULL\n);\n',
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onSubmit({ name: name.trim(), sql });
      onClose();
    } catch (caught) {
      setError(errorMessage(caught));
      setBusy(false);
    }
  }

  return (
    <Dialog
      title="New migration"
      description="A change to the app's database, applied once to the development database when saved. To change it later, write another migration."
      onClose={onClose}
    >
      <DialogForm onSubmit={submit}>
        <Field
          label="Name"
          autoComplete="off"
          placeholder="create_items"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <div className="h-[220px] overflow-hidden rounded-sm border border-border">
          <Suspense fallback={<pre className="code-body">{sql}</pre>}>
            <CodeEditor
              filePath={SQL_FILE}
              value={sql}
              readOnly={false}
              diagnostics={[]}
              onChange={setSql}
              onSave={() => void submit()}
              label="SQL of the migration"
            />
          </Suspense>
        </div>
        <FormAlert message={error} />
        <DialogActions>
          <Button type="button" variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={busy || !name.trim() || !sql.trim()}>
            {busy ? <Spinner /> : null}
            Write migration
          </Button>
        </DialogActions>
      </DialogForm>
    </Dialog>
  );
}
