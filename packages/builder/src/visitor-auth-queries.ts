/**
 * @module GraphQL operations for the sign-in providers a project's published app offers its visitors (EDITOR and
 * up). Client secrets go to the server only; they never come back (`hasClientSecret` says whether one is stored).
 */
import { gql } from './api.ts';
import { graphql, type ResultOf } from './graphql.ts';

const VisitorAuthProviderFields = graphql(
  'fragment VisitorAuthProviderFields on VisitorAuthProvider { provider name clientId hasClientSecret callbackUrl }',
);
export type VisitorAuthProvider = ResultOf<typeof VisitorAuthProviderFields>;

const VisitorAuthProvidersQuery = graphql(
  'query VisitorAuthProviders($projectId: ID!) { visitorAuthProviders(projectId: $projectId) { ...VisitorAuthProviderFields } }',
  [VisitorAuthProviderFields],
);

export async function fetchVisitorAuthProviders(projectId: string): Promise<VisitorAuthProvider[]> {
  return (await gql(VisitorAuthProvidersQuery, { projectId })).visitorAuthProviders;
}

const SetVisitorAuthProvider = graphql(
  `mutation SetVisitorAuthProvider($projectId: ID!, $provider: String!, $clientId: String!, $clientSecret: String) {
    setVisitorAuthProvider(projectId: $projectId, provider: $provider, clientId: $clientId, clientSecret: $clientSecret) {
      ...VisitorAuthProviderFields } }`,
  [VisitorAuthProviderFields],
);

/** An empty secret keeps the stored one; an empty client id turns the provider off. */
export async function setVisitorAuthProvider(
  projectId: string,
  provider: string,
  clientId: string,
  clientSecret: string,
): Promise<VisitorAuthProvider[]> {
  const variables = { projectId, provider, clientId, clientSecret: clientSecret || null };
  return (await gql(SetVisitorAuthProvider, variables)).setVisitorAuthProvider;
}
