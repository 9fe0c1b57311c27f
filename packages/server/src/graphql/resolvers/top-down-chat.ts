/** @module Top-down chat: one request over several projects of a group (sendGroupMessage). */

import { assertSafe } from '../../content-safety';
import { listProjectGroupRevisions } from '../../project-group-revisions';
import { sendGroupMessage } from '../../top-down-chat';
import { type GraphQLContext, requireUser } from '../context';
import type { MutationSendGroupMessageArgs } from '../schema.gen';

export const Mutation = {
  sendGroupMessage: async (_: unknown, a: MutationSendGroupMessageArgs, ctx: GraphQLContext) => {
    const user = requireUser(ctx);
    await assertSafe(ctx.classifier, a.text);
    const { groupRevision, revisions } = await sendGroupMessage(ctx.db, user, a, {
      origins: ctx.origins,
      backend: ctx.backend,
    });
    ctx.onQueued();
    for (const r of revisions) ctx.onProjectChanged(r.projectId);
    return (await listProjectGroupRevisions(ctx.db, a.projectGroupId, 1))[0] ?? groupRevision;
  },
};
