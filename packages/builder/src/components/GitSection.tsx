/**
 * @module Project settings → Git (issue 17): the project's history as git commits (one per finished revision),
 * the remote it is pushed to with its token (ADMIN+ set them; the token is never shown again), a Push button
 * (EDITOR+) and how the last push went, in git's words.
 */
import { GitBranch } from 'lucide-react';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { errorMessage } from '../api.ts';
import { timeAgo } from '../format-time.ts';
import { fetchProjectGit, type ProjectGit, pushToGit, setGitRemote } from '../git-queries.ts';
import { cn } from '../lib/cn.ts';
import { Field } from './Field.tsx';
import { FormAlert } from './FormAlert.tsx';
import { FormNote } from './FormNote.tsx';
import { SettingsSection } from './SettingsSection.tsx';
import { Button } from './ui/button.tsx';
import { SettingsActions, SettingsForm } from './ui/settings.tsx';

export function GitSection({ projectId, canEdit }: { projectId: string; canEdit: boolean }) {
  const [git, setGit] = useState<ProjectGit | null>(null);
  const [url, setUrl] = useState('');
  const [token, setToken] = useState('');
  const [busy, setBusy] = useState<'save' | 'push' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const load = useCallback(async () => {
    try {
      const next = await fetchProjectGit(projectId);
      setGit(next);
      setUrl(next?.remoteUrl ?? '');
    } catch (caught) {
      setError(errorMessage(caught));
    }
  }, [projectId]);
  useEffect(() => {
    void load();
  }, [load]);

  if (!canEdit) return null;

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy('save');
    setError(null);
    setNote(null);
    try {
      // An empty token field keeps the stored token.
      const next = await setGitRemote(projectId, url.trim(), token ? token : undefined);
      setGit(next);
      setToken('');
      setNote(url.trim() ? 'Git remote saved.' : 'Git remote removed.');
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(null);
    }
  }

  async function push() {
    setBusy('push');
    setError(null);
    setNote(null);
    try {
      await pushToGit(projectId);
      await load();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(null);
    }
  }

  const last = git?.lastPush ?? null;
  return (
    <SettingsSection
      id="git"
      title="Git remote"
      description="Every finished revision is a commit (author: who asked for it; message: the prompt). Push the history to a repository you own."
    >
      <p className="text-muted" data-testid="git-commits">
        <GitBranch size={14} aria-hidden="true" />{' '}
        {git ? `${git.commits} commit${git.commits === 1 ? '' : 's'} on main` : 'Loading…'}
        {git?.head ? (
          <>
            {' '}
            · <code title={git.head}>{git.head.slice(0, 7)}</code>
          </>
        ) : null}
      </p>
      <SettingsForm onSubmit={save}>
        <Field
          label="Remote URL"
          hint="An https:// repository URL, like https://github.com/you/app.git"
          value={url}
          type="url"
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => setUrl(e.target.value)}
        />
        <Field
          label="Token"
          hint={
            git?.hasToken
              ? 'A token is saved. Leave empty to keep it.'
              : 'A personal access token allowed to push (stored encrypted).'
          }
          type="password"
          value={token}
          autoComplete="new-password"
          onChange={(e) => setToken(e.target.value)}
        />
        {error ? <FormAlert message={error} /> : null}
        {note ? <FormNote message={note} /> : null}
        <SettingsActions>
          <Button type="submit" disabled={busy !== null}>
            Save remote
          </Button>
          <Button
            type="button"
            variant="primary"
            disabled={busy !== null || !git?.remoteUrl}
            onClick={() => void push()}
          >
            {busy === 'push' ? 'Pushing…' : 'Push'}
          </Button>
        </SettingsActions>
      </SettingsForm>
      {last ? (
        <div
          className={cn(
            'flex items-start gap-2 rounded-md border px-3 py-2.5 text-[13px] leading-[1.45]',
            last.ok ? 'border-ok-border bg-ok-soft text-ok' : 'border-error-border bg-error-soft text-error',
          )}
          role="status"
          data-testid="git-last-push"
          title={last.at}
        >
          <span>
            Last push {timeAgo(last.at)}: {last.message}
          </span>
        </div>
      ) : null}
    </SettingsSection>
  );
}
