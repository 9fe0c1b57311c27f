import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { errorMessage } from './api.ts';
import { fetchProjectGroups, type ProjectGroup } from './queries.ts';
import { queryKeys } from './query-client.ts';
import { isInProgress } from './revision-status.ts';

/** How often the dashboard refreshes while one of its projects is still generating. */
const REFRESH_MS = 2000;

function generating(groups: ProjectGroup[] | undefined): boolean {
  return groups?.some((g) => g.projects.some((p) => isInProgress(p.latestRevision?.status))) ?? false;
}

/**
 * An organisation's project groups with their projects (TanStack Query: cached per organisation, refetched
 * on focus and when the network returns, retried while the server cannot be reached); refreshed every 2 s
 * while any project is generating and after every change the dashboard makes (`reload`). `error` is only
 * set while there is nothing to show: a failed refresh keeps the list on screen (the connection indicator
 * says what is going on).
 */
export function useProjectGroups(organizationId: string | null): {
  groups: ProjectGroup[] | null;
  error: string | null;
  reload: () => Promise<void>;
} {
  const query = useQuery({
    queryKey: queryKeys.projectGroups(organizationId ?? ''),
    queryFn: async () => (await fetchProjectGroups(organizationId ?? '')) ?? [],
    enabled: organizationId !== null,
    // Polling while generating goes on in a hidden tab too, as it did before TanStack Query.
    refetchIntervalInBackground: true,
    refetchInterval: (q) => (generating(q.state.data) ? REFRESH_MS : false),
  });
  const { refetch } = query;
  const reload = useCallback(async () => {
    await refetch();
  }, [refetch]);
  const failed = query.isError && query.data === undefined && query.failureCount > 0 && !query.isFetching;
  return {
    groups: query.data ?? null,
    error: failed ? errorMessage(query.error) : null,
    reload,
  };
}
