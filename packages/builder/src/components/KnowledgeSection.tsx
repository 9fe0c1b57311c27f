import { MAX_KNOWLEDGE_LENGTH } from '@kiln/core';
import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { errorMessage } from '../api.ts';
import { formatCount } from '../format-number.ts';
import { FormAlert } from './FormAlert.tsx';
import { FormNote } from './FormNote.tsx';
import { SettingsSection } from './SettingsSection.tsx';
import { Spinner } from './Spinner.tsx';
import { Button } from './ui/button.tsx';
import { FormItem, FormLabel, FormLabelRow } from './ui/field.tsx';
import { Textarea } from './ui/input.tsx';
import { SettingsActions, SettingsForm } from './ui/settings.tsx';

/**
 * Settings → Knowledge (issue 22), for a project or an organisation: standing instructions sent with every
 * request, edited as plain text. `load` reads them under `queryKey` (TanStack Query: cached, refetched on
 * focus and when the network returns; with the organisation's, read-only, for a project); `save` stores
 * them and answers with what was stored. Read-only without `canEdit`.
 */
export function KnowledgeSection({
  scope,
  canEdit,
  queryKey,
  load,
  save,
}: {
  scope: 'project' | 'organization';
  canEdit: boolean;
  queryKey: QueryKey;
  load: () => Promise<Knowledge>;
  save: (text: string) => Promise<string>;
}) {
  const query = useQuery({ queryKey, queryFn: load });
  const loadError = query.data === undefined && query.isError ? errorMessage(query.error) : null;
  return (
    <SettingsSection
      id="knowledge"
      title="Knowledge"
      description={
        scope === 'project'
          ? 'Standing instructions sent with every message on this project (trimmed to fit the model’s context). Replies may suggest additions you can accept in the chat.'
          : 'Standing instructions sent with every message on every project of this organisation, before each project’s own.'
      }
    >
      {query.data === undefined ? (
        loadError ? (
          <FormAlert message={loadError} />
        ) : (
          <Spinner />
        )
      ) : (
        <KnowledgeForm scope={scope} canEdit={canEdit} queryKey={queryKey} loaded={query.data} save={save} />
      )}
    </SettingsSection>
  );
}

type Knowledge = { text: string; inherited?: string };

/** The form, started from what the server has; a refresh leaves what is being typed alone. */
function KnowledgeForm({
  scope,
  canEdit,
  queryKey,
  loaded,
  save,
}: {
  scope: 'project' | 'organization';
  canEdit: boolean;
  queryKey: QueryKey;
  loaded: Knowledge;
  save: (text: string) => Promise<string>;
}) {
  const client = useQueryClient();
  const fieldId = useId();
  const hintId = useId();
  const [draft, setDraft] = useState(loaded.text);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setNote(null);
    try {
      const stored = await save(draft);
      setDraft(stored);
      client.setQueryData<Knowledge>(queryKey, (prev) => ({ ...prev, text: stored }));
      setNote('Knowledge saved. Every request from now on is sent it.');
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  const over = draft.length > MAX_KNOWLEDGE_LENGTH;
  return (
    <SettingsForm wide onSubmit={submit}>
      {loaded.inherited ? (
        <FormItem>
          <span className="flex items-baseline justify-between">From the organisation (read-only here)</span>
          <pre className="knowledge-inherited">{loaded.inherited}</pre>
        </FormItem>
      ) : null}
      <FormItem>
        <FormLabelRow>
          <FormLabel htmlFor={fieldId}>
            {scope === 'project' ? 'Project knowledge' : 'Organisation knowledge'}
          </FormLabel>
          <span id={hintId} className="text-[12px] text-muted">
            {formatCount(draft.length)} / {formatCount(MAX_KNOWLEDGE_LENGTH)} characters
          </span>
        </FormLabelRow>
        <Textarea
          id={fieldId}
          rows={6}
          aria-describedby={hintId}
          aria-invalid={over || undefined}
          readOnly={!canEdit}
          placeholder="e.g. Prices are in euros. Use the brand colour #0f766e. Keep pages short."
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
      </FormItem>
      <FormAlert
        message={
          error ?? (over ? `Knowledge is at most ${formatCount(MAX_KNOWLEDGE_LENGTH)} characters.` : null)
        }
      />
      <FormNote message={note} />
      {canEdit ? (
        <SettingsActions>
          <Button type="submit" variant="primary" disabled={busy || over || draft === loaded.text}>
            {busy ? <Spinner /> : null}
            Save knowledge
          </Button>
        </SettingsActions>
      ) : null}
    </SettingsForm>
  );
}
