/** @module Top-down chat: one request over several projects of a group (sendGroupMessage). */

import { checkPendingAttachments } from '../../chat-attachments';
import { assertSafe } from '../../content-safety';
import { listProjectGroupRevisions } from '../../project-group-revisions';
import { sendGroupMessage } from '../../top-down-chat';
import { type GraphQLContext, requireUser } from '../context';
import type { MutationSendGroupMessageArgs } from '../schema.gen';

export const Mutation = {
  sendGroupMessage: async (_: unknown, a: MutationSendGroupMessageArgs, ctx: GraphQLContext) => {
    const user = requireUser(ctx);
    await assertSafe(ctx.classifier, a.text);
    // Images uploaded to POST /api/attachments (the dialog has no single project to upload to).
    const attachments = await checkPendingAttachments(ctx.db, ctx.files, user.id, a.attachments);
    const { groupRevision, revisions } = await sendGroupMessage(
      ctx.db,
      user,
      { ...a, attachments },
      { origins: ctx.origins, backend: ctx.backend, files: ctx.files },
    );
    ctx.onQueued();
    for (const r of revisions) ctx.onProjectChanged(r.projectId);
    return (await listProjectGroupRevisions(ctx.db, a.projectGroupId, 1))[0] ?? groupRevision;
  },
};
