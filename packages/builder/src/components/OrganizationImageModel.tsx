import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { errorMessage } from '../api.ts';
import { fetchImageModel, type ImageModel, updateImageModel } from '../image-model-queries.ts';
import { Field } from './Field.tsx';
import { FormAlert } from './FormAlert.tsx';
import { FormNote } from './FormNote.tsx';
import { SettingsSection } from './SettingsSection.tsx';
import { Spinner } from './Spinner.tsx';

/**
 * Organisation settings → Image model (ADMIN and up): the OpenAI-compatible images endpoint generated apps'
 * pictures (`/api/ai-img`) come from. Without one, apps show drawn placeholders.
 */
export function OrganizationImageModel({ organizationId }: { organizationId: string }) {
  const [settings, setSettings] = useState<ImageModel | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [model, setModel] = useState('');
  const [baseUrl, setBaseUrl] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [clearKey, setClearKey] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);

  const show = useCallback((next: ImageModel) => {
    setSettings(next);
    setModel(next.model ?? '');
    setBaseUrl(next.baseUrl ?? '');
    setApiKey('');
    setClearKey(false);
  }, []);

  useEffect(() => {
    let live = true;
    fetchImageModel(organizationId).then(
      (loaded) => {
        if (!live) return;
        if (loaded) show(loaded);
        else setLoadError('Only admins and owners can see the image model.');
      },
      (caught) => live && setLoadError(errorMessage(caught)),
    );
    return () => {
      live = false;
    };
  }, [organizationId, show]);

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
    <SettingsSection
      id="image-model"
      title="Image model"
      description={`Pictures in generated apps without a real file are generated once per description and kept${
        settings ? `; each new picture costs ${settings.creditsPerImage} credits` : ''
      }. Without a model, apps show drawn placeholders. Any OpenAI-compatible images API works.`}
    >
      {settings === null ? (
        loadError ? (
          <FormAlert message={loadError} />
        ) : (
          <Spinner />
        )
      ) : (
        <form className="settings-form" onSubmit={save}>
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
            <label className="checkbox-row">
              <input type="checkbox" checked={clearKey} onChange={(e) => setClearKey(e.target.checked)} />
              Remove the saved key
            </label>
          ) : null}
          <FormAlert message={error} />
          <FormNote message={note} />
          <div className="settings-actions">
            <button type="submit" className="button button-primary" disabled={busy}>
              {busy ? <Spinner /> : null}
              Save image model
            </button>
          </div>
        </form>
      )}
    </SettingsSection>
  );
}
