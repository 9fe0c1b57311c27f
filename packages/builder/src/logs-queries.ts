/** @module GraphQL operations for a project's function logs (issue 19). */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { gql } from './api.ts';
import { graphql, type ResultOf } from './graphql.ts';
import { queryKeys } from './query-client.ts';
import { type RoomEvent, useRoom } from './use-room.ts';

const ProjectLogsQuery =
  graphql(`query ProjectLogs($id: ID!, $branch: String, $limit: Int) { project(id: $id) {
  id logs(branch: $branch, limit: $limit) { id branch level source message method path status durationMs createdAt } } }`);

export type FunctionLog = NonNullable<ResultOf<typeof ProjectLogsQuery>['project']>['logs'][number];

/** The newest entries (newest first) of the preview's (`development`) or the published app's (`main`) functions. */
export async function fetchFunctionLogs(
  projectId: string,
  branch: 'development' | 'main',
  limit = 200,
): Promise<FunctionLog[]> {
  const data = await gql(ProjectLogsQuery, { id: projectId, branch, limit });
  return data.project?.logs ?? [];
}

/** Without the room (reconnecting), the Logs tab reads the log this often. */
export const LOGS_POLL_MS = 5000;

/**
 * The Logs tab's read (TanStack Query), cached per project and branch, following new entries: the project's
 * room says when a function wrote some (`function-logs`, per branch) and a burst of them is read once, a
 * moment later; while the room is not connected the log is read every `LOGS_POLL_MS`.
 */
export function useFunctionLogs(projectId: string, organizationId: string, branch: 'development' | 'main') {
  const client = useQueryClient();
  // One scheduled read per branch.
  const pending = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const onEvent = useCallback(
    (event: RoomEvent) => {
      if (event.type !== 'function-logs' || pending.current.has(event.branch)) return;
      const key = queryKeys.functionLogs(projectId, event.branch as 'development' | 'main');
      pending.current.set(
        event.branch,
        setTimeout(() => {
          pending.current.delete(event.branch);
          void client.invalidateQueries({ queryKey: key });
        }, 300),
      );
    },
    [client, projectId],
  );
  useEffect(() => {
    const timers = pending.current;
    return () => {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    };
  }, []);
  const { connected } = useRoom(`app-builder:${organizationId}:${projectId}`, onEvent);
  const query = useQuery({
    queryKey: queryKeys.functionLogs(projectId, branch),
    queryFn: () => fetchFunctionLogs(projectId, branch),
    // Entries written while the tab was closed came with no one listening: opening it reads again.
    refetchOnMount: 'always',
    refetchInterval: connected ? false : LOGS_POLL_MS,
  });
  return { ...query, connected };
}
