import { type FormEvent, useState } from 'react';
import { errorMessage } from '../api.ts';
import { fetchImageModel, type ImageModel, updateImageModel } from '../image-model-queries.ts';
import { useOrganizationSection } from '../use-organization.ts';
import { Field } from './Field.tsx';
import { FormAlert } from './FormAlert.tsx';
import { FormNote } from './FormNote.tsx';
import { SettingsSection } from './SettingsSection.tsx';
import { Spinner } from './Spinner.tsx';
import { Button } from './ui/button.tsx';
import { CheckboxRow, SettingsActions, SettingsForm } from './ui/settings.tsx';

/**
 * Organisation settings → Image model (ADMIN and up): the OpenAI-compatible images endpoint generated apps'
 * pictures (`/api/ai-img`) come from. Without one, apps show drawn placeholders.
 */
export function OrganizationImageModel({ organizationId }: { organizationId: string }) {
  const { data, error, save } = useOrganizationSection(organizationId, 'image-model', fetchImageModel);
  return (
    <SettingsSection
      id="image-model"
      title="Image model"
      description={`Pictures in generated apps without a real file are generated once per description and kept${
        data ? `; each new picture costs ${data.creditsPerImage} credits` : ''
      }. Without a model, apps show drawn placeholders. Any OpenAI-compatible images API works.`}
    >
      {data === undefined ? (
        error ? (
          <FormAlert message={error} />
        ) : (
          <Spinner />
        )
      ) : data === null ? (
        <FormAlert message="Only admins and owners can see the image model." />
      ) : (
        <ImageModelForm organizationId={organizationId} settings={data} onSaved={save} />
      )}
    </SettingsSection>
  );
}

/** The form, started from what the server has; a refresh of `settings` leaves what is being typed alone. */
function ImageModelForm({
  organizationId,
  settings,
  onSaved,
}: {
  organizationId: string;
  settings: ImageModel;
  onSaved: (saved: ImageModel) => void;
}) {
  const [model, setModel] = useState(settings.model ?? '');
  const [baseUrl, setBaseUrl] = useState(settings.baseUrl ?? '');
  const [apiKey, setApiKey] = useState('');
  const [clearKey, setClearKey] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);

  function show(next: ImageModel) {
    onSaved(next);
    setModel(next.model ?? '');
    setBaseUrl(next.baseUrl ?? '');
    setApiKey('');
    setClearKey(false);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setNote(null);
    try {
      const saved = await updateImageModel({
        organizationId,
        model: model.trim(),
        baseUrl: baseUrl.trim(),
        apiKey: clearKey ? '' : apiKey.trim(),
        clearApiKey: clearKey,
      });
      show(saved);
      setNote(
        saved.model
          ? `Image model saved. Apps' pictures are generated with ${saved.model}.`
          : 'Image model removed. Apps show drawn placeholders.',
      );
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <SettingsForm onSubmit={save}>
      <Field
        label="Image model"
        value={model}
        placeholder="gpt-image-1"
        hint="Empty: no image model (placeholders)"
        autoComplete="off"
        spellCheck={false}
        onChange={(e) => setModel(e.target.value)}
      />
      <Field
        label="Images base URL"
        type="url"
        value={baseUrl}
        placeholder="https://api.openai.com/v1"
        hint="Empty: OpenAI's API"
        spellCheck={false}
        onChange={(e) => setBaseUrl(e.target.value)}
      />
      <Field
        label="Images API key"
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
      <FormAlert message={error} />
      <FormNote message={note} />
      <SettingsActions>
        <Button type="submit" variant="primary" disabled={busy}>
          {busy ? <Spinner /> : null}
          Save image model
        </Button>
      </SettingsActions>
    </SettingsForm>
  );
}
