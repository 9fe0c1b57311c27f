/**
 * @module Loads one project and keeps it fresh: while its latest revision is in progress it polls every
 * 500 ms and stops when the revision finishes. (A later issue replaces polling with the project's room.)
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, errorMessage } from './api.ts';
import { fetchProject, type Project } from './queries.ts';
import { isInProgress } from './revision-status.ts';

export const POLL_INTERVAL_MS = 500;

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

  const refresh = useCallback(async () => {
    const request = ++issued.current;
    try {
      const project = await fetchProject(id);
      if (request < applied.current) return;
      applied.current = request;
      setState(project ? { status: 'ready', project, refreshError: null } : { status: 'missing' });
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

  const inProgress = state.status === 'ready' && isInProgress(state.project.latestRevision?.status);
  useEffect(() => {
    if (!inProgress) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      timer = setTimeout(async () => {
        await refresh();
        if (!stopped) schedule();
      }, POLL_INTERVAL_MS);
    };
    schedule();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [inProgress, refresh]);

  return { state, refresh };
}
