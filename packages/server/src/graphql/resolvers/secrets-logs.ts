/** Project secrets and function logs (issue 19): what a project's functions read and what they did. */
import { KilnError } from '@kiln/core';
import { deleteProjectSecret, listProjectSecrets, secretEnvironment } from '../../project-secrets';
import { getProject, sendMessage } from '../../projects';
import { type GraphQLContext, iso, requireUser } from '../context';
import type {
  MutationDeleteProjectSecretArgs,
  MutationSaveSecretAndContinueArgs,
  MutationSetProjectSecretArgs,
  ProjectLogsArgs,
} from '../schema.gen';

function logBranch(value: string | null | undefined) {
  if (value === undefined || value === null) return null;
  if (value === 'development' || value === 'main') return value;
  throw new KilnError('validation', 'branch must be main or development.');
}

/** The chat message that continues a generation once a secret it asked for is saved. */
export const continueText = (name: string) =>
  `I saved the secret ${name}: functions read it as process.env.${name}. Please continue.`;

/** Sets a secret for an EDITOR+ of its project; the user and what the API shows of the secret. */
async function saveSecret(a: MutationSetProjectSecretArgs, ctx: GraphQLContext) {
  const user = requireUser(ctx);
  await getProject(ctx.db, user, a.projectId, 'EDITOR');
  const secret = await ctx.backend.setSecret({
    projectId: a.projectId,
    name: a.name,
    value: a.value,
    environment: secretEnvironment(a.environment),
    userId: user.id,
  });
  return { user, secret };
}

export const Mutation = {
  setProjectSecret: async (_: unknown, a: MutationSetProjectSecretArgs, ctx: GraphQLContext) =>
    (await saveSecret(a, ctx)).secret,
  saveSecretAndContinue: async (_: unknown, a: MutationSaveSecretAndContinueArgs, ctx: GraphQLContext) => {
    const { user } = await saveSecret(a, ctx);
    // The conversation (and so the model) learns the name only.
    const revision = await sendMessage(ctx.db, user, {
      projectId: a.projectId,
      text: continueText(a.name),
      groupAction: 'SAVE_SECRET_AND_CONTINUE',
    });
    ctx.onQueued();
    ctx.onProjectChanged(revision.projectId);
    return revision;
  },
  deleteProjectSecret: async (_: unknown, a: MutationDeleteProjectSecretArgs, ctx: GraphQLContext) => {
    await getProject(ctx.db, requireUser(ctx), a.projectId, 'EDITOR');
    const environment = a.environment ? secretEnvironment(a.environment) : null;
    await deleteProjectSecret(ctx.db, { projectId: a.projectId, name: a.name, environment });
    await ctx.backend.secretsChanged(a.projectId);
    return true;
  },
};

/** Fields of `Project` (merged into index.ts's Project resolvers). */
export const Project = {
  secrets: (p: { id: string }, _: unknown, ctx: GraphQLContext) => listProjectSecrets(ctx.db, p.id),
  logs: (p: { id: string }, a: ProjectLogsArgs, ctx: GraphQLContext) =>
    ctx.backend.logs.list(p.id, { branch: logBranch(a.branch), limit: a.limit ?? 100 }),
};

export const types = {
  ProjectSecret: { updatedAt: (s: { updatedAt: Date }) => iso(s.updatedAt) },
  FunctionLog: { createdAt: (l: { createdAt: Date }) => iso(l.createdAt) },
};
