import { type FormEvent, useState } from 'react';
import { errorMessage } from '../api.ts';
import { fetchModelSettings, type ModelSettings, updateModelSettings } from '../model-settings-queries.ts';
import { useOrganizationSection } from '../use-organization.ts';
import { Field } from './Field.tsx';
import { FormAlert } from './FormAlert.tsx';
import { FormNote } from './FormNote.tsx';
import { Select } from './Select.tsx';
import { SettingsSection } from './SettingsSection.tsx';
import { Spinner } from './Spinner.tsx';
import { Button } from './ui/button.tsx';
import { CheckboxRow, SettingsActions, SettingsForm } from './ui/settings.tsx';

/** The providers a model spec can name, as the server's KILN_MODEL does (`provider:model`). */
const PROVIDERS = [
  { value: 'server', label: "The server's model", example: '', defaultUrl: '' },
  { value: 'builtin', label: 'Builtin (offline, no key)', example: '', defaultUrl: '' },
  { value: 'openai', label: 'OpenAI', example: 'gpt-4o-mini', defaultUrl: 'https://api.openai.com/v1' },
  {
    value: 'anthropic',
    label: 'Anthropic',
    example: 'claude-sonnet-4-5',
    defaultUrl: 'https://api.anthropic.com/v1',
  },
  { value: 'ollama', label: 'Ollama', example: 'llama3.1', defaultUrl: 'http://127.0.0.1:11434/v1' },
  {
    value: 'lmstudio',
    label: 'LM Studio',
    example: 'qwen2.5-coder-14b-instruct',
    defaultUrl: 'http://127.0.0.1:1234/v1',
  },
  {
    value: 'openai-compatible',
    label: 'OpenAI-compatible (vLLM, llama.cpp, OpenRouter…)',
    example: 'Qwen/Qwen2.5-Coder-32B-Instruct',
    defaultUrl: '',
  },
] as const;

type Provider = (typeof PROVIDERS)[number]['value'];

/** `openai:gpt-4o-mini` → provider and model id (only the first colon splits them). */
function splitSpec(settings: ModelSettings): { provider: Provider; modelId: string } {
  if (settings.source !== 'ORGANIZATION') return { provider: 'server', modelId: '' };
  const colon = settings.model.indexOf(':');
  const prefix = colon < 0 ? settings.model : settings.model.slice(0, colon);
  const provider = PROVIDERS.find((p) => p.value === prefix)?.value ?? 'server';
  return { provider, modelId: colon < 0 ? '' : settings.model.slice(colon + 1) };
}

/** Organisation settings → Model (ADMIN and up): which model generates, its base URL and API key. */
export function OrganizationModel({ organizationId }: { organizationId: string }) {
  const { data, error, save } = useOrganizationSection(organizationId, 'model', fetchModelSettings);
  return (
    <SettingsSection
      id="model"
      title="Model"
      description="The language model this organisation's generations use. API keys are stored encrypted and never shown again."
    >
      {data === undefined ? (
        error ? (
          <FormAlert message={error} />
        ) : (
          <Spinner />
        )
      ) : data === null ? (
        <FormAlert message="Only admins and owners can see the model settings." />
      ) : (
        <ModelForm organizationId={organizationId} settings={data} onSaved={save} />
      )}
    </SettingsSection>
  );
}

/** The form, started from what the server has; a refresh of `settings` leaves what is being typed alone. */
function ModelForm({
  organizationId,
  settings,
  onSaved,
}: {
  organizationId: string;
  settings: ModelSettings;
  onSaved: (saved: ModelSettings) => void;
}) {
  const [provider, setProvider] = useState<Provider>(() => splitSpec(settings).provider);
  const [modelId, setModelId] = useState(() => splitSpec(settings).modelId);
  const [baseUrl, setBaseUrl] = useState(settings.baseUrl ?? '');
  const [apiKey, setApiKey] = useState('');
  const [clearKey, setClearKey] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);

  function show(next: ModelSettings) {
    const { provider: p, modelId: m } = splitSpec(next);
    onSaved(next);
    setProvider(p);
    setModelId(m);
    setBaseUrl(next.baseUrl ?? '');
    setApiKey('');
    setClearKey(false);
  }

  const info = PROVIDERS.find((p) => p.value === provider)!;
  const remote = provider !== 'server' && provider !== 'builtin';

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setNote(null);
    try {
      const model =
        provider === 'server' ? '' : provider === 'builtin' ? 'builtin' : `${provider}:${modelId.trim()}`;
      const saved = await updateModelSettings({
        organizationId,
        model,
        baseUrl: remote ? baseUrl.trim() : '',
        apiKey: clearKey ? '' : apiKey.trim(),
        clearApiKey: clearKey,
      });
      show(saved);
      setNote('Model settings saved. The next generation uses them.');
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <SettingsForm onSubmit={save}>
      <p className="text-muted" data-testid="model-in-use">
        In use:{' '}
        <code className="rounded-[5px] bg-surface-2 px-1.5 py-px text-[11.5px] text-text-2">
          {settings.model}
        </code>{' '}
        {settings.source === 'ORGANIZATION' ? "(this organisation's choice)" : "(the server's KILN_MODEL)"}
      </p>
      <Select
        label="Provider"
        value={provider}
        options={PROVIDERS}
        onChange={(e) => {
          setProvider(e.target.value as Provider);
          setNote(null);
        }}
      />
      {remote ? (
        <>
          <Field
            label="Model"
            value={modelId}
            required
            placeholder={info.example}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => setModelId(e.target.value)}
          />
          <Field
            label="Base URL"
            type="url"
            value={baseUrl}
            required={provider === 'openai-compatible'}
            placeholder={info.defaultUrl || 'https://openrouter.ai/api/v1'}
            hint={info.defaultUrl ? 'Empty: the default shown' : 'Required'}
            spellCheck={false}
            onChange={(e) => setBaseUrl(e.target.value)}
          />
          <Field
            label="API key"
            type="password"
            value={apiKey}
            autoComplete="new-password"
            placeholder={settings.hasApiKey ? '•••••••• (leave empty to keep it)' : ''}
            hint={settings.hasApiKey ? 'Key saved' : 'No key saved'}
            disabled={clearKey}
            onChange={(e) => setApiKey(e.target.value)}
          />
          {settings.hasApiKey ? (
            <CheckboxRow>
              <input type="checkbox" checked={clearKey} onChange={(e) => setClearKey(e.target.checked)} />
              Remove the saved key
            </CheckboxRow>
          ) : null}
        </>
      ) : null}
      <FormAlert message={error} />
      <FormNote message={note} />
      <SettingsActions>
        <Button type="submit" variant="primary" disabled={busy || (remote && !modelId.trim())}>
          {busy ? <Spinner /> : null}
          Save
        </Button>
      </SettingsActions>
    </SettingsForm>
  );
}
