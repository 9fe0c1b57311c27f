/**
 * @module GraphQL operations for a project's own database: its tables (with rows) on the development branch
 * (what the preview uses) or the main branch (the published app's), and the migrations that made them.
 */
import { gql } from './api.ts';
import { graphql, type ResultOf } from './graphql.ts';

export type DatabaseBranch = 'development' | 'main';

const AppDatabaseQuery =
  graphql(`query AppDatabase($id: ID!, $branch: String!, $limit: Int!) { project(id: $id) {
  database {
    id name status sizeBytes(branch: $branch) sizeLimitBytes
    tables(branch: $branch) { name rowCount publicRead columns { name type nullable } rows(limit: $limit) }
    migrations { id name sql status error createdAt publishedAt } } } }`);

/**
 * A project's database on one branch: each table's columns, row count, `publicRead` (visitors of the published
 * app may read it through `/api/db/{databaseId}`, off by default) and rows as JSON text, newest first.
 */
export type AppDatabase = NonNullable<ResultOf<typeof AppDatabaseQuery>['project']>['database'];
export type AppTable = AppDatabase['tables'][number];
export type AppMigration = AppDatabase['migrations'][number];

/** The database with every table's first `limit` rows on one branch. */
export async function fetchAppDatabase(
  projectId: string,
  branch: DatabaseBranch,
  limit = 50,
): Promise<AppDatabase | null> {
  const data = await gql(AppDatabaseQuery, { id: projectId, branch, limit });
  return data.project?.database ?? null;
}

const SetTablePublicRead =
  graphql(`mutation SetTablePublicRead($projectId: ID!, $table: String!, $publicRead: Boolean!) {
  setTablePublicRead(projectId: $projectId, table: $table, publicRead: $publicRead) { publicRead } }`);

/** EDITOR and up: opens or closes one table for public reading on the published app. */
export async function setTablePublicRead(
  projectId: string,
  table: string,
  publicRead: boolean,
): Promise<boolean> {
  const data = await gql(SetTablePublicRead, { projectId, table, publicRead });
  return data.setTablePublicRead.publicRead;
}
