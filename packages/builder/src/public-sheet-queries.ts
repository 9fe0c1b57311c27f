/**
 * @module Public sheets (POST /api/public-sheet on a generated app): a project's submissions as CSV, for the
 * Database tab's download button.
 */
import { gql } from './api.ts';
import type { DatabaseBranch } from './database-queries.ts';
import { graphql } from './graphql.ts';

/** The table submissions land in (the server's PUBLIC_SHEET_TABLE). */
export const PUBLIC_SHEET_TABLE = 'public_sheet_rows';

const PublicSheetCsv = graphql(`query PublicSheetCsv($projectId: ID!, $branch: String!) {
  publicSheetCsv(projectId: $projectId, branch: $branch) }`);

/** Every sheet's submissions on one branch as CSV text. */
export async function fetchPublicSheetCsv(projectId: string, branch: DatabaseBranch): Promise<string> {
  return (await gql(PublicSheetCsv, { projectId, branch })).publicSheetCsv;
}
