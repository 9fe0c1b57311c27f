/**
 * @module The workspace's History: the project's revisions (reloaded whenever the latest one changes), the
 * selected one's changes against its parent, and restoring it.
 */
import { useCallback, useEffect, useState } from 'react';
import { ApiError, errorMessage } from './api.ts';
import {
  fetchRevisionDiff,
  fetchRevisions,
  type ModuleDiff,
  type RevisionSummary,
  restoreRevision,
} from './queries.ts';

export type DiffState =
  | { status: 'loading' }
  | { status: 'first' }
  | { status: 'error'; message: string }
  | { status: 'ready'; files: ModuleDiff[] };

export function useHistory(
  projectId: string,
  /** The latest revision the user sees, as `id:status`; a change reloads the list. */
  latestKey: string,
  latestId: string | null,
  refresh: () => Promise<void>,
): {
  revisions: RevisionSummary[] | null;
  listError: string | null;
  selected: RevisionSummary | null;
  select: (id: string) => void;
  diff: DiffState;
  restoring: boolean;
  restoreError: string | null;
  /** `withData`: the development database goes back to the revision's snapshot too. */
  restore: (withData?: boolean) => Promise<RevisionSummary | null>;
} {
  const [revisions, setRevisions] = useState<RevisionSummary[] | null>(null);
  const [listError, setListError] = useState<string | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [diff, setDiff] = useState<DiffState>({ status: 'loading' });
  const [restoring, setRestoring] = useState(false);
  const [restoreError, setRestoreError] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `latestKey` re-runs the load on purpose.
  useEffect(() => {
    let live = true;
    fetchRevisions(projectId).then(
      (list) => {
        if (!live) return;
        setRevisions(list);
        setListError(null);
      },
      (caught) => live && setListError(errorMessage(caught)),
    );
    return () => {
      live = false;
    };
  }, [projectId, latestKey]);

  const selected = revisions?.find((r) => r.id === selectedId) ?? revisions?.[0] ?? null;
  // The status too: a revision's modules change until it has finished, so a diff fetched while it was building
  // (its parent's modules: "No files changed") is fetched again once it is done.
  const selectedKey = selected ? `${selected.id}:${selected.parentId ?? ''}:${selected.status}` : '';

  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the selected revision, its parent and status.
  useEffect(() => {
    if (!selected) return;
    if (!selected.parentId) {
      setDiff({ status: 'first' });
      return;
    }
    let live = true;
    setDiff({ status: 'loading' });
    fetchRevisionDiff(projectId, selected.parentId, selected.id).then(
      (files) => live && setDiff({ status: 'ready', files }),
      (caught) => live && setDiff({ status: 'error', message: errorMessage(caught) }),
    );
    return () => {
      live = false;
    };
  }, [projectId, selectedKey]);

  const select = useCallback((id: string) => {
    setSelectedId(id);
    setRestoreError(null);
  }, []);

  const restore = useCallback(
    async (withData = false) => {
      if (!selected) return null;
      setRestoring(true);
      setRestoreError(null);
      try {
        await restoreRevision(projectId, selected.id, latestId, withData);
        await refresh();
        // Show the new RESTORE revision (the newest) next time, with what it changed.
        setSelectedId(null);
        return selected;
      } catch (caught) {
        setRestoreError(errorMessage(caught));
        // Someone else's edit landed: show it, so the user restores on top of what is really there.
        if (caught instanceof ApiError && caught.code === 'conflict') await refresh();
        return null;
      } finally {
        setRestoring(false);
      }
    },
    [projectId, selected, latestId, refresh],
  );

  return { revisions, listError, selected, select, diff, restoring, restoreError, restore };
}
