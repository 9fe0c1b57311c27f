/**
 * @module GraphQL operation for a project's analytics: the published app's visitors per day, top pages and events,
 * devices and referrers over the last `days` days, and the same as CSV.
 */
import { gql } from './api.ts';
import { graphql, type ResultOf } from './graphql.ts';

const ProjectAnalyticsQuery = graphql(`query ProjectAnalytics($id: ID!, $days: Int!) { project(id: $id) {
  analytics(days: $days) {
    days visitors pageviews events enabled retentionDays csv
    daily { date visitors pageviews events }
    topPages { name count visitors } topEvents { name count visitors }
    devices { name count visitors } referrers { name count visitors } } } }`);

export type ProjectAnalytics = NonNullable<ResultOf<typeof ProjectAnalyticsQuery>['project']>['analytics'];
export type AnalyticsDay = ProjectAnalytics['daily'][number];
export type AnalyticsCount = ProjectAnalytics['topPages'][number];

/** The last `days` UTC days of the published app's traffic (VIEWER+). */
export async function fetchProjectAnalytics(
  projectId: string,
  days: number,
): Promise<ProjectAnalytics | null> {
  const data = await gql(ProjectAnalyticsQuery, { id: projectId, days });
  return data.project?.analytics ?? null;
}
