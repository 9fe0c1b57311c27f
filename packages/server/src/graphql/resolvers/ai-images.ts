/** AI images: the organisation's image model (`organization.imageModel`, `updateImageModel`), ADMIN and up. */

import { KilnError } from '@kiln/core';
import { AI_IMAGE_CREDITS, type ImageModelView } from '../../ai-images/index';
import { type GraphQLContext, requireUser } from '../context';
import type { MutationUpdateImageModelArgs } from '../schema.gen';

const withCost = (v: ImageModelView) => ({ ...v, creditsPerImage: AI_IMAGE_CREDITS });

function images(ctx: GraphQLContext) {
  if (!ctx.aiImages) throw new KilnError('not_found', 'Image generation is not available on this server.');
  return ctx.aiImages;
}

export const Mutation = {
  updateImageModel: async (_: unknown, a: MutationUpdateImageModelArgs, ctx: GraphQLContext) =>
    withCost(await images(ctx).update(requireUser(ctx), a)),
};

export const organizationFields = {
  imageModel: async (o: { id: string }, _: unknown, ctx: GraphQLContext) =>
    withCost(await images(ctx).settings(requireUser(ctx), o.id)),
};
