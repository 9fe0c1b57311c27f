import { KeyRound, Trash2 } from 'lucide-react';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { errorMessage } from '../api.ts';
import { timeAgo } from '../format-time.ts';
import {
  deleteProjectSecret,
  fetchProjectSecrets,
  type ProjectSecret,
  type SecretEnvironment,
  setProjectSecret,
} from '../secrets-queries.ts';
import { Field } from './Field.tsx';
import { FormAlert } from './FormAlert.tsx';
import { FormNote } from './FormNote.tsx';
import { Select } from './Select.tsx';
import { SettingsSection } from './SettingsSection.tsx';
import { Button } from './ui/button.tsx';
import { SettingsActions, SettingsForm } from './ui/settings.tsx';
import { Table, TableCell, TableFrame, TableHead } from './ui/table.tsx';

const ENVIRONMENTS: { value: SecretEnvironment; label: string }[] = [
  { value: 'ALL', label: 'Preview and published app' },
  { value: 'DEVELOPMENT', label: 'Preview only' },
  { value: 'PUBLISHED', label: 'Published app only' },
];
const ENVIRONMENT_LABEL = Object.fromEntries(ENVIRONMENTS.map((e) => [e.value, e.label]));

/**
 * Project settings → Secrets (issue 19): API keys the app's functions read as `process.env.NAME`. EDITOR+ add,
 * replace and delete them; a value is never shown again, only its name, where it applies, who set it and when.
 */
export function SecretsSection({ projectId, canEdit }: { projectId: string; canEdit: boolean }) {
  const [secrets, setSecrets] = useState<ProjectSecret[] | null>(null);
  const [name, setName] = useState('');
  const [value, setValue] = useState('');
  const [environment, setEnvironment] = useState<SecretEnvironment>('ALL');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const load = useCallback(async () => {
    try {
      setSecrets(await fetchProjectSecrets(projectId));
    } catch (caught) {
      setError(errorMessage(caught));
    }
  }, [projectId]);
  useEffect(() => {
    void load();
  }, [load]);

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setNote(null);
    try {
      await setProjectSecret(projectId, name.trim(), value, environment);
      setNote(`${name.trim()} saved. Functions read it as process.env.${name.trim()}.`);
      setName('');
      setValue('');
      await load();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  async function remove(secret: ProjectSecret) {
    setError(null);
    setNote(null);
    try {
      await deleteProjectSecret(projectId, secret.name, secret.environment as SecretEnvironment);
      await load();
    } catch (caught) {
      setError(errorMessage(caught));
    }
  }

  return (
    <SettingsSection
      id="secrets"
      title="Secrets"
      description="API keys and other values your app's functions read as process.env.NAME. Values are stored encrypted and never shown again."
    >
      {secrets && secrets.length === 0 ? (
        <div className="rounded-lg border border-dashed border-border-strong px-6 py-10">
          <KeyRound size={20} aria-hidden="true" />
          <p>No secrets yet.</p>
        </div>
      ) : null}
      {secrets && secrets.length > 0 ? (
        <TableFrame>
          <Table className="secrets-table">
            <thead>
              <tr>
                <TableHead>Name</TableHead>
                <TableHead>Used by</TableHead>
                <TableHead>Set</TableHead>
                {canEdit ? <TableHead aria-label="Delete" /> : null}
              </tr>
            </thead>
            <tbody>
              {secrets.map((s) => (
                <tr key={`${s.name}:${s.environment}`}>
                  <TableCell>
                    <code>{s.name}</code>
                  </TableCell>
                  <TableCell>{ENVIRONMENT_LABEL[s.environment] ?? s.environment}</TableCell>
                  <TableCell className="text-muted" title={s.updatedAt}>
                    {timeAgo(s.updatedAt)}
                    {s.setBy ? ` by ${s.setBy.displayName}` : ''}
                  </TableCell>
                  {canEdit ? (
                    <TableCell>
                      <Button
                        type="button"
                        variant="ghost"
                        size="iconSm"
                        aria-label={`Delete ${s.name} (${ENVIRONMENT_LABEL[s.environment] ?? s.environment})`}
                        onClick={() => void remove(s)}
                      >
                        <Trash2 size={14} aria-hidden="true" />
                      </Button>
                    </TableCell>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </Table>
        </TableFrame>
      ) : null}
      {canEdit ? (
        <SettingsForm onSubmit={save}>
          <Field
            label="Name"
            hint="Like STRIPE_SECRET_KEY"
            value={name}
            required
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => setName(e.target.value)}
          />
          <Field
            label="Value"
            type="password"
            value={value}
            required
            autoComplete="new-password"
            onChange={(e) => setValue(e.target.value)}
          />
          <Select
            label="Used by"
            options={ENVIRONMENTS}
            value={environment}
            onChange={(e) => setEnvironment(e.target.value as SecretEnvironment)}
          />
          {error ? <FormAlert message={error} /> : null}
          {note ? <FormNote message={note} /> : null}
          <SettingsActions>
            <Button type="submit" variant="primary" disabled={busy || !name.trim() || !value}>
              Save secret
            </Button>
          </SettingsActions>
        </SettingsForm>
      ) : error ? (
        <FormAlert message={error} />
      ) : null}
    </SettingsSection>
  );
}
