/**
 * @module Visual edits from the preview's Select mode: `visualEdit` (TEXT_CHANGE, IMAGE_CHANGE, LINK_CHANGE,
 * DELETION hand revisions) and `patchElement` (a UI_PATCH generation for one element). See `visual-edits.ts`.
 */
import { patchElement, visualEdit } from '../../visual-edits';
import { type GraphQLContext, requireUser } from '../context';
import type { MutationPatchElementArgs, MutationVisualEditArgs } from '../schema.gen';

export const Query = {};

export const Mutation = {
  visualEdit: async (_: unknown, a: MutationVisualEditArgs, ctx: GraphQLContext) => {
    const revision = await visualEdit(ctx.db, requireUser(ctx), a);
    ctx.onQueued();
    ctx.onProjectChanged(revision.projectId);
    return revision;
  },
  patchElement: async (_: unknown, a: MutationPatchElementArgs, ctx: GraphQLContext) => {
    const revision = await patchElement(ctx.db, requireUser(ctx), a);
    ctx.onQueued();
    ctx.onProjectChanged(revision.projectId);
    return revision;
  },
};

export const types = {};
