/**
 * @module One organisation's settings as server state (TanStack Query): read per organisation, refetched on
 * focus and when the network returns, retried while the server cannot be reached. Changes made on the page
 * patch the cached organisation at once where that is natural (`patchOrganization`) and then invalidate
 * what they changed (`useInvalidateOrganization`).
 */
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { ApiError, errorMessage } from './api.ts';
import { fetchOrganization, type OrganizationDetails } from './organization-queries.ts';
import { queryKeys } from './query-client.ts';

export type OrganizationState =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'error'; message: string }
  | { status: 'ready'; organization: OrganizationDetails };

/** The server's way of saying this organisation is not there for this user. */
function isMissing(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 'not_found' || error.code === 'forbidden');
}

/**
 * One organisation with its members, credits and (for ADMIN and up, `asAdmin`) invitations and event log.
 * A failed refresh keeps what is shown (the connection indicator says what is going on); `error` only when
 * there is nothing to show.
 */
export function useOrganization(
  id: string,
  asAdmin: boolean,
): { state: OrganizationState; reload: () => Promise<void> } {
  const query = useQuery({
    queryKey: queryKeys.organizationDetails(id, asAdmin),
    queryFn: () => fetchOrganization(id, asAdmin),
    retry: (count, error) => !isMissing(error) && count < 4,
  });
  const { refetch } = query;
  const reload = useCallback(async () => {
    await refetch();
  }, [refetch]);
  const { data, isError, error } = query;
  const state = useMemo<OrganizationState>(() => {
    if (data) return { status: 'ready', organization: data };
    if (data === null || (isError && isMissing(error))) return { status: 'missing' };
    if (isError) return { status: 'error', message: errorMessage(error) };
    return { status: 'loading' };
  }, [data, isError, error]);
  return { state, reload };
}

/** Re-reads everything the organisation's settings page shows; resolves when the reads have answered. */
export function useInvalidateOrganization(id: string): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: queryKeys.organization(id) }), [client, id]);
}

/**
 * Changes the cached organisation (both the ADMIN and the member read) before the server has answered;
 * resolves to a function that puts back what was there, for when the change is refused.
 */
export async function patchOrganization(
  client: QueryClient,
  id: string,
  change: (organization: OrganizationDetails) => OrganizationDetails,
): Promise<() => void> {
  const prefix = ['organization', id, 'details'];
  // A read already under way would answer with the old state and undo the patch.
  await client.cancelQueries({ queryKey: prefix });
  const before = client.getQueriesData<OrganizationDetails | null>({ queryKey: prefix });
  client.setQueriesData<OrganizationDetails | null>({ queryKey: prefix }, (old) => (old ? change(old) : old));
  return () => {
    for (const [key, value] of before) client.setQueryData(key, value);
  };
}

type Section = Parameters<typeof queryKeys.organizationSection>[1];

/**
 * One settings section's own read (model, expert model, image model, web search, knowledge), cached under the
 * organisation's prefix; `save` puts what the server stored after a change into the cache.
 */
export function useOrganizationSection<T>(
  organizationId: string,
  section: Section,
  read: (organizationId: string) => Promise<T>,
): { data: T | undefined; error: string | null; save: (stored: T) => void } {
  const client = useQueryClient();
  const key = queryKeys.organizationSection(organizationId, section);
  const query = useQuery({ queryKey: key, queryFn: () => read(organizationId) });
  const save = useCallback(
    (stored: T) => client.setQueryData(queryKeys.organizationSection(organizationId, section), stored),
    [client, organizationId, section],
  );
  // A failed refresh keeps the section on screen; the error is for when there is nothing to show.
  const error = query.data === undefined && query.isError ? errorMessage(query.error) : null;
  return { data: query.data, error, save };
}
