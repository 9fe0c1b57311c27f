import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { errorMessage } from '../api.ts';
import { cn } from '../lib/cn.ts';
import {
  fetchVisitorAuthProviders,
  setVisitorAuthProvider,
  type VisitorAuthProvider,
} from '../visitor-auth-queries.ts';
import { FormAlert } from './FormAlert.tsx';
import { FormNote } from './FormNote.tsx';
import { SettingsSection } from './SettingsSection.tsx';
import { Spinner } from './Spinner.tsx';
import { Button } from './ui/button.tsx';
import { FormItem, FormLabel, FormLabelRow } from './ui/field.tsx';
import { Input } from './ui/input.tsx';
import { SettingsActions, SettingsForm, settingsSubsectionClasses } from './ui/settings.tsx';

/**
 * Project settings → Visitor sign-in: the OAuth clients (Google, Facebook, Twitter) the published app offers
 * its visitors beside e-mail and password. The secret is write-only; the callback URL is what to register.
 */
export function VisitorSignInSection({ projectId, canEdit }: { projectId: string; canEdit: boolean }) {
  const [providers, setProviders] = useState<VisitorAuthProvider[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async () => {
    try {
      setProviders(await fetchVisitorAuthProviders(projectId));
    } catch (caught) {
      setError(errorMessage(caught));
    }
  }, [projectId]);
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <SettingsSection
      id="visitor-sign-in"
      title="Visitor sign-in"
      description="Visitors of the published app sign up with e-mail and password. Add an OAuth client to offer Google, Facebook or Twitter too."
    >
      <FormAlert message={error} />
      {providers === null ? (
        error ? null : (
          <Spinner />
        )
      ) : (
        providers.map((p) => (
          <ProviderForm
            key={p.provider}
            projectId={projectId}
            provider={p}
            canEdit={canEdit}
            onSaved={setProviders}
          />
        ))
      )}
    </SettingsSection>
  );
}

function ProviderForm({
  projectId,
  provider,
  canEdit,
  onSaved,
}: {
  projectId: string;
  provider: VisitorAuthProvider;
  canEdit: boolean;
  onSaved: (next: VisitorAuthProvider[]) => void;
}) {
  const [clientId, setClientId] = useState(provider.clientId ?? '');
  const [secret, setSecret] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const idField = useId();
  const secretField = useId();

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setNote(null);
    try {
      onSaved(await setVisitorAuthProvider(projectId, provider.provider, clientId.trim(), secret.trim()));
      setSecret('');
      setNote(clientId.trim() ? `${provider.name} sign-in saved.` : `${provider.name} sign-in is off.`);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <SettingsForm
      className={cn(settingsSubsectionClasses)}
      onSubmit={save}
      aria-label={`${provider.name} sign-in`}
    >
      <h3>
        {provider.name}
        <span className="text-muted"> · {provider.clientId ? 'on' : 'off'}</span>
      </h3>
      <FormItem>
        <FormLabel htmlFor={idField}>Client id</FormLabel>
        <Input
          id={idField}
          mono
          value={clientId}
          disabled={!canEdit || busy}
          onChange={(e) => setClientId(e.target.value)}
          placeholder="Empty turns it off"
        />
      </FormItem>
      <FormItem>
        <FormLabelRow>
          <FormLabel htmlFor={secretField}>Client secret</FormLabel>
          <span className="text-[12px] text-muted">
            {provider.hasClientSecret ? 'Secret saved; leave empty to keep it' : ''}
          </span>
        </FormLabelRow>
        <Input
          id={secretField}
          mono
          type="password"
          autoComplete="off"
          value={secret}
          disabled={!canEdit || busy}
          onChange={(e) => setSecret(e.target.value)}
        />
      </FormItem>
      <p className="text-muted">
        Redirect URI to register with {provider.name}:{' '}
        {provider.callbackUrl ? (
          <code>{provider.callbackUrl}</code>
        ) : (
          'publish the app first to get its address.'
        )}
      </p>
      <FormAlert message={error} />
      <FormNote message={note} />
      {canEdit ? (
        <SettingsActions>
          <Button type="submit" disabled={busy}>
            {busy ? <Spinner /> : null}
            Save {provider.name}
          </Button>
        </SettingsActions>
      ) : null}
    </SettingsForm>
  );
}
