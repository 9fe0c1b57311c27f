/**
 * @module Top-down chat (GraphQL `sendGroupMessage`): one request that changes several projects of a group,
 * recorded as one TOP_DOWN_CHAT group revision.
 */
import { gql } from './api.ts';
import { graphql } from './graphql.ts';

const SendGroupMessage =
  graphql(`mutation SendGroupMessage($projectGroupId: ID!, $text: String!, $projectIds: [ID!], $attachments: [ID!]) {
  sendGroupMessage(projectGroupId: $projectGroupId, text: $text, projectIds: $projectIds, attachments: $attachments) {
    id number status projects { projectId } } }`);

/**
 * Sends `text` to the chosen projects of the group (all when `projectIds` is omitted), with images uploaded to
 * POST /api/attachments (`attachments`); the group revision's number.
 */
export async function sendGroupMessage(
  projectGroupId: string,
  text: string,
  projectIds?: string[],
  attachments: string[] = [],
): Promise<{ number: number; projects: number }> {
  const { sendGroupMessage: revision } = await gql(SendGroupMessage, {
    projectGroupId,
    text,
    ...(projectIds ? { projectIds } : {}),
    ...(attachments.length ? { attachments } : {}),
  });
  return { number: revision.number, projects: revision.projects.length };
}
