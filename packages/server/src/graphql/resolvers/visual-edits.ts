/**
 * @module Visual edits from the preview's Select mode: `visualEdit` (TEXT_CHANGE, IMAGE_CHANGE, LINK_CHANGE,
 * DELETION hand revisions), `patchElement` (a UI_PATCH generation for one element) and `elementOrigins` (where an
 * element's text, image and link are written, asked before an edit). See `visual-edits.ts`.
 */
import { elementOrigins, patchElement, visualEdit } from '../../visual-edits';
import { type GraphQLContext, requireUser } from '../context';
import type {
  MutationPatchElementArgs,
  MutationVisualEditArgs,
  QueryElementOriginsArgs,
} from '../schema.gen';

export const Query = {
  elementOrigins: (_: unknown, a: QueryElementOriginsArgs, ctx: GraphQLContext) =>
    elementOrigins(ctx.db, requireUser(ctx), { ...a, baseRevisionId: a.revisionId }),
};

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
