/**
 * Revisions and the chat that makes them: send a message, fix an error, cancel a generation, restore or diff
 * revisions, and what the preview reports back (first render, preview errors).
 */
import { filePathToRoute, KilnError, moduleName, sortModules } from '@kiln/core';
import { and, eq, sql } from 'drizzle-orm';
import { type ChatAttachment, checkAttachments, shownAttachments } from '../../chat-attachments';
import { assertSafe } from '../../content-safety';
import { cachedCss } from '../../css';
import { revisions } from '../../db/schema';
import { designSystemCss } from '../../design-system';
import { saveModule } from '../../hand-revisions';
import { modulePathSegment } from '../../jobs/generated-modules';
import { finishCanceled } from '../../jobs/worker';
import { messageCost } from '../../message-costs';
import { SERVER_MESSAGES as M } from '../../messages';
import {
  cancelGeneration,
  fixError,
  getProject,
  getRevision,
  type Revision,
  type RevisionSummary,
  sendMessage,
} from '../../projects';
import { diffRevisions, restoreRevision } from '../../revisions';
import { type GraphQLContext, iso, oncePerRequest, requireUser } from '../context';
import type {
  MutationCancelGenerationArgs,
  MutationFixErrorArgs,
  MutationMarkRenderedArgs,
  MutationReportPreviewErrorArgs,
  MutationRestoreRevisionArgs,
  MutationSaveModuleArgs,
  MutationSendMessageArgs,
  QueryRevisionDiffArgs,
} from '../schema.gen';
import { sendDiscussionMessage } from './plan';
import { readableProject } from './projects';

/** A project's snapshot list, read once per request however many revisions ask. */
const snapshotsOf = oncePerRequest((ctx, projectId) => ctx.backend.snapshots.revisionIds(projectId));

/** The modules of a revision that came without them ({@link RevisionSummary}), read once per request. */
const storedModules = oncePerRequest((ctx, revisionId) =>
  ctx.db
    .select({ modules: revisions.modules })
    .from(revisions)
    .where(eq(revisions.id, revisionId))
    .then(([row]) => row?.modules ?? []),
);

/** A revision's modules: those it came with, else read once per request. */
function modulesOf(ctx: GraphQLContext, r: RevisionSummary): Promise<Revision['modules']> {
  return r.modules ? Promise.resolve(r.modules) : storedModules(ctx, r.id);
}

export const Query = {
  revisionDiff: (_: unknown, a: QueryRevisionDiffArgs, ctx: GraphQLContext) =>
    diffRevisions(ctx.db, requireUser(ctx), a),
};

export const Mutation = {
  sendMessage: async (_: unknown, a: MutationSendMessageArgs, ctx: GraphQLContext) => {
    // Plan mode: answered without a revision (resolvers/plan.ts).
    if (a.mode === 'DISCUSSION') return sendDiscussionMessage(a, ctx);
    requireUser(ctx);
    await assertSafe(ctx.classifier, a.text);
    // Images the builder uploaded to the project's chat (chat-attachments.ts), checked before anything is queued.
    const attachments = await checkAttachments(ctx.db, ctx.files, a.projectId, a.attachments);
    const revision = await sendMessage(ctx.db, requireUser(ctx), { ...a, attachments });
    ctx.onQueued();
    ctx.onProjectChanged(revision.projectId);
    return revision;
  },
  fixError: async (_: unknown, a: MutationFixErrorArgs, ctx: GraphQLContext) => {
    const revision = await fixError(ctx.db, requireUser(ctx), a);
    ctx.onQueued();
    ctx.onProjectChanged(revision.projectId);
    return revision;
  },
  cancelGeneration: async (_: unknown, a: MutationCancelGenerationArgs, ctx: GraphQLContext) => {
    const { revision, running } = await cancelGeneration(
      ctx.db,
      requireUser(ctx),
      a.projectId,
      finishCanceled,
    );
    if (running) ctx.onCancel(revision.id);
    else ctx.onProjectChanged(a.projectId);
    return revision;
  },
  markRendered: async (_: unknown, a: MutationMarkRenderedArgs, ctx: GraphQLContext) => {
    const rev = await getRevision(ctx.db, a.revisionId);
    if (!rev) throw new KilnError('not_found', M.revisionNotFound);
    await getProject(ctx.db, requireUser(ctx), rev.projectId, 'EDITOR');
    if (!rev.firstRenderedAt) {
      await ctx.db.update(revisions).set({ firstRenderedAt: new Date() }).where(eq(revisions.id, rev.id));
    }
    return true;
  },
  reportPreviewError: async (_: unknown, a: MutationReportPreviewErrorArgs, ctx: GraphQLContext) => {
    const rev = await getRevision(ctx.db, a.revisionId);
    if (!rev) throw new KilnError('not_found', M.revisionNotFound);
    await getProject(ctx.db, requireUser(ctx), rev.projectId);
    if (a.mode !== 'web' && a.mode !== 'mobile')
      throw new KilnError('validation', 'mode must be web or mobile.');
    // The user's own generated code failed, not Kiln: a warning line with what Fix it would be sent.
    ctx.log('preview error', {
      projectId: rev.projectId,
      revisionId: rev.id,
      filePath: a.filePath.slice(0, 300),
      mode: a.mode,
      message: a.message.slice(0, 2000),
    });
    return true;
  },
  saveModule: async (_: unknown, a: MutationSaveModuleArgs, ctx: GraphQLContext) => {
    const revision = await saveModule(ctx.db, requireUser(ctx), a);
    ctx.onQueued();
    ctx.onProjectChanged(revision.projectId);
    return revision;
  },
  restoreRevision: async (_: unknown, a: MutationRestoreRevisionArgs, ctx: GraphQLContext) => {
    const user = requireUser(ctx);
    if (a.withData) {
      // Data first: a snapshot that is gone refuses the whole restore before anything changes.
      await getProject(ctx.db, user, a.projectId, 'EDITOR');
      await ctx.backend.snapshots.restore(a.projectId, a.revisionId);
      await ctx.backend.applyDevelopmentMigrations(a.projectId);
    }
    const revision = await restoreRevision(ctx.db, user, { ...a, withData: a.withData === true });
    // The restored state is itself a revision whose data can be brought back later.
    if ((await ctx.backend.migrations(a.projectId)).length > 0)
      await ctx.backend.snapshots.take(a.projectId, revision.id);
    ctx.onProjectChanged(a.projectId);
    return revision;
  },
};

