/** Project groups: create, rename, delete, their projects, and their revisions (list and restore). */
import { desc, eq } from 'drizzle-orm';
import { projects as projectsTable } from '../../db/schema';
import { listProjectGroupRevisions, restoreProjectGroupRevision } from '../../project-group-revisions';
import {
  createProjectGroup,
  deleteProjectGroup,
  type ProjectGroup,
  renameProjectGroup,
} from '../../project-groups';
import { restoreRevision } from '../../revisions';
import { type GraphQLContext, iso, requireUser } from '../context';
import type {
  MutationCreateProjectGroupArgs,
  MutationDeleteProjectGroupArgs,
  MutationRenameProjectGroupArgs,
  MutationRestoreProjectGroupRevisionArgs,
  ProjectGroupRevisionsArgs,
} from '../schema.gen';

export const Mutation = {
  restoreProjectGroupRevision: async (
    _: unknown,
    a: MutationRestoreProjectGroupRevisionArgs,
    ctx: GraphQLContext,
  ) => {
    const user = requireUser(ctx);
    const { revision, changed } = await restoreProjectGroupRevision(
      ctx.db,
      user,
      a,
      (db, projectId, revisionId) =>
        restoreRevision(db, user, { projectId, revisionId }, { recordGroup: false }),
    );
    for (const projectId of changed) ctx.onProjectChanged(projectId);
    return (await listProjectGroupRevisions(ctx.db, a.projectGroupId, 1))[0] ?? revision;
  },
  createProjectGroup: (_: unknown, a: MutationCreateProjectGroupArgs, ctx: GraphQLContext) =>
    createProjectGroup(ctx.db, requireUser(ctx), a),
  renameProjectGroup: (_: unknown, a: MutationRenameProjectGroupArgs, ctx: GraphQLContext) =>
    renameProjectGroup(ctx.db, requireUser(ctx), a),
  deleteProjectGroup: (_: unknown, a: MutationDeleteProjectGroupArgs, ctx: GraphQLContext) =>
    deleteProjectGroup(ctx.db, requireUser(ctx), a.id),
};

export const types = {
  ProjectGroup: {
    createdAt: (g: ProjectGroup) => iso(g.createdAt),
    projects: (g: ProjectGroup, _: unknown, ctx: GraphQLContext) =>
      ctx.db
        .select()
        .from(projectsTable)
        .where(eq(projectsTable.projectGroupId, g.id))
        .orderBy(desc(projectsTable.createdAt)),
    revisions: (g: ProjectGroup, a: ProjectGroupRevisionsArgs, ctx: GraphQLContext) =>
      listProjectGroupRevisions(ctx.db, g.id, a.limit ?? 100),
  },
  ProjectGroupRevision: { createdAt: (r: { createdAt: Date }) => iso(r.createdAt) },
};
