/**
 * @module GraphQL operations for an organisation's model settings (ADMIN and up). The API key goes to the
 * server only; it never comes back (`hasApiKey` says whether one is stored).
 */
import { gql } from './api.ts';
import { graphql, type ResultOf, type VariablesOf } from './graphql.ts';

const ModelSettingsFields = graphql(
  'fragment ModelSettingsFields on ModelSettings { model baseUrl hasApiKey source }',
);
/**
 * The model spec in use (`openai:gpt-4o-mini`, `builtin`, …), the organisation's base URL (null = the
 * provider's default), whether an API key is stored, and `source`: ORGANIZATION when the organisation chose
 * the model, SERVER when it uses the server's KILN_MODEL.
 */
export type ModelSettings = ResultOf<typeof ModelSettingsFields>;

const ModelSettingsQuery = graphql(
  'query ModelSettings($id: ID!) { organization(id: $id) { modelSettings { ...ModelSettingsFields } } }',
  [ModelSettingsFields],
);

export async function fetchModelSettings(organizationId: string): Promise<ModelSettings | null> {
  const { organization } = await gql(ModelSettingsQuery, { id: organizationId });
  return organization?.modelSettings ?? null;
}

const UpdateModelSettings = graphql(
  `mutation UpdateModelSettings($organizationId: ID!, $model: String, $baseUrl: String,
    $apiKey: String, $clearApiKey: Boolean) {
    updateModelSettings(organizationId: $organizationId, model: $model, baseUrl: $baseUrl, apiKey: $apiKey,
      clearApiKey: $clearApiKey) { ...ModelSettingsFields } }`,
  [ModelSettingsFields],
);

/** Empty `model` = the server's; empty `apiKey` keeps the stored key; `clearApiKey` removes it. */
export async function updateModelSettings(
  input: VariablesOf<typeof UpdateModelSettings>,
): Promise<ModelSettings> {
  return (await gql(UpdateModelSettings, input)).updateModelSettings;
}
