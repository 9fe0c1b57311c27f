/**
 * Issue 22: plan mode (sendMessage with mode DISCUSSION), project and organisation knowledge, and expert mode
 * (the organisation's expert model, picked per message). The services are discussions.ts, knowledge.ts and
 * model-settings.ts; sendMessage itself stays in resolvers/revisions.ts and hands DISCUSSION over here.
 * @module
 */
import { checkAttachments } from '../../chat-attachments';
import { assertSafe } from '../../content-safety';
import { cancelDiscussion, sendDiscussion } from '../../discussions';
import {
  acceptKnowledgeProposal,
  organizationKnowledgeText,
  projectKnowledgeText,
  updateOrganizationKnowledge,
  updateProjectKnowledge,
} from '../../knowledge';
import { hasExpertModel } from '../../model-settings';
import type { Organization } from '../../organizations';
import { getProject, type Project, type Revision, type RevisionSummary } from '../../projects';
import { type GraphQLContext, requireUser } from '../context';
import type {
  MutationAcceptKnowledgeProposalArgs,
  MutationCancelDiscussionArgs,
  MutationSendMessageArgs,
  MutationUpdateExpertModelArgs,
  MutationUpdateOrganizationKnowledgeArgs,
  MutationUpdateProjectKnowledgeArgs,
} from '../schema.gen';

export const Query = {};

/** sendMessage with mode DISCUSSION: queues the answer; the latest revision comes back unchanged. */
export async function sendDiscussionMessage(
  a: MutationSendMessageArgs,
  ctx: GraphQLContext,
): Promise<Revision> {
  const user = requireUser(ctx);
  await assertSafe(ctx.classifier, a.text);
  // Images the builder uploaded to the project's chat go with the question too (chat-attachments.ts).
  const attachments = await checkAttachments(ctx.db, ctx.files, a.projectId, a.attachments);
  const revision = await sendDiscussion(ctx.db, user, { ...a, attachments });
  ctx.onQueued();
  ctx.onProjectChanged(a.projectId);
  return revision;
}

export const Mutation = {
  cancelDiscussion: async (_: unknown, a: MutationCancelDiscussionArgs, ctx: GraphQLContext) => {
    const questionId = await cancelDiscussion(ctx.db, requireUser(ctx), a.projectId);
    // This process aborts its run now; another process answering it notices at its next heartbeat.
    if (questionId) ctx.onCancel(questionId);
    ctx.onProjectChanged(a.projectId);
    return questionId !== null;
  },
  updateProjectKnowledge: async (_: unknown, a: MutationUpdateProjectKnowledgeArgs, ctx: GraphQLContext) => {
    await assertSafe(ctx.classifier, a.text);
    const text = await updateProjectKnowledge(ctx.db, requireUser(ctx), a);
    ctx.onProjectChanged(a.projectId);
    return text;
  },
  updateOrganizationKnowledge: async (
    _: unknown,
    a: MutationUpdateOrganizationKnowledgeArgs,
    ctx: GraphQLContext,
  ) => {
    await assertSafe(ctx.classifier, a.text);
    return updateOrganizationKnowledge(ctx.db, requireUser(ctx), a);
  },
  acceptKnowledgeProposal: async (
    _: unknown,
    a: MutationAcceptKnowledgeProposalArgs,
    ctx: GraphQLContext,
  ) => {
    const { projectId, text } = await acceptKnowledgeProposal(ctx.db, requireUser(ctx), a);
    ctx.onProjectChanged(projectId);
    return text;
  },
  updateExpertModel: (_: unknown, a: MutationUpdateExpertModelArgs, ctx: GraphQLContext) =>
    ctx.models.updateExpert(requireUser(ctx), a),
};

/** Fields added to Project (merged in graphql/index.ts). */
export const projectFields = {
  knowledge: async (p: Project, _: unknown, ctx: GraphQLContext) => {
    await getProject(ctx.db, requireUser(ctx), p.id);
    return projectKnowledgeText(ctx.db, p.id);
  },
  organizationKnowledge: async (p: Project, _: unknown, ctx: GraphQLContext) => {
    await getProject(ctx.db, requireUser(ctx), p.id);
    return organizationKnowledgeText(ctx.db, p.organizationId);
  },
};

/** Fields added to Organization (the parent resolver checked membership). */
export const organizationFields = {
  knowledge: (o: Organization, _: unknown, ctx: GraphQLContext) => organizationKnowledgeText(ctx.db, o.id),
  hasExpertModel: (o: Organization, _: unknown, ctx: GraphQLContext) => hasExpertModel(ctx.db, o.id),
  expertModel: (o: Organization, _: unknown, ctx: GraphQLContext) =>
    ctx.models.expertSettings(requireUser(ctx), o.id),
};

/** Fields added to Revision and Message. */
export const revisionFields = {
  expert: (r: RevisionSummary) => r.context?.expert === true,
};
export const messageFields = {
  mode: (m: { mode: string | null }) => (m.mode === 'DISCUSSION' ? 'DISCUSSION' : 'CHAT'),
  expert: (m: { expert?: boolean | null }) => m.expert === true,
};

export const types = {};
