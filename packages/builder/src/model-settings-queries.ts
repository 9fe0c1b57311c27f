/**
 * @module GraphQL operations for an organisation's model settings (ADMIN and up). The API key goes to the
 * server only; it never comes back (`hasApiKey` says whether one is stored).
 */
import { gql } from './api.ts';

export interface ModelSettings {
  /** The model spec in use (`openai:gpt-4o-mini`, `builtin`, …). */
  model: string;
  /** The organisation's base URL; null = the provider's default. */
  baseUrl: string | null;
  hasApiKey: boolean;
  /** ORGANIZATION when the organisation chose the model, SERVER when it uses the server's KILN_MODEL. */
  source: 'ORGANIZATION' | 'SERVER' | (string & {});
}

const FIELDS = 'model baseUrl hasApiKey source';

export async function fetchModelSettings(organizationId: string): Promise<ModelSettings | null> {
  const query = `query ModelSettings($id: ID!) { organization(id: $id) { modelSettings { ${FIELDS} } } }`;
  const { organization } = await gql<{ organization: { modelSettings: ModelSettings | null } | null }>(
    query,
    {
      id: organizationId,
    },
  );
  return organization?.modelSettings ?? null;
}

/** Empty `model` = the server's; empty `apiKey` keeps the stored key; `clearApiKey` removes it. */
export async function updateModelSettings(input: {
  organizationId: string;
  model: string;
  baseUrl: string;
  apiKey: string;
  clearApiKey: boolean;
}): Promise<ModelSettings> {
  const query = `mutation UpdateModelSettings($organizationId: ID!, $model: String, $baseUrl: String,
    $apiKey: String, $clearApiKey: Boolean) {
    updateModelSettings(organizationId: $organizationId, model: $model, baseUrl: $baseUrl, apiKey: $apiKey,
      clearApiKey: $clearApiKey) { ${FIELDS} } }`;
  return (await gql<{ updateModelSettings: ModelSettings }>(query, input)).updateModelSettings;
}
