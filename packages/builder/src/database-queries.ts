/**
 * @module GraphQL operations for a project's own database: its tables (with rows) on the development branch
 * (what the preview uses) or the main branch (the published app's), and the migrations that made them.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { gql } from './api.ts';
import { graphql, type ResultOf } from './graphql.ts';
import { queryKeys } from './query-client.ts';

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

/**
 * The Database tab's read (TanStack Query): cached per project, branch and revision, so switching branches shows
 * only the chosen branch's rows (never the other branch's, whichever read answers last), and a finished or
 * restored revision (a new `revisionKey`: it may have changed the tables or brought other rows back) is read
 * again even when the tab was closed meanwhile; the same branch's rows stay on screen until then. Read again
 * on focus and on reconnect too. `load` is the read itself (a test passes its own).
 */
export function useAppDatabase(
  projectId: string,
  branch: DatabaseBranch,
  revisionKey: string,
  load: (projectId: string, branch: DatabaseBranch) => Promise<AppDatabase | null> = fetchAppDatabase,
) {
  return useQuery({
    queryKey: queryKeys.appDatabase(projectId, branch, revisionKey),
    queryFn: () => load(projectId, branch),
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === branch ? previous : undefined,
  });
}

/**
 * Opens or closes a table for public reading, shown at once in the cached database (both branches: the
 * setting belongs to the table), put back if the server refuses; the database is read again either way.
 */
export function usePublicReadChange(projectId: string) {
  const client = useQueryClient();
  const prefix = queryKeys.appDatabases(projectId);
  return useMutation({
    mutationFn: ({ table, publicRead }: { table: string; publicRead: boolean }) =>
      setTablePublicRead(projectId, table, publicRead),
    onMutate: async ({ table, publicRead }) => {
      await client.cancelQueries({ queryKey: prefix });
      const before = client.getQueriesData<AppDatabase | null>({ queryKey: prefix });
      client.setQueriesData<AppDatabase | null>({ queryKey: prefix }, (db) =>
        db ? { ...db, tables: db.tables.map((t) => (t.name === table ? { ...t, publicRead } : t)) } : db,
      );
      return () => {
        for (const [key, value] of before) client.setQueryData(key, value);
      };
    },
    onError: (_error, _change, undo) => undo?.(),
    onSettled: () => client.invalidateQueries({ queryKey: prefix }),
  });
}