export const types = {
  Revision: {
    createdAt: (r: RevisionSummary) => iso(r.createdAt),
    modules: async (r: RevisionSummary, _: unknown, ctx: GraphQLContext) =>
      sortModules(
        (await modulesOf(ctx, r)) as {
          moduleType: never;
          filePath: string;
          content: string;
          withCustomAuth?: boolean;
        }[],
      ).map((m) => ({
        ...m,
        name: moduleName(m.filePath),
        route: filePathToRoute(m.filePath),
        pathSegment: modulePathSegment(m.filePath),
        withCustomAuth: m.withCustomAuth === true,
      })),
    css: async (r: RevisionSummary, _: unknown, ctx: GraphQLContext) => {
      const p = await readableProject(ctx, r.projectId);
      return cachedCss(
        `${r.id}:${r.updatedAt.getTime()}`,
        async () => (await modulesOf(ctx, r)).map((m) => m.content),
        designSystemCss(p.designSystem),
        p.id,
      );
    },
    hasDataSnapshot: (r: RevisionSummary, _: unknown, ctx: GraphQLContext) =>
      snapshotsOf(ctx, r.projectId).then((ids) => ids.has(r.id)),
  },
  Message: {
    createdAt: (m: { createdAt: Date }) => iso(m.createdAt),
    blocks: (m: { blocks?: unknown[] | null }) => m.blocks ?? [],
    cost: (m: Parameters<typeof messageCost>[2], _: unknown, ctx: GraphQLContext) =>
      messageCost(ctx.db, ctx, m),
    attachments: async (
      m: {
        role: string;
        projectId: string;
        revisionId: string | null;
        attachments?: ChatAttachment[] | null;
      },
      _: unknown,
      ctx: GraphQLContext,
    ) => {
      if (m.role !== 'user') return [];
      // A plan-mode question keeps its own; a build message's are in its revision's context.
      if (m.attachments?.length) return shownAttachments(m.projectId, m.attachments);
      return m.revisionId
        ? shownAttachments(m.projectId, (await attachmentsOf(ctx, m.projectId)).get(m.revisionId))
        : [];
    },
  },
};

/** The attachments of a project's revisions that have any, read once per request however many messages ask. */
const attachmentsOf = oncePerRequest((ctx, projectId) =>
  ctx.db
    .select({ id: revisions.id, context: revisions.context })
    .from(revisions)
    .where(and(eq(revisions.projectId, projectId), sql`${revisions.context} ? 'attachments'`))
    .then((rows) => new Map(rows.map((r) => [r.id, r.context?.attachments ?? []]))),
);
