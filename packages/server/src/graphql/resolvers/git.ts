/**
 * @module Project git (issue 17): `Project.git` (EDITOR+), `setGitRemote` (ADMIN+: it stores a credential and
 * decides where the code goes) and `pushToGit` (EDITOR+: who may build may publish the history).
 */
import { KilnError } from '@kiln/core';
import type { GitPush, ProjectGit } from '../../git/index';
import { ROLE_RANK, requireRole, roleIn } from '../../permissions';
import { getProject } from '../../projects';
import { type GraphQLContext, iso, requireUser } from '../context';
import type { MutationPushToGitArgs, MutationSetGitRemoteArgs } from '../schema.gen';

/** Time the answer's own fields get after git work that outlasted the request's budget. */
const ANSWER_MS = 1_000;

/** The service, or an error saying git history is not available on this server. */
function gitOf(ctx: GraphQLContext): ProjectGit {
  if (!ctx.git) throw new KilnError('internal', 'Git history is not available on this Kiln server.');
  return ctx.git;
}

/**
 * A push or a first catch-up of a long history is bounded by git's own time limit, not the request's budget:
 * after one, the answer's own fields still get a moment to resolve.
 */
function answered<T>(ctx: GraphQLContext, value: T): T {
  ctx.deadline = Math.max(ctx.deadline, Date.now() + ANSWER_MS);
  return value;
}

export const Mutation = {
  setGitRemote: async (_: unknown, a: MutationSetGitRemoteArgs, ctx: GraphQLContext) => {
    const user = requireUser(ctx);
    const project = await getProject(ctx.db, user, a.projectId);
    await requireRole(ctx.db, project.organizationId, user.id, 'ADMIN');
    const git = gitOf(ctx);
    await git.setRemote({ projectId: project.id, url: a.url, token: a.token, userId: user.id });
    return answered(ctx, await git.status(project.id));
  },
  pushToGit: async (_: unknown, a: MutationPushToGitArgs, ctx: GraphQLContext) => {
    const project = await getProject(ctx.db, requireUser(ctx), a.projectId, 'EDITOR');
    return answered(ctx, await gitOf(ctx).push(project.id));
  },
};

/** Fields of `Project` (merged into index.ts's Project resolvers). */
export const Project = {
  git: async (p: { id: string; organizationId: string }, _: unknown, ctx: GraphQLContext) => {
    const role = await roleIn(ctx.db, p.organizationId, requireUser(ctx).id);
    if (!role || ROLE_RANK[role] < ROLE_RANK.EDITOR) return null;
    return answered(ctx, await gitOf(ctx).status(p.id));
  },
};

export const types = {
  GitPush: { at: (g: GitPush) => iso(g.at) },
};
