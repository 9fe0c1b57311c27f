/**
 * @module Server state (TanStack Query) over the typed GraphQL client in `api.ts`: answers are cached per
 * key, refetched when the window regains focus or the network returns, and a call that could not reach the
 * server is retried with backoff. Refusals the server meant (not found, forbidden, validation, signed out,
 * conflict…) are not retried: asking again would get the same answer.
 */
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';

/** Only failures to reach the server (or its own crash) are worth another try. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 4) return false;
  return !(error instanceof ApiError) || error.code === 'external' || error.code === 'internal';
}

/** 1 s, 2 s, 4 s, then 8 s between tries. */
export function retryDelay(attempt: number): number {
  return Math.min(8000, 1000 * 2 ** attempt);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay,
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
        staleTime: 2000,
      },
      // A mutation is sent once: a repeated send could do the thing twice (chat sends carry their own id).
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

/** Query keys, one place, so a mutation can invalidate what it changed. */
export const queryKeys = {
  projectGroups: (organizationId: string) => ['project-groups', organizationId] as const,
  project: (id: string) => ['project', id] as const,
};
