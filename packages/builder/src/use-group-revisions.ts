import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from './api.ts';
import { fetchGroupRevisions, type GroupRevision } from './settings-queries.ts';

/**
 * Each project group's revisions (newest first) for the dashboard, read again whenever `version` changes
 * (the dashboard passes its group list, which is re-read after every change and while projects build).
 */
export function useGroupRevisions(
  organizationId: string | null,
  version: unknown,
): { byGroup: Record<string, GroupRevision[]>; error: string | null; reload: () => Promise<void> } {
  const [byGroup, setByGroup] = useState<Record<string, GroupRevision[]>>({});
  const [error, setError] = useState<string | null>(null);
  const issued = useRef(0);
  const reload = useCallback(async () => {
    if (!organizationId) return;
    const request = ++issued.current;
    try {
      const next = await fetchGroupRevisions(organizationId);
      if (request !== issued.current) return;
      setByGroup(next);
      setError(null);
    } catch (caught) {
      if (request === issued.current) setError(errorMessage(caught));
    }
  }, [organizationId]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the signal to read again.
  useEffect(() => {
    void reload();
  }, [reload, version]);
  return { byGroup, error, reload };
}
