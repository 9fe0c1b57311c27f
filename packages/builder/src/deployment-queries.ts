/**
 * @module GraphQL operations for a project's deployments (issue 15): the list, rollback to any of them,
 * unpublish and republish. Each is a pointer switch on the server: instant, nothing rebuilt.
 */
import { gql } from './api.ts';
import { graphql, type ResultOf } from './graphql.ts';

const DeploymentsQuery = graphql(`query ProjectDeployments($id: ID!) { project(id: $id) {
  publish { status url }
  deployments { id url revisionId revisionNumber createdAt createdBy size compressedSize live } } }`);

export type DeploymentsState = NonNullable<ResultOf<typeof DeploymentsQuery>['project']>;
export type DeploymentRow = DeploymentsState['deployments'][number];

/** The project's publish state and deployments, newest first. */
export async function fetchDeployments(projectId: string): Promise<DeploymentsState | null> {
  return (await gql(DeploymentsQuery, { id: projectId })).project ?? null;
}

/** EDITOR and up: serve this deployment at the app's address again. */
export async function rollbackDeployment(deploymentId: string): Promise<void> {
  await gql(
    graphql(`mutation RollbackDeployment($id: ID!) { rollbackDeployment(deploymentId: $id) { id } }`),
    {
      id: deploymentId,
    },
  );
}

/** EDITOR and up: take the app offline (404 for visitors); deployments and data are kept. */
export async function unpublishProject(projectId: string): Promise<void> {
  await gql(graphql(`mutation UnpublishProject($id: ID!) { unpublishProject(projectId: $id) { id } }`), {
    id: projectId,
  });
}

/** EDITOR and up: put the app back online with the deployment it served last. */
export async function republishProject(projectId: string): Promise<void> {
  await gql(graphql(`mutation RepublishProject($id: ID!) { republishProject(projectId: $id) { id } }`), {
    id: projectId,
  });
}
