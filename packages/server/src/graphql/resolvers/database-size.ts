/**
 * @module The plan's database size on the GraphQL surface (issue 14): the limit each app branch is held to,
 * as configured (`KILN_DATABASE_SIZE_LIMITS`), beside the size the Database tab already shows.
 */
import type { OrganizationPlan } from '@kiln/core';
import { limitForJson } from '../../plan-limits';
import type { GraphQLContext } from '../context';

/** `AppDatabase.sizeLimitBytes`: bytes each branch may hold on the project's plan; null when unlimited. */
export async function appDatabaseSizeLimit(d: { projectId: string }, _: unknown, ctx: GraphQLContext) {
  return limitForJson((await ctx.backend.sizeLimits.forProject(d.projectId)).limit);
}

/** `Organization.databaseSizeBytes`: the configured limit of the plan (a very large number when unlimited). */
export function organizationDatabaseSize(o: { plan: string }, _: unknown, ctx: GraphQLContext): number {
  const limit = ctx.backend.sizeLimits.forPlan(o.plan as OrganizationPlan);
  return Number.isFinite(limit) ? limit : Number.MAX_SAFE_INTEGER;
}
