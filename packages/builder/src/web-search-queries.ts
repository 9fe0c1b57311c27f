/**
 * @module GraphQL operations for an organisation's web search provider (ADMIN and up): what the generation's
 * web_search tool asks. The API key goes to the server only; `hasApiKey` says whether one is stored.
 */
import { gql } from './api.ts';
import { graphql, type ResultOf, type VariablesOf } from './graphql.ts';

const WebSearchFields = graphql(
  'fragment WebSearchFields on WebSearchSettings { kind url hasApiKey creditsPerSearch }',
);
/** The provider kind (SEARXNG or BRAVE), its URL, whether a key is stored, credits per search. */
export type WebSearch = ResultOf<typeof WebSearchFields>;

const WebSearchQuery = graphql(
  'query WebSearch($id: ID!) { organization(id: $id) { webSearch { ...WebSearchFields } } }',
  [WebSearchFields],
);

/** The organisation's provider, or null when none is set (web search not offered). */
export async function fetchWebSearch(organizationId: string): Promise<WebSearch | null> {
  const { organization } = await gql(WebSearchQuery, { id: organizationId });
  return organization?.webSearch ?? null;
}

const UpdateWebSearch = graphql(
  `mutation UpdateWebSearch($organizationId: ID!, $kind: String, $url: String, $apiKey: String,
    $clearApiKey: Boolean) {
    updateWebSearch(organizationId: $organizationId, kind: $kind, url: $url, apiKey: $apiKey,
      clearApiKey: $clearApiKey) { ...WebSearchFields } }`,
  [WebSearchFields],
);

/** Empty `kind` removes the provider; empty `apiKey` keeps the stored key; `clearApiKey` removes it. */
export async function updateWebSearch(input: VariablesOf<typeof UpdateWebSearch>): Promise<WebSearch | null> {
  return (await gql(UpdateWebSearch, input)).updateWebSearch;
}
