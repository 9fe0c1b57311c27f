import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../api.ts';
import { type ExpertModel, fetchExpertModel, updateExpertModel } from '../plan-queries.ts';
import { queryKeys } from '../query-client.ts';
import { useOrganizationSection } from '../use-organization.ts';
import { Field } from './Field.tsx';
import { FormAlert } from './FormAlert.tsx';
import { FormNote } from './FormNote.tsx';
import { SettingsSection } from './SettingsSection.tsx';
import { Spinner } from './Spinner.tsx';
import { Button } from './ui/button.tsx';
import { SettingsActions, SettingsForm } from './ui/settings.tsx';

/**
 * Organisation settings → Expert model (ADMIN and up, EXPERT_SWE): a stronger model members pick per message
 * with the composer's Expert toggle. A KILN_MODEL-style spec, its base URL and API key (stored encrypted,
 * never shown again); removing it turns the toggle off for everyone.
 */
export function OrganizationExpertModel({ organizationId }: { organizationId: string }) {
  const { data, error, save } = useOrganizationSection(organizationId, 'expert-model', fetchExpertModel);
  return (
    <SettingsSection
      id="expert-model"
      title="Expert model"
      description="A stronger model for hard requests: members pick it per message with Expert in the chat. Charged like any generation."
    >
      {data === undefined ? (
        error ? (
          <FormAlert message={error} />
        ) : (
          <Spinner />
        )
      ) : (
        <ExpertModelForm organizationId={organizationId} current={data} onSaved={save} />
      )}
    </SettingsSection>
  );
}

/** The form, started from what the server has; saving also tells the composer's Expert toggle. */
function ExpertModelForm({
  organizationId,
  current,
  onSaved,
}: {
  organizationId: string;
  current: ExpertModel | null;
  onSaved: (saved: ExpertModel | null) => void;
}) {
  const client = useQueryClient();
  const [model, setModel] = useState(current?.model ?? '');
  const [baseUrl, setBaseUrl] = useState(current?.baseUrl ?? '');
  const [apiKey, setApiKey] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);

  function show(next: ExpertModel | null) {
    onSaved(next);
    void client.invalidateQueries({ queryKey: queryKeys.organizationPlanSettings(organizationId) });
    setModel(next?.model ?? '');
    setBaseUrl(next?.baseUrl ?? '');
    setApiKey('');
  }

  async function save(next: { model: string }, event?: FormEvent) {
    event?.preventDefault();
    setBusy(true);
    setError(null);
    setNote(null);
    try {
      const saved = await updateExpertModel({
        organizationId,
        model: next.model,
        baseUrl: baseUrl.trim(),
        apiKey: apiKey.trim(),
      });
      show(saved);
      setNote(saved ? 'Expert model saved: members can pick Expert per message.' : 'Expert model removed.');
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <SettingsForm onSubmit={(e) => void save({ model: model.trim() }, e)}>
      <Field
        label="Expert model"
        value={model}
        placeholder="openai:gpt-4o or anthropic:claude-opus-4-1"
        hint="provider:model, as KILN_MODEL"
        autoComplete="off"
        spellCheck={false}
        onChange={(e) => setModel(e.target.value)}
      />
      <Field
        label="Expert base URL"
        type="url"
        value={baseUrl}
        hint="Empty: the provider's default"
        spellCheck={false}
        onChange={(e) => setBaseUrl(e.target.value)}
      />
      <Field
        label="Expert API key"
        type="password"
        value={apiKey}
        autoComplete="new-password"
        placeholder={current?.hasApiKey ? '•••••••• (leave empty to keep it)' : ''}
        hint={current?.hasApiKey ? 'Key saved' : 'No key saved'}
        onChange={(e) => setApiKey(e.target.value)}
      />
      <FormAlert message={error} />
      <FormNote message={note} />
      <SettingsActions>
        <Button type="submit" variant="primary" disabled={busy || !model.trim()}>
          {busy ? <Spinner /> : null}
          Save expert model
        </Button>
        {current ? (
          <Button type="button" disabled={busy} onClick={() => void save({ model: '' })}>
            Remove
          </Button>
        ) : null}
      </SettingsActions>
    </SettingsForm>
  );
}
