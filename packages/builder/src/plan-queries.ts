/**
 * @module GraphQL operations of issue 22: project and organisation knowledge (standing instructions sent with
 * every request), accepting a reply's knowledge proposal, and the organisation's expert model (EXPERT_SWE).
 */
import { gql } from './api.ts';
import { graphql, type ResultOf, type VariablesOf } from './graphql.ts';

const ProjectKnowledgeQuery = graphql(
  'query ProjectKnowledge($id: ID!) { project(id: $id) { knowledge organizationKnowledge } }',
);

/** The project's standing instructions, and its organisation's (read-only here). */
export type ProjectKnowledge = NonNullable<ResultOf<typeof ProjectKnowledgeQuery>['project']>;

export async function fetchProjectKnowledge(projectId: string): Promise<ProjectKnowledge | null> {
  return (await gql(ProjectKnowledgeQuery, { id: projectId })).project;
}

const UpdateProjectKnowledge = graphql(
  'mutation UpdateProjectKnowledge($projectId: ID!, $text: String!) { updateProjectKnowledge(projectId: $projectId, text: $text) }',
);

/** EDITOR and up: replaces the project's knowledge; answers with it as stored (trimmed). */
export async function updateProjectKnowledge(projectId: string, text: string): Promise<string> {
  return (await gql(UpdateProjectKnowledge, { projectId, text })).updateProjectKnowledge;
}

const AcceptKnowledgeProposal = graphql(
  'mutation AcceptKnowledgeProposal($messageId: ID!, $index: Int) { acceptKnowledgeProposal(messageId: $messageId, index: $index) }',
);

/** EDITOR and up: appends a reply's proposed instruction to the project's knowledge; answers with the knowledge. */
export async function acceptKnowledgeProposal(messageId: string, index = 0): Promise<string> {
  return (await gql(AcceptKnowledgeProposal, { messageId, index })).acceptKnowledgeProposal;
}

const CancelDiscussion = graphql(
  'mutation CancelDiscussion($projectId: ID!) { cancelDiscussion(projectId: $projectId) }',
);

/** EDITOR and up: stops the plan-mode question waiting for its answer; false when none was waiting. */
export async function cancelDiscussion(projectId: string): Promise<boolean> {
  return (await gql(CancelDiscussion, { projectId })).cancelDiscussion;
}

const OrganizationPlanQuery = graphql(
  'query OrganizationPlanSettings($id: ID!) { organization(id: $id) { knowledge hasExpertModel } }',
);

/** What every member may know: the organisation's knowledge and whether it names an expert model. */
export type OrganizationPlanSettings = NonNullable<ResultOf<typeof OrganizationPlanQuery>['organization']>;

export async function fetchOrganizationPlanSettings(
  organizationId: string,
): Promise<OrganizationPlanSettings | null> {
  return (await gql(OrganizationPlanQuery, { id: organizationId })).organization;
}

const UpdateOrganizationKnowledge = graphql(
  'mutation UpdateOrganizationKnowledge($organizationId: ID!, $text: String!) { updateOrganizationKnowledge(organizationId: $organizationId, text: $text) }',
);

/** ADMIN and up: replaces the organisation's knowledge. */
export async function updateOrganizationKnowledge(organizationId: string, text: string): Promise<string> {
  return (await gql(UpdateOrganizationKnowledge, { organizationId, text })).updateOrganizationKnowledge;
}

const ExpertModelFields = graphql('fragment ExpertModelFields on ExpertModel { model baseUrl hasApiKey }');
/** The organisation's expert model (ADMIN and up): spec, base URL, whether a key is stored. */
export type ExpertModel = ResultOf<typeof ExpertModelFields>;

const ExpertModelQuery = graphql(
  'query ExpertModel($id: ID!) { organization(id: $id) { expertModel { ...ExpertModelFields } } }',
  [ExpertModelFields],
);

export async function fetchExpertModel(organizationId: string): Promise<ExpertModel | null> {
  return (await gql(ExpertModelQuery, { id: organizationId })).organization?.expertModel ?? null;
}

const UpdateExpertModel = graphql(
  `mutation UpdateExpertModel($organizationId: ID!, $model: String, $baseUrl: String, $apiKey: String,
    $clearApiKey: Boolean) {
    updateExpertModel(organizationId: $organizationId, model: $model, baseUrl: $baseUrl, apiKey: $apiKey,
      clearApiKey: $clearApiKey) { ...ExpertModelFields } }`,
  [ExpertModelFields],
);

/** Empty `model` removes the expert model (null); empty `apiKey` keeps the stored key. */
export async function updateExpertModel(
  input: VariablesOf<typeof UpdateExpertModel>,
): Promise<ExpertModel | null> {
  return (await gql(UpdateExpertModel, input)).updateExpertModel;
}
