/**
 * @module Loads one project (TanStack Query: cached, refetched on focus and when the network returns, retried
 * while the server cannot be reached) and keeps it fresh through its room: module drafts stream straight into
 * the workspace as the model writes them, and status changes trigger a re-read. While a revision is in
 * progress the project is also re-read every second (for its compiled CSS), or every 500 ms when the room is
 * down.
 */
import { filePathToRoute, type ModuleType, moduleName, sortModules } from '@kiln/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { ApiError, errorMessage } from './api.ts';
import { awaitingDiscussion } from './discussion.ts';
import { fetchProject, type Module, type Project } from './queries.ts';
import { queryKeys } from './query-client.ts';
import { isInProgress } from './revision-status.ts';
import { type RoomEvent, useRoom } from './use-room.ts';

export const POLL_INTERVAL_MS = 500;
export const ROOM_REFRESH_MS = 1000;

type Drafts = { revisionId: string; modules: Map<string, Module | null> };

/** The project with the streamed drafts of its in-progress revision laid over what the server last saved. */
function withDrafts(project: Project, drafts: Drafts | null): Project {
  const rev = project.latestRevision;
  if (!drafts || !rev || rev.id !== drafts.revisionId || !isInProgress(rev.status)) return project;
  const byPath = new Map(rev.modules.map((m) => [m.filePath, m]));
  for (const [filePath, m] of drafts.modules) {
    if (m) byPath.set(filePath, m);
    else byPath.delete(filePath);
  }
  return { ...project, latestRevision: { ...rev, modules: sortModules([...byPath.values()]) } };
}

export type ProjectState =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'error'; message: string }
  | { status: 'ready'; project: Project; refreshError: string | null };

/** The server's way of saying this project is not there for this user. */
function isMissing(error: unknown): boolean {
  return error instanceof ApiError && ['not_found', 'forbidden', 'validation'].includes(error.code);
}

function isNetwork(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'external';
}

export function useProject(id: string): {
  state: ProjectState;
  refresh: () => Promise<void>;
  /** A discussion's answer as the model writes it (plan mode), until the answer is in the chat. */
  discussionDraft: { messageId: string; text: string } | null;
} {
  const [discussionDraft, setDiscussionDraft] = useState<{ messageId: string; text: string } | null>(null);
  const drafts = useRef<Drafts | null>(null);
  // Bumped when a draft arrives, so the overlay is laid again without a refetch.
  const [draftVersion, setDraftVersion] = useState(0);
  // Whether the room delivers events: polling is slower while it does.
  const connected = useRef(false);

  const query = useQuery({
    queryKey: queryKeys.project(id),
    queryFn: async () => {
      const project = await fetchProject(id);
      if (project && !isInProgress(project.latestRevision?.status)) drafts.current = null;
      return project;
    },
    retry: (count, error) => !isMissing(error) && count < 4,
    // Polling while generating goes on in a hidden tab too, as it did before TanStack Query.
    refetchIntervalInBackground: true,
    refetchInterval: (q) =>
      isInProgress(q.state.data?.latestRevision?.status) || awaitingDiscussion(q.state.data?.messages)
        ? connected.current
          ? ROOM_REFRESH_MS
          : POLL_INTERVAL_MS
        : false,
  });
  const { refetch } = query;
  const refresh = useCallback(async () => {
    await refetch();
  }, [refetch]);

  const project = query.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `draftVersion` re-lays the drafts kept in a ref.
  const state = useMemo<ProjectState>(() => {
    if (project) {
      // A network failure is the connection indicator's to show, not an error in the chat.
      const shown = query.isError && !isMissing(query.error) && !isNetwork(query.error);
      const refreshError = shown ? errorMessage(query.error) : null;
      return { status: 'ready', project: withDrafts(project, drafts.current), refreshError };
    }
    if (project === null || (query.isError && isMissing(query.error))) return { status: 'missing' };
    if (query.isError) return { status: 'error', message: errorMessage(query.error) };
    return { status: 'loading' };
  }, [project, query.isError, query.error, draftVersion]);

  const latestRevisionId = project?.latestRevision?.id;
  const onEvent = useCallback(
    (event: RoomEvent) => {
      if (event.type === 'function-logs') return; // the Logs tab's, nothing of the project changed
      if (event.type === 'discussion-text') {
        setDiscussionDraft({ messageId: event.messageId, text: event.text });
        return;
      }
      // Events can come faster than a read answers (drafts stream while the model writes): join the read in
      // flight rather than cancel it, or no read would ever finish.
      if (event.type !== 'drafts') {
        void refetch({ cancelRefetch: false });
        return;
      }
      if (drafts.current?.revisionId !== event.revisionId)
        drafts.current = { revisionId: event.revisionId, modules: new Map() };
      for (const m of event.modules) {
        drafts.current.modules.set(
          m.filePath,
          'deleted' in m
            ? null
            : {
                filePath: m.filePath,
                moduleType: m.moduleType as ModuleType,
                content: m.content,
                name: moduleName(m.filePath),
                route: filePathToRoute(m.filePath),
              },
        );
      }
      if (latestRevisionId !== event.revisionId)
        void refetch({ cancelRefetch: false }); // not read yet
      else setDraftVersion((n) => n + 1);
    },
    [refetch, latestRevisionId],
  );
  const roomId = project ? `app-builder:${project.organizationId}:${project.id}` : null;
  connected.current = useRoom(roomId, onEvent).connected;

  // Shown only while its question still waits for the answer.
  const waiting = awaitingDiscussion(project?.messages) ? project?.messages.at(-1)?.id : undefined;
  return {
    state,
    refresh,
    discussionDraft: discussionDraft && discussionDraft.messageId === waiting ? discussionDraft : null,
  };
}
