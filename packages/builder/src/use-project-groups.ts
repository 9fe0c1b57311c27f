import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from './api.ts';
import { fetchProjectGroups, type ProjectGroup } from './queries.ts';
import { isInProgress } from './revision-status.ts';

/** How often the dashboard refreshes while one of its projects is still generating. */
const REFRESH_MS = 2000;

/**
 * An organisation's project groups with their projects; refreshed while any project is generating and after
 * every change the dashboard makes (`reload`).
 */
export function useProjectGroups(organizationId: string | null): {
  groups: ProjectGroup[] | null;
  error: string | null;
  reload: () => Promise<void>;
} {
  const [groups, setGroups] = useState<ProjectGroup[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Only the newest answer counts: switching organisation must not show the previous one's projects.
  const issued = useRef(0);

  const reload = useCallback(async () => {
    if (!organizationId) return;
    const request = ++issued.current;
    try {
      const list = await fetchProjectGroups(organizationId);
      if (request !== issued.current) return;
      setGroups(list ?? []);
      setError(null);
    } catch (caught) {
      if (request === issued.current) setError(errorMessage(caught));
    }
  }, [organizationId]);

  useEffect(() => {
    setGroups(null);
    void reload();
  }, [reload]);

  const generating =
    groups?.some((g) => g.projects.some((p) => isInProgress(p.latestRevision?.status))) ?? false;
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-armed after every fetch via `groups`.
  useEffect(() => {
    if (!generating) return;
    const timer = setTimeout(() => void reload(), REFRESH_MS);
    return () => clearTimeout(timer);
  }, [generating, groups, reload]);

  return { groups, error, reload };
}
