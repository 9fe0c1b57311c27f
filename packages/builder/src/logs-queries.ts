/** @module GraphQL operations for a project's function logs (issue 19). */
import { gql } from './api.ts';
import { graphql, type ResultOf } from './graphql.ts';

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
