/**
 * @module The workspace's conversation actions: send a message (shown at once, before the server's history
 * catches up) and ask for a fix of a render error. Both refresh the project so polling picks up the revision.
 * A message names the revision the user saw; if another edit landed since, the server answers `conflict` and
 * the workspace shows its message and the newer revision, keeping the unsent text.
 *
 * Each message carries an id made here; when the answer is lost to the network the send is repeated with the
 * same id (the server dedupes it, so nothing is queued or charged twice) until the server answers, instead of
 * inviting the person to send again.
 */
import { useCallback, useState } from 'react';
import { ApiError, errorMessage } from './api.ts';
import { type ChatMode, fixError, type Project, sendMessage } from './queries.ts';
import type { PreviewError } from './use-preview.ts';

/** Delays between repeats of a send whose answer did not arrive: 1 s, 2 s, 4 s, then every 8 s. */
const RETRY_MS = [1000, 2000, 4000, 8000];
/** Gives up after this many network failures in a row (about two minutes). */
const MAX_TRIES = 16;

/** Runs `send` again while it fails to reach the server (only safe for a send the server dedupes). */
export async function sendWithRetry<T>(
  send: () => Promise<T>,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await send();
    } catch (caught) {
      const network = caught instanceof ApiError && caught.code === 'external';
      if (!network || attempt + 1 >= MAX_TRIES) throw caught;
      await wait(RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)] ?? 8000);
    }
  }
}

/** How one message is sent: built (CHAT, the default) or discussed (plan mode), by the expert model or not. */
export interface SendOptions {
  mode?: ChatMode;
  expert?: boolean;
  /** Ids of images uploaded for this message (chat-attachments.ts). */
  attachments?: string[];
  /** Local URLs of those images, shown in the message until the history holds it (never sent). */
  previews?: string[];
}

export function useChat(
  project: Project,
  refresh: () => Promise<void>,
): {
  /** The message just sent, until the history contains it. */
  pending: string | null;
  /** Its images' local URLs. */
  pendingImages: string[];
  sending: boolean;
  error: string | null;
  send: (text: string, opts?: SendOptions) => Promise<boolean>;
  fix: (error: PreviewError) => Promise<void>;
} {
  const [pending, setPending] = useState<{ text: string; after: number; images: string[] } | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const projectId = project.id;
  const historyLength = project.messages.length;
  const baseRevisionId = project.latestRevision?.id ?? null;

  const send = useCallback(
    async (text: string, opts: SendOptions = {}) => {
      setSending(true);
      setError(null);
      setPending({ text, after: historyLength, images: opts.previews ?? [] });
      const clientMessageId = crypto.randomUUID();
      try {
        await sendWithRetry(() => sendMessage(projectId, text, baseRevisionId, clientMessageId, opts));
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

  const shown = pending && historyLength <= pending.after ? pending : null;
  return {
    pending: shown?.text ?? null,
    pendingImages: shown?.images ?? [],
    sending,
    error,
    send,
    fix,
  };
}
