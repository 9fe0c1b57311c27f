/** Deployments (issue 15): the project's list, rollback, unpublish and republish. */
import { eq } from 'drizzle-orm';
import { deploymentDocuments, revisions, users } from '../../db/schema';
import {
  type DeploymentSummary,
  listDeployments,
  republishProject,
  rollbackDeployment,
  unpublishProject,
} from '../../deployments';
import type { Project } from '../../projects';
import type { Deployment } from '../../publish';
import { type GraphQLContext, iso, requireUser } from '../context';
import type {
  MutationRepublishProjectArgs,
  MutationRollbackDeploymentArgs,
  MutationUnpublishProjectArgs,
} from '../schema.gen';

export const Mutation = {
  rollbackDeployment: (_: unknown, a: MutationRollbackDeploymentArgs, ctx: GraphQLContext) =>
    rollbackDeployment(ctx.db, ctx.origins, requireUser(ctx), a.deploymentId),
  unpublishProject: (_: unknown, a: MutationUnpublishProjectArgs, ctx: GraphQLContext) =>
    unpublishProject(ctx.db, requireUser(ctx), a.projectId),
  republishProject: (_: unknown, a: MutationRepublishProjectArgs, ctx: GraphQLContext) =>
    republishProject(ctx.db, ctx.origins, requireUser(ctx), a.projectId),
};

/** Project.deployments, spread into the Project resolvers. */
export const projectFields = {
  deployments: (p: Project, _: unknown, ctx: GraphQLContext) =>
    listDeployments(ctx.db, ctx.origins, requireUser(ctx), p),
};

/** A deployment from the list has every field; one a mutation just made or switched to is read here. */
type AnyDeployment = Deployment & Partial<DeploymentSummary>;

export const types = {
  Deployment: {
    createdAt: (d: AnyDeployment) => iso(d.createdAt),
    revisionNumber: async (d: AnyDeployment, _: unknown, ctx: GraphQLContext) => {
      if (d.revisionNumber !== undefined) return d.revisionNumber;
      const [r] = await ctx.db
        .select({ n: revisions.number })
        .from(revisions)
        .where(eq(revisions.id, d.revisionId));
      return r?.n ?? null;
    },
    createdBy: async (d: AnyDeployment, _: unknown, ctx: GraphQLContext) => {
      if (d.createdByName !== undefined) return d.createdByName;
      if (!d.createdBy) return null;
      const [u] = await ctx.db
        .select({ name: users.displayName, email: users.email })
        .from(users)
        .where(eq(users.id, d.createdBy));
      return u ? u.name || u.email : null;
    },
    size: (d: AnyDeployment) => d.size ?? Buffer.byteLength(d.html),
    compressedSize: async (d: AnyDeployment, _: unknown, ctx: GraphQLContext) => {
      if (d.compressedSize !== undefined) return d.compressedSize;
      const [doc] = await ctx.db
        .select({ br: deploymentDocuments.br })
        .from(deploymentDocuments)
        .where(eq(deploymentDocuments.deploymentId, d.id));
      return doc ? doc.br.byteLength : null;
    },
    // What publish, rollback and republish return is what the address serves now.
    live: (d: AnyDeployment) => d.live ?? true,
  },
};
