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

/** The service, or an error saying git history is not available on this server. */
function gitOf(ctx: GraphQLContext): ProjectGit {
  if (!ctx.git) throw new KilnError('internal', 'Git history is not available on this Kiln server.');
  return ctx.git;
}

export const Mutation = {
  setGitRemote: async (_: unknown, a: MutationSetGitRemoteArgs, ctx: GraphQLContext) => {
    const user = requireUser(ctx);
    const project = await getProject(ctx.db, user, a.projectId);
    await requireRole(ctx.db, project.organizationId, user.id, 'ADMIN');
    const git = gitOf(ctx);
    await git.setRemote({ projectId: project.id, url: a.url, token: a.token, userId: user.id });
    return git.status(project.id);
  },
  pushToGit: async (_: unknown, a: MutationPushToGitArgs, ctx: GraphQLContext) => {
    const project = await getProject(ctx.db, requireUser(ctx), a.projectId, 'EDITOR');
    return gitOf(ctx).push(project.id);
  },
};

/** Fields of `Project` (merged into index.ts's Project resolvers). */
export const Project = {
  git: async (p: { id: string; organizationId: string }, _: unknown, ctx: GraphQLContext) => {
    const role = await roleIn(ctx.db, p.organizationId, requireUser(ctx).id);
    if (!role || ROLE_RANK[role] < ROLE_RANK.EDITOR) return null;
    return gitOf(ctx).status(p.id);
  },
};

export const types = {
  GitPush: { at: (g: GitPush) => iso(g.at) },
};
