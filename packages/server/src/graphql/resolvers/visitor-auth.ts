/** Visitor sign-in providers of a project's published app (issue 14): list and set them (EDITOR and up). */
import { getProject } from '../../projects';
import type { OAuthProviderView } from '../../visitor-auth/providers';
import { type GraphQLContext, requireUser } from '../context';
import type { MutationSetVisitorAuthProviderArgs, QueryVisitorAuthProvidersArgs } from '../schema.gen';

/** The providers as GraphQL shows them: the callback URL on the app's own origin, once it has one. */
async function providers(ctx: GraphQLContext, projectId: string) {
  const project = await getProject(ctx.db, requireUser(ctx), projectId, 'EDITOR');
  const list = await ctx.authProviders.list(projectId);
  return list.map((p: OAuthProviderView) => ({
    ...p,
    callbackUrl: project.slug ? `${ctx.origins.appUrl(project.slug)}${p.callbackPath.slice(1)}` : null,
  }));
}

export const Query = {
  visitorAuthProviders: (_: unknown, a: QueryVisitorAuthProvidersArgs, ctx: GraphQLContext) =>
    providers(ctx, a.projectId),
};

export const Mutation = {
  setVisitorAuthProvider: async (_: unknown, a: MutationSetVisitorAuthProviderArgs, ctx: GraphQLContext) => {
    await getProject(ctx.db, requireUser(ctx), a.projectId, 'EDITOR');
    await ctx.authProviders.set(a.projectId, a.provider, a.clientId, a.clientSecret ?? null);
    return providers(ctx, a.projectId);
  },
};
