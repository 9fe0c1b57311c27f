/**
 * @module Whether the composer's Expert toggle can be used: the organisation names an expert model
 * (EXPERT_SWE). Read once per organisation (TanStack Query) and kept; the reason is shown next to the toggle.
 */
import { useQuery } from '@tanstack/react-query';
import { fetchOrganizationPlanSettings } from './plan-queries.ts';
import { queryKeys } from './query-client.ts';

/** Shown beside the disabled Expert toggle. */
export const NO_EXPERT_REASON = 'No expert model set (Organisation settings → Expert model)';

/** Null when Expert can be picked; otherwise why not (none named yet, or still loading). */
export function useExpertDisabledReason(organizationId: string): string | null {
  const query = useQuery({
    queryKey: queryKeys.organizationPlanSettings(organizationId),
    queryFn: () => fetchOrganizationPlanSettings(organizationId),
    staleTime: 30_000,
  });
  if (query.data?.hasExpertModel) return null;
  return NO_EXPERT_REASON;
}
