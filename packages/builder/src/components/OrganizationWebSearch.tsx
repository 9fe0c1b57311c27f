/**
 * @module Organisation settings → Web search (ADMIN and up): the search provider behind the generation's
 * web_search tool — a SearXNG-compatible JSON endpoint or the Brave Search API. Without one (the default, and
 * offline) the model is not offered web search.
 */
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../api.ts';
import { useOrganizationSection } from '../use-organization.ts';
import { fetchWebSearch, updateWebSearch, type WebSearch } from '../web-search-queries.ts';
import { Field } from './Field.tsx';
import { FormAlert } from './FormAlert.tsx';
import { FormNote } from './FormNote.tsx';
import { Select } from './Select.tsx';
import { SettingsSection } from './SettingsSection.tsx';
import { Spinner } from './Spinner.tsx';
import { Button } from './ui/button.tsx';
import { CheckboxRow, SettingsActions, SettingsForm } from './ui/settings.tsx';

const KINDS = [
  { value: '', label: 'None (web search off)' },
  { value: 'SEARXNG', label: 'SearXNG (JSON endpoint)' },
  { value: 'BRAVE', label: 'Brave Search API' },
] as const;

export function OrganizationWebSearch({ organizationId }: { organizationId: string }) {
  const { data, error, save } = useOrganizationSection(organizationId, 'web-search', fetchWebSearch);
  return (
    <SettingsSection
      id="web-search"
      title="Web search"
      description="With a search provider, the model may look facts up on the web while it builds or discusses a plan (a current API, a library's latest usage); each search costs credits. Without one, it is not offered."
    >
      {data === undefined ? (
        error ? (
          <FormAlert message={error} />
        ) : (
          <Spinner />
        )
      ) : (
        <WebSearchForm organizationId={organizationId} settings={data} onSaved={save} />
      )}
    </SettingsSection>
  );
}

/** The form, started from what the server has; a refresh of `settings` leaves what is being typed alone. */
function WebSearchForm({
  organizationId,
  settings,
  onSaved,
}: {
  organizationId: string;
  settings: WebSearch | null;
  onSaved: (saved: WebSearch | null) => void;
}) {
  const [kind, setKind] = useState<string>(settings?.kind ?? '');
  const [url, setUrl] = useState(settings?.url ?? '');
  const [apiKey, setApiKey] = useState('');
  const [clearKey, setClearKey] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);

  function show(next: WebSearch | null) {
    onSaved(next);
    setKind(next?.kind ?? '');
    setUrl(next?.url ?? '');
    setApiKey('');
    setClearKey(false);
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setNote(null);
    try {
      const saved = await updateWebSearch({
        organizationId,
        kind,
        url: url.trim(),
        apiKey: clearKey ? '' : apiKey.trim(),
        clearApiKey: clearKey,
      });
      show(saved);
      setNote(
        saved
          ? `Web search saved. Generations and discussions may search the web (${saved.creditsPerSearch} credit per search).`
          : 'Web search removed. The model no longer searches the web.',
      );
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <SettingsForm onSubmit={save}>
      <Select
        label="Search provider"
        value={kind}
        options={KINDS}
        onChange={(e) => setKind(e.target.value)}
      />
      {kind ? (
        <>
          <Field
            label="Search URL"
            type="url"
            value={url}
            placeholder={
              kind === 'BRAVE'
                ? 'https://api.search.brave.com/res/v1/web/search'
                : 'https://searx.example.org'
            }
            hint={kind === 'BRAVE' ? "Empty: Brave's API" : 'Its JSON output must be enabled'}
            spellCheck={false}
            onChange={(e) => setUrl(e.target.value)}
          />
          <Field
            label="Search API key"
            type="password"
            value={apiKey}
            autoComplete="new-password"
            placeholder={settings?.hasApiKey ? '•••••••• (leave empty to keep it)' : ''}
            hint={settings?.hasApiKey ? 'Key saved' : kind === 'BRAVE' ? 'Required' : 'Optional'}
            disabled={clearKey}
            onChange={(e) => setApiKey(e.target.value)}
          />
          {settings?.hasApiKey ? (
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
        <Button type="submit" variant="primary" disabled={busy}>
          {busy ? <Spinner /> : null}
          Save web search
        </Button>
      </SettingsActions>
    </SettingsForm>
  );
}
