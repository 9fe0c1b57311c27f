/**
 * @module The workspace's conversation actions: send a message (shown at once, before the server's history
 * catches up) and ask for a fix of a render error. Both refresh the project so polling picks up the revision.
 * A message names the revision the user saw; if another edit landed since, the server answers `conflict` and
 * the workspace shows its message and the newer revision, keeping the unsent text.
 */
import { useCallback, useState } from 'react';
import { ApiError, errorMessage } from './api.ts';
import { fixError, type Project, sendMessage } from './queries.ts';
import type { PreviewError } from './use-preview.ts';

export function useChat(
  project: Project,
  refresh: () => Promise<void>,
): {
  /** The message just sent, until the history contains it. */
  pending: string | null;
  sending: boolean;
  error: string | null;
  send: (text: string) => Promise<boolean>;
  fix: (error: PreviewError) => Promise<void>;
} {
  const [pending, setPending] = useState<{ text: string; after: number } | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const projectId = project.id;
  const historyLength = project.messages.length;
  const baseRevisionId = project.latestRevision?.id ?? null;

  const send = useCallback(
    async (text: string) => {
      setSending(true);
      setError(null);
      setPending({ text, after: historyLength });
      try {
        await sendMessage(projectId, text, baseRevisionId);
        await refresh();
        return true;
      } catch (caught) {
        setError(errorMessage(caught));
        setPending(null);
        if (caught instanceof ApiError && caught.code === 'conflict') await refresh();
        return false;
      } finally {
        setSending(false);
      }
    },
    [projectId, historyLength, baseRevisionId, refresh],
  );

  const fix = useCallback(
    async (renderError: PreviewError) => {
      setError(null);
      try {
        await fixError({ projectId, ...renderError });
        await refresh();
      } catch (caught) {
        setError(errorMessage(caught));
      }
    },
    [projectId, refresh],
  );

  return {
    pending: pending && historyLength <= pending.after ? pending.text : null,
    sending,
    error,
    send,
    fix,
  };
}
