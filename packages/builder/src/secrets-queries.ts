/**
 * @module GraphQL operations for a project's secrets (issue 19): names, environment and who set them; values go
 * in and never come back.
 */
import { gql } from './api.ts';
import { graphql, type ResultOf } from './graphql.ts';

const ProjectSecretsQuery = graphql(`query ProjectSecrets($id: ID!) { project(id: $id) {
  id secrets { name environment updatedAt setBy { id displayName } } } }`);

export type ProjectSecret = NonNullable<ResultOf<typeof ProjectSecretsQuery>['project']>['secrets'][number];
/** ALL: the preview and the published app; DEVELOPMENT: the preview only; PUBLISHED: the published app only. */
export type SecretEnvironment = 'ALL' | 'DEVELOPMENT' | 'PUBLISHED';

export async function fetchProjectSecrets(projectId: string): Promise<ProjectSecret[]> {
  const data = await gql(ProjectSecretsQuery, { id: projectId });
  return data.project?.secrets ?? [];
}

const SetProjectSecret =
  graphql(`mutation SetProjectSecret($projectId: ID!, $name: String!, $value: String!, $environment: String) {
  setProjectSecret(projectId: $projectId, name: $name, value: $value, environment: $environment) { name } }`);

/** EDITOR and up: sets (or replaces) a secret; the value is sealed on the server and never shown again. */
export async function setProjectSecret(
  projectId: string,
  name: string,
  value: string,
  environment: SecretEnvironment,
): Promise<void> {
  await gql(SetProjectSecret, { projectId, name, value, environment });
}

const DeleteProjectSecret =
  graphql(`mutation DeleteProjectSecret($projectId: ID!, $name: String!, $environment: String) {
  deleteProjectSecret(projectId: $projectId, name: $name, environment: $environment) }`);

export async function deleteProjectSecret(
  projectId: string,
  name: string,
  environment: SecretEnvironment,
): Promise<void> {
  await gql(DeleteProjectSecret, { projectId, name, environment });
}

const SaveSecretAndContinue =
  graphql(`mutation SaveSecretAndContinue($projectId: ID!, $name: String!, $value: String!) {
  saveSecretAndContinue(projectId: $projectId, name: $name, value: $value) { id } }`);

/**
 * The chat's secret block (save-secret-and-continue): saves the secret for the preview and the published app and
 * continues the generation with a message naming it (the value never enters the conversation).
 */
export async function saveSecretAndContinue(projectId: string, name: string, value: string): Promise<void> {
  await gql(SaveSecretAndContinue, { projectId, name, value });
}
