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

/**
 * Query keys, one place, so a mutation can invalidate what it changed. Everything organisation settings
 * read starts with `organization(id)`: invalidating that prefix re-reads the whole page.
 */
export const queryKeys = {
  projectGroups: (organizationId: string) => ['project-groups', organizationId] as const,
  project: (id: string) => ['project', id] as const,
  /** Prefix of every read of one organisation's settings. */
  organization: (id: string) => ['organization', id] as const,
  /** The organisation with members, credits and (`asAdmin`) invitations and events. */
  organizationDetails: (id: string, asAdmin: boolean) => ['organization', id, 'details', asAdmin] as const,
  /** One settings section's own read: model, expert model, image model, web search, knowledge. */
  organizationSection: (
    id: string,
    section: 'model' | 'expert-model' | 'image-model' | 'web-search' | 'knowledge',
  ) => ['organization', id, section] as const,
  /** Whether the organisation names an expert model (the composer's Expert toggle). */
  organizationPlanSettings: (id: string) => ['organization-plan-settings', id] as const,
  projectKnowledge: (projectId: string) => ['project-knowledge', projectId] as const,
  adminUsers: () => ['admin-users'] as const,
  /** Prefix of every read of a project's own database (both branches). */
  appDatabases: (projectId: string) => ['app-database', projectId] as const,
  /** A project's database on one branch as a revision left it: tables with rows, migrations. */
  appDatabase: (projectId: string, branch: 'development' | 'main', revisionKey: string) =>
    ['app-database', projectId, branch, revisionKey] as const,
  /** The newest function log entries of a project's preview (`development`) or published app (`main`). */
  functionLogs: (projectId: string, branch: 'development' | 'main') =>
    ['function-logs', projectId, branch] as const,
};
