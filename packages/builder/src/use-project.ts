/**
 * @module Loads one project and keeps it fresh through its room: module drafts stream straight into the
 * workspace as the model writes them, and status changes trigger a re-read. While a revision is in progress
 * the project is also re-read every second (for its compiled CSS), or every 500 ms when the room is down.
 */
import { filePathToRoute, type ModuleType, moduleName, sortModules } from '@kiln/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, errorMessage } from './api.ts';
import { fetchProject, type Module, type Project } from './queries.ts';
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

export function useProject(id: string): { state: ProjectState; refresh: () => Promise<void> } {
  const [state, setState] = useState<ProjectState>({ status: 'loading' });
  // Responses can overtake each other (a poll and a refresh after a mutation); only newer ones win.
  const issued = useRef(0);
  const applied = useRef(0);
  const drafts = useRef<Drafts | null>(null);

  const refresh = useCallback(async () => {
    const request = ++issued.current;
    try {
      const project = await fetchProject(id);
      if (request < applied.current) return;
      applied.current = request;
      if (project && !isInProgress(project.latestRevision?.status)) drafts.current = null;
      setState(
        project
          ? { status: 'ready', project: withDrafts(project, drafts.current), refreshError: null }
          : { status: 'missing' },
      );
    } catch (caught) {
      if (request < applied.current) return;
      applied.current = request;
      if (caught instanceof ApiError && ['not_found', 'forbidden', 'validation'].includes(caught.code)) {
        setState({ status: 'missing' });
        return;
      }
      const message = errorMessage(caught);
      // Keep showing what we have; a blip in polling should not blank the workspace.
      setState((previous) =>
        previous.status === 'ready' ? { ...previous, refreshError: message } : { status: 'error', message },
      );
    }
  }, [id]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const onEvent = useCallback(
    (event: RoomEvent) => {
      if (event.type === 'function-logs') return; // the Logs tab's, nothing of the project changed
      if (event.type !== 'drafts') {
        void refresh();
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
      const current = drafts.current;
      setState((previous) => {
        if (previous.status !== 'ready') return previous;
        if (previous.project.latestRevision?.id !== current.revisionId) {
          void refresh(); // a revision we have not read yet
          return previous;
        }
        return { ...previous, project: withDrafts(previous.project, current) };
      });
    },
    [refresh],
  );
  const roomId =
    state.status === 'ready' ? `app-builder:${state.project.organizationId}:${state.project.id}` : null;
  const { connected } = useRoom(roomId, onEvent);

  const inProgress = state.status === 'ready' && isInProgress(state.project.latestRevision?.status);
  const interval = connected ? ROOM_REFRESH_MS : POLL_INTERVAL_MS;
  useEffect(() => {
    if (!inProgress) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      timer = setTimeout(async () => {
        await refresh();
        if (!stopped) schedule();
      }, interval);
    };
    schedule();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [inProgress, refresh, interval]);

  return { state, refresh };
}
