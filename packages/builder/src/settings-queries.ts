/**
 * @module GraphQL operations for a project's settings (design system, environment, visibility, private link)
 * and for project-group revisions (history and restore).
 */
import { gql } from './api.ts';

export interface DesignSystem {
  tailwindConfig: string;
  fonts: { body: string | null; display: string | null };
  colors: { name: string; value: string }[];
}

export interface ProjectSettings {
  id: string;
  organizationId: string;
  environment: string;
  visibility: string;
  hasAccessLink: boolean;
  designSystem: DesignSystem;
  publish: { url: string | null };
}

const SETTINGS = `id organizationId environment visibility hasAccessLink publish { url }
  designSystem { tailwindConfig fonts { body display } colors { name value } }`;

export async function fetchProjectSettings(projectId: string): Promise<ProjectSettings | null> {
  const query = `query ProjectSettings($id: ID!) { project(id: $id) { ${SETTINGS} } }`;
  return (await gql<{ project: ProjectSettings | null }>(query, { id: projectId })).project;
}

/** Replaces the design system; the server compiles it first and refuses one that does not compile. */
export async function updateDesignSystem(projectId: string, design: DesignSystem): Promise<ProjectSettings> {
  const query = `mutation UpdateDesignSystem($projectId: ID!, $tailwindConfig: String!,
    $fonts: DesignSystemFontsInput, $colors: [DesignSystemColorInput!]) {
    updateDesignSystem(projectId: $projectId, tailwindConfig: $tailwindConfig, fonts: $fonts, colors: $colors) {
      ${SETTINGS} } }`;
  return (
    await gql<{ updateDesignSystem: ProjectSettings }>(query, {
      projectId,
      tailwindConfig: design.tailwindConfig,
      fonts: design.fonts,
      colors: design.colors,
    })
  ).updateDesignSystem;
}

export async function setProjectEnvironment(
  projectId: string,
  environment: string,
): Promise<ProjectSettings> {
  const query = `mutation SetProjectEnvironment($projectId: ID!, $environment: String!) {
    setProjectEnvironment(projectId: $projectId, environment: $environment) { ${SETTINGS} } }`;
  return (await gql<{ setProjectEnvironment: ProjectSettings }>(query, { projectId, environment }))
    .setProjectEnvironment;
}

/** PUBLIC or PRIVATE; PRIVATE past the plan's limit is a `plan_limit` error. */
export async function setProjectVisibility(projectId: string, visibility: string): Promise<ProjectSettings> {
  const query = `mutation SetProjectVisibility($projectId: ID!, $visibility: String!) {
    setProjectVisibility(projectId: $projectId, visibility: $visibility) { ${SETTINGS} } }`;
  return (await gql<{ setProjectVisibility: ProjectSettings }>(query, { projectId, visibility }))
    .setProjectVisibility;
}

/** A new private link to the app (shown once; the previous link stops working). */
export async function rotateProjectAccessLink(projectId: string): Promise<string> {
  const query =
    'mutation RotateProjectAccessLink($projectId: ID!) { rotateProjectAccessLink(projectId: $projectId) }';
  return (await gql<{ rotateProjectAccessLink: string }>(query, { projectId })).rotateProjectAccessLink;
}

export interface GroupRevision {
  id: string;
  number: number;
  status: string;
  action: string;
  createdAt: string;
  projects: {
    projectId: string;
    revisionId: string;
    projectName: string | null;
    revisionNumber: number | null;
  }[];
}

/** Each project group's revisions, newest first, by group id. */
export async function fetchGroupRevisions(
  organizationId: string,
  limit = 30,
): Promise<Record<string, GroupRevision[]>> {
  const query = `query GroupRevisions($id: ID!, $limit: Int) { organization(id: $id) { id projectGroups { id
    revisions(limit: $limit) { id number status action createdAt
      projects { projectId revisionId projectName revisionNumber } } } } }`;
  const { organization } = await gql<{
    organization: { projectGroups: { id: string; revisions: GroupRevision[] }[] } | null;
  }>(query, { id: organizationId, limit });
  return Object.fromEntries((organization?.projectGroups ?? []).map((g) => [g.id, g.revisions]));
}

/** Restores every project of the group to its revision in the chosen group revision. */
export async function restoreProjectGroupRevision(
  projectGroupId: string,
  revisionId: string,
): Promise<GroupRevision> {
  const query = `mutation RestoreProjectGroupRevision($projectGroupId: ID!, $revisionId: ID!) {
    restoreProjectGroupRevision(projectGroupId: $projectGroupId, revisionId: $revisionId) {
      id number status action createdAt projects { projectId revisionId projectName revisionNumber } } }`;
  return (await gql<{ restoreProjectGroupRevision: GroupRevision }>(query, { projectGroupId, revisionId }))
    .restoreProjectGroupRevision;
}
