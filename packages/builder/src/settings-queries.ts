/**
 * @module GraphQL operations for a project's settings (design system, environment, visibility, private link)
 * and for project-group revisions (history and restore).
 */
import { gql } from './api.ts';
import { graphql, type ResultOf } from './graphql.ts';

const ProjectSettingsFields = graphql(`fragment ProjectSettingsFields on Project {
  id organizationId environment visibility hasAccessLink publish { url }
  designSystem { tailwindConfig fonts { body display } colors { name value } } }`);
export type ProjectSettings = ResultOf<typeof ProjectSettingsFields>;
export type DesignSystem = ProjectSettings['designSystem'];

export async function fetchProjectSettings(projectId: string): Promise<ProjectSettings | null> {
  const query = graphql('query ProjectSettings($id: ID!) { project(id: $id) { ...ProjectSettingsFields } }', [
    ProjectSettingsFields,
  ]);
  return (await gql(query, { id: projectId })).project;
}

const UpdateDesignSystem = graphql(
  `mutation UpdateDesignSystem($projectId: ID!, $tailwindConfig: String!,
    $fonts: DesignSystemFontsInput, $colors: [DesignSystemColorInput!]) {
    updateDesignSystem(projectId: $projectId, tailwindConfig: $tailwindConfig, fonts: $fonts, colors: $colors) {
      ...ProjectSettingsFields } }`,
  [ProjectSettingsFields],
);

/** Replaces the design system; the server compiles it first and refuses one that does not compile. */
export async function updateDesignSystem(projectId: string, design: DesignSystem): Promise<ProjectSettings> {
  const variables = {
    projectId,
    tailwindConfig: design.tailwindConfig,
    fonts: design.fonts,
    colors: design.colors,
  };
  return (await gql(UpdateDesignSystem, variables)).updateDesignSystem;
}

const SetProjectEnvironment = graphql(
  `mutation SetProjectEnvironment($projectId: ID!, $environment: String!) {
    setProjectEnvironment(projectId: $projectId, environment: $environment) { ...ProjectSettingsFields } }`,
  [ProjectSettingsFields],
);

export async function setProjectEnvironment(
  projectId: string,
  environment: string,
): Promise<ProjectSettings> {
  return (await gql(SetProjectEnvironment, { projectId, environment })).setProjectEnvironment;
}

const SetProjectVisibility = graphql(
  `mutation SetProjectVisibility($projectId: ID!, $visibility: String!) {
    setProjectVisibility(projectId: $projectId, visibility: $visibility) { ...ProjectSettingsFields } }`,
  [ProjectSettingsFields],
);

/** PUBLIC or PRIVATE; PRIVATE past the plan's limit is a `plan_limit` error. */
export async function setProjectVisibility(projectId: string, visibility: string): Promise<ProjectSettings> {
  return (await gql(SetProjectVisibility, { projectId, visibility })).setProjectVisibility;
}

/** A new private link to the app (shown once; the previous link stops working). */
export async function rotateProjectAccessLink(projectId: string): Promise<string> {
  const query = graphql(
    'mutation RotateProjectAccessLink($projectId: ID!) { rotateProjectAccessLink(projectId: $projectId) }',
  );
  return (await gql(query, { projectId })).rotateProjectAccessLink;
}

const GroupRevisionFields = graphql(`fragment GroupRevisionFields on ProjectGroupRevision {
  id number status action createdAt projects { projectId revisionId projectName revisionNumber } }`);
export type GroupRevision = ResultOf<typeof GroupRevisionFields>;

const GroupRevisions = graphql(
  `query GroupRevisions($id: ID!, $limit: Int) { organization(id: $id) { id projectGroups { id
    revisions(limit: $limit) { ...GroupRevisionFields } } } }`,
  [GroupRevisionFields],
);

/** Each project group's revisions, newest first, by group id. */
export async function fetchGroupRevisions(
  organizationId: string,
  limit = 30,
): Promise<Record<string, GroupRevision[]>> {
  const { organization } = await gql(GroupRevisions, { id: organizationId, limit });
  return Object.fromEntries((organization?.projectGroups ?? []).map((g) => [g.id, g.revisions]));
}

const RestoreProjectGroupRevision = graphql(
  `mutation RestoreProjectGroupRevision($projectGroupId: ID!, $revisionId: ID!) {
    restoreProjectGroupRevision(projectGroupId: $projectGroupId, revisionId: $revisionId) {
      ...GroupRevisionFields } }`,
  [GroupRevisionFields],
);

/** Restores every project of the group to its revision in the chosen group revision. */
export async function restoreProjectGroupRevision(
  projectGroupId: string,
  revisionId: string,
): Promise<GroupRevision> {
  return (await gql(RestoreProjectGroupRevision, { projectGroupId, revisionId })).restoreProjectGroupRevision;
}
