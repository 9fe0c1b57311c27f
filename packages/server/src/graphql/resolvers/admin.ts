/** Administration: the user list and user updates. */
import { listUsers, updateUser } from '../../admin';
import { type GraphQLContext, iso, requireUser } from '../context';
import type { MutationUpdateUserArgs } from '../schema.gen';

export const Query = {
  users: (_: unknown, __: unknown, ctx: GraphQLContext) => listUsers(ctx.db, requireUser(ctx)),
};

export const Mutation = {
  updateUser: (_: unknown, a: MutationUpdateUserArgs, ctx: GraphQLContext) =>
    updateUser(ctx.db, requireUser(ctx), a),
};

export const types = {
  AdminUser: { createdAt: (u: { createdAt: Date }) => iso(u.createdAt) },
};
