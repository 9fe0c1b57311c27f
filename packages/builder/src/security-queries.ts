/**
 * @module The security scan before publishing (GraphQL `securityScan`): tables open to the public, keys in
 * code, functions that write without an auth check, packages with known problems. Warnings only.
 */
import { gql } from './api.ts';
import { graphql, type ResultOf } from './graphql.ts';

const SecurityScanQuery = graphql(`query SecurityScan($projectId: ID!) {
  securityScan(projectId: $projectId) { severity kind filePath line message fix } }`);

export type SecurityFinding = ResultOf<typeof SecurityScanQuery>['securityScan'][number];

/** The warnings for what Publish would ship (the newest finished revision), most severe first. */
export async function fetchSecurityScan(projectId: string): Promise<SecurityFinding[]> {
  return (await gql(SecurityScanQuery, { projectId })).securityScan;
}
