/** @module Web search: the organisation's search provider (`organization.webSearch`, `updateWebSearch`), ADMIN and up. */
import { KilnError } from '@kiln/core';
import { type OrganizationWebSearch, WEB_SEARCH_COST, type WebSearchSettingsView } from '../../web-search';
import { type GraphQLContext, requireUser } from '../context';
import type { MutationUpdateWebSearchArgs } from '../schema.gen';

const withCost = (v: WebSearchSettingsView | null) =>
  v ? { ...v, creditsPerSearch: WEB_SEARCH_COST } : null;

function search(ctx: GraphQLContext): OrganizationWebSearch {
  if (!ctx.webSearch) throw new KilnError('not_found', 'Web search is not available on this server.');
  return ctx.webSearch;
}

export const Mutation = {
  updateWebSearch: async (_: unknown, a: MutationUpdateWebSearchArgs, ctx: GraphQLContext) =>
    withCost(await search(ctx).update(requireUser(ctx), a)),
};

export const organizationFields = {
  webSearch: async (o: { id: string }, _: unknown, ctx: GraphQLContext) =>
    withCost(await search(ctx).settings(requireUser(ctx), o.id)),
};
