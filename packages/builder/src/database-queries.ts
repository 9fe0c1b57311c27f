/**
 * @module GraphQL operations for a project's own database: its tables (with rows) on the development branch
 * (what the preview uses) or the main branch (the published app's), and the migrations that made them.
 */
import { gql } from './api.ts';

export type DatabaseBranch = 'development' | 'main';

export interface AppTable {
  name: string;
  columns: { name: string; type: string; nullable: boolean }[];
  rowCount: number;
  /** Visitors of the published app may read this table through `/api/db/{databaseId}` (off by default). */
  publicRead: boolean;
  /** Rows as JSON text, newest first. */
  rows: string[];
}

export interface AppMigration {
  id: string;
  name: string;
  sql: string;
  status: string;
  error: string | null;
  createdAt: string;
  publishedAt: string | null;
}

export interface AppDatabase {
  id: string;
  name: string;
  status: string;
  sizeBytes: number;
  tables: AppTable[];
  migrations: AppMigration[];
}

/** The database with every table's first `limit` rows on one branch. */
export async function fetchAppDatabase(
  projectId: string,
  branch: DatabaseBranch,
  limit = 50,
): Promise<AppDatabase | null> {
  const query = `query AppDatabase($id: ID!, $branch: String!, $limit: Int!) { project(id: $id) { database {
    id name status sizeBytes(branch: $branch)
    tables(branch: $branch) { name rowCount publicRead columns { name type nullable } rows(limit: $limit) }
    migrations { id name sql status error createdAt publishedAt } } } }`;
  const data = await gql<{ project: { database: AppDatabase } | null }>(query, {
    id: projectId,
    branch,
    limit,
  });
  return data.project?.database ?? null;
}

/** EDITOR and up: opens or closes one table for public reading on the published app. */
export async function setTablePublicRead(
  projectId: string,
  table: string,
  publicRead: boolean,
): Promise<boolean> {
  const data = await gql<{ setTablePublicRead: { publicRead: boolean } }>(
    `mutation SetTablePublicRead($projectId: ID!, $table: String!, $publicRead: Boolean!) {
      setTablePublicRead(projectId: $projectId, table: $table, publicRead: $publicRead) { publicRead } }`,
    { projectId, table, publicRead },
  );
  return data.setTablePublicRead.publicRead;
}
