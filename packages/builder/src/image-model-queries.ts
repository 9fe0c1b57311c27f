/**
 * @module GraphQL operations for an organisation's image model (ADMIN and up): what `/api/ai-img` generates with.
 * The API key goes to the server only; `hasApiKey` says whether one is stored.
 */
import { gql } from './api.ts';
import { graphql, type ResultOf, type VariablesOf } from './graphql.ts';

const ImageModelFields = graphql(
  'fragment ImageModelFields on ImageModelSettings { model baseUrl hasApiKey creditsPerImage }',
);
/** The model id (null: placeholders only), base URL (null: OpenAI's API), key stored, credits per image. */
export type ImageModel = ResultOf<typeof ImageModelFields>;

const ImageModelQuery = graphql(
  'query ImageModel($id: ID!) { organization(id: $id) { imageModel { ...ImageModelFields } } }',
  [ImageModelFields],
);

export async function fetchImageModel(organizationId: string): Promise<ImageModel | null> {
  const { organization } = await gql(ImageModelQuery, { id: organizationId });
  return organization?.imageModel ?? null;
}

const UpdateImageModel = graphql(
  `mutation UpdateImageModel($organizationId: ID!, $model: String, $baseUrl: String, $apiKey: String,
    $clearApiKey: Boolean) {
    updateImageModel(organizationId: $organizationId, model: $model, baseUrl: $baseUrl, apiKey: $apiKey,
      clearApiKey: $clearApiKey) { ...ImageModelFields } }`,
  [ImageModelFields],
);

/** Empty `model` removes the image model; empty `apiKey` keeps the stored key; `clearApiKey` removes it. */
export async function updateImageModel(input: VariablesOf<typeof UpdateImageModel>): Promise<ImageModel> {
  return (await gql(UpdateImageModel, input)).updateImageModel;
}
