/**
 * @module The code editor's module operations beyond saving one file (`saveModule`, in revisions.ts): New Page /
 * New Component / New Function / New Mobile Page, rename and delete, and a migration written by hand — each a
 * CODE_CHANGE hand revision.
 */
import { addMigration, createModule, deleteModule, renameModule } from '../../hand-revisions';
import { type GraphQLContext, requireUser } from '../context';
import type {
  MutationAddMigrationArgs,
  MutationCreateModuleArgs,
  MutationDeleteModuleArgs,
  MutationRenameModuleArgs,
} from '../schema.gen';

export const Query = {};

export const Mutation = {
  createModule: async (_: unknown, a: MutationCreateModuleArgs, ctx: GraphQLContext) => {
    const revision = await createModule(ctx.db, requireUser(ctx), a);
    ctx.onQueued();
    ctx.onProjectChanged(revision.projectId);
    return revision;
  },
  renameModule: async (_: unknown, a: MutationRenameModuleArgs, ctx: GraphQLContext) => {
    const revision = await renameModule(ctx.db, requireUser(ctx), a);
    ctx.onQueued();
    ctx.onProjectChanged(revision.projectId);
    return revision;
  },
  deleteModule: async (_: unknown, a: MutationDeleteModuleArgs, ctx: GraphQLContext) => {
    const revision = await deleteModule(ctx.db, requireUser(ctx), a);
    ctx.onQueued();
    ctx.onProjectChanged(revision.projectId);
    return revision;
  },
  addMigration: async (_: unknown, a: MutationAddMigrationArgs, ctx: GraphQLContext) => {
    const revision = await addMigration(ctx.db, requireUser(ctx), a, async (projectId) =>
      (await ctx.backend.migrations(projectId)).map((m) => m.name),
    );
    ctx.onQueued();
    ctx.onProjectChanged(revision.projectId);
    return revision;
  },
};

export const types = {};
