/** A generated app's database in the builder: its tables (rows, public read), migrations and size per branch. */
import { type DatabaseBranch, KilnError } from '@kiln/core';
import { limitForJson } from '../../plan-limits';
import { getProject } from '../../projects';
import { type GraphQLContext, iso, requireUser } from '../context';
import type {
  AppDatabaseSizeBytesArgs,
  AppDatabaseTablesArgs,
  AppTableRowsArgs,
  MutationSetTablePublicReadArgs,
} from '../schema.gen';

/** A database branch argument: development (the preview's) unless main is asked for. */
function databaseBranch(value: string | null | undefined): DatabaseBranch {
  if (value === undefined || value === null || value === 'development') return 'development';
  if (value === 'main') return 'main';
  throw new KilnError('validation', 'branch must be main or development.');
}

export const Mutation = {
  setTablePublicRead: async (_: unknown, a: MutationSetTablePublicReadArgs, ctx: GraphQLContext) => {
    await getProject(ctx.db, requireUser(ctx), a.projectId, 'EDITOR');
    await ctx.backend.setTablePublicRead(a.projectId, a.table, a.publicRead);
    const branch = 'development' as const;
    const tables = await ctx.backend.databases.tables({ projectId: a.projectId, branch });
    const table = tables.find((t) => t.name === a.table) ?? { name: a.table, columns: [], rowCount: 0 };
    return { ...table, projectId: a.projectId, branch, publicRead: a.publicRead };
  },
};

export const types = {
  AppDatabase: {
    tables: async (d: { projectId: string }, a: AppDatabaseTablesArgs, ctx: GraphQLContext) => {
      const branch = databaseBranch(a.branch);
      const [tables, open] = await Promise.all([
        ctx.backend.databases.tables({ projectId: d.projectId, branch }),
        ctx.backend.publicTables(d.projectId),
      ]);
      return tables.map((t) => ({ ...t, projectId: d.projectId, branch, publicRead: open.has(t.name) }));
    },
    migrations: async (d: { projectId: string }, _: unknown, ctx: GraphQLContext) =>
      (await ctx.backend.migrations(d.projectId)).map((m) => ({
        ...m,
        createdAt: iso(m.createdAt),
        publishedAt: m.publishedAt ? iso(m.publishedAt) : null,
      })),
    sizeBytes: (d: { projectId: string }, a: AppDatabaseSizeBytesArgs, ctx: GraphQLContext) =>
      ctx.backend.databases.size({ projectId: d.projectId, branch: databaseBranch(a.branch) }),
    /** Bytes each branch may hold on the project's plan (issue 14: enforced on writes); null when unlimited. */
    sizeLimitBytes: async (d: { projectId: string }, _: unknown, ctx: GraphQLContext) =>
      limitForJson((await ctx.backend.sizeLimits.forProject(d.projectId)).limit),
  },
  AppTable: {
    rows: async (
      t: { projectId: string; branch: DatabaseBranch; name: string },
      a: AppTableRowsArgs,
      ctx: GraphQLContext,
    ) => {
      const rows = await ctx.backend.databases.rows({ projectId: t.projectId, branch: t.branch }, t.name, {
        limit: Math.min(Math.max(a.limit ?? 50, 1), 200),
        offset: Math.max(a.offset ?? 0, 0),
      });
      return rows.map((r) => JSON.stringify(r));
    },
  },
};
