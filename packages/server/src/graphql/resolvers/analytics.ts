/** Analytics: `project.analytics(days)`, a published app's traffic for the workspace's Analytics panel. */
import { analyticsCsv, analyticsSummary, DEFAULT_ANALYTICS } from '../../analytics/store';
import { getProject } from '../../projects';
import { type GraphQLContext, requireUser } from '../context';
import type { ProjectAnalyticsArgs } from '../schema.gen';

export const projectFields = {
  analytics: async (p: { id: string }, a: ProjectAnalyticsArgs, ctx: GraphQLContext) => {
    await getProject(ctx.db, requireUser(ctx), p.id, 'VIEWER');
    const summary = await analyticsSummary(ctx.db, p.id, a.days ?? 30);
    const options = ctx.analytics ?? DEFAULT_ANALYTICS;
    return {
      ...summary,
      csv: analyticsCsv(summary),
      enabled: options.enabled,
      retentionDays: options.retentionDays,
    };
  },
};
