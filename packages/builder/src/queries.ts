/**
 * @module Typed GraphQL operations the builder uses, with the shapes it selects. One function per
 * operation so pages never write query text.
 */
import type { ModuleType } from '@kiln/core';
import { gql } from './api.ts';

export interface Me {
  id: string;
  email: string;
  displayName: string;
  username: string;
  /** Platform role: ADMIN, CUSTOMER, CREATOR or CREATOR_LEAD. */
  role: string;
  /** `UNVERIFIED` until the e-mail address is confirmed. */
  status: string;
  profile: { photoURL: string | null };
}

export interface Organization {
  id: string;
  name: string;
  /** The signed-in user's role in it: OWNER, ADMIN, EDITOR or VIEWER. */
  role: string;
  plan: string;
  personal: boolean;
}

export interface Module {
  /** The spec's module type (`PAGE`, `COMPONENT`, …), as the server sends it. */
  moduleType: ModuleType;
  filePath: string;
  name: string;
  route: string | null;
  content: string;
}

export interface Revision {
  id: string;
  number: number;
  status: string;
  action: string;
  prompt: string | null;
  createdAt: string;
  modules: Module[];
  css: string;
}

export interface Message {
  id: string;
  role: 'user' | 'assistant' | (string & {});
  text: string;
  revisionId: string | null;
  createdAt: string;
  /** On the answer that closes a finished revision: what its generation cost. */
  cost: MessageCost | null;
  /** What the answer's reply did, in order (empty for user messages and older answers). */
  blocks: MessageBlock[];
}

/** One part of an assistant reply; which fields are set depends on `kind` (null otherwise). */
export interface MessageBlock {
  /** thinking, page, component, function, file, tool-call, choices or publish. */
  kind: string;
  /** thinking: the plan. */
  text: string | null;
  /** A module the reply created, edited or deleted: its path, name, type and the change. */
  filePath: string | null;
  name: string | null;
  moduleType: string | null;
  change: 'created' | 'edited' | 'deleted' | (string & {}) | null;
  /** A database migration the reply wrote (kind function). */
  migration: string | null;
  /** tool-call: the tool, what it was asked and its final status (running, cancelled, success, error). */
  tool: string | null;
  input: string | null;
  status: string | null;
  /** choices: next messages the user can send with a click. */
  choices: string[] | null;
  /** publish: why the reply suggests publishing, if it says. */
  reason: string | null;
}

export interface MessageCost {
  /** Credits charged, less refunds. */
  credits: number;
  inputTokens: number;
  outputTokens: number;
  refunded: boolean;
}

export interface PublishInfo {
  status: string;
  url: string | null;
  freshness: string;
}

export interface Project {
  id: string;
  name: string;
  organizationId: string;
  previewUrl: string;
  /** Sent to the preview so the app's functions and database answer it (12 hours). */
  sandboxToken: string;
  createdAt: string;
  latestRevision: Revision | null;
  messages: Message[];
  publish: PublishInfo;
}

export interface ProjectSummary {
  id: string;
  name: string;
  projectGroupId: string;
  createdAt: string;
  latestRevision: { id: string; status: string } | null;
  publish: PublishInfo;
}

export interface Deployment {
  id: string;
  url: string;
  revisionId: string;
  createdAt: string;
}

const ORGANIZATION = 'id name role plan personal';
const ME = 'id email displayName username role status profile { photoURL }';
const REVISION =
  'id number status action prompt createdAt css modules { moduleType filePath name route content }';
const PROJECT_SUMMARY =
  'id name projectGroupId createdAt latestRevision { id status } publish { status url freshness }';
const PROJECT = `id name organizationId previewUrl sandboxToken createdAt
  latestRevision { ${REVISION} }
  messages { id role text revisionId createdAt cost { credits inputTokens outputTokens refunded }
    blocks { kind text filePath name moduleType change migration tool input status choices reason } }
  publish { status url freshness }`;

/** The signed-in user, or null. */
export async function fetchMe(): Promise<Me | null> {
  return (await gql<{ me: Me | null }>(`query Me { me { ${ME} } }`)).me;
}

export async function fetchOrganizations(): Promise<Organization[]> {
  return (
    await gql<{ organizations: Organization[] }>(`query Organizations { organizations { ${ORGANIZATION} } }`)
  ).organizations;
}

export async function signIn(email: string, password: string): Promise<Me> {
  const query = `mutation SignIn($email: String!, $password: String!) { signIn(email: $email, password: $password) { ${ME} } }`;
  return (await gql<{ signIn: Me }>(query, { email, password })).signIn;
}

export async function signUp(email: string, password: string, displayName?: string): Promise<Me> {
  const query = `mutation SignUp($email: String!, $password: String!, $displayName: String) {
    signUp(email: $email, password: $password, displayName: $displayName) { ${ME} } }`;
  return (await gql<{ signUp: Me }>(query, { email, password, displayName: displayName || null })).signUp;
}

export async function signOut(): Promise<void> {
  await gql<{ signOut: boolean }>('mutation SignOut { signOut }');
}

/** One project with its latest revision and chat, or null when it does not exist. */
export async function fetchProject(id: string): Promise<Project | null> {
  const query = `query Project($id: ID!) { project(id: $id) { ${PROJECT} } }`;
  return (await gql<{ project: Project | null }>(query, { id })).project;
}

/** Creates a project and its INITIAL revision; generation starts at once. */
export async function createProject(prompt: string, organizationId?: string): Promise<{ id: string }> {
  const query = `mutation CreateProject($prompt: String!, $organizationId: ID) {
    createProject(prompt: $prompt, organizationId: $organizationId) { id } }`;
  return (
    await gql<{ createProject: { id: string } }>(query, { prompt, organizationId: organizationId ?? null })
  ).createProject;
}

/**
 * Sends a chat message on top of `baseRevisionId` (the latest revision the user saw); answers with the new
 * CHAT revision, or a `conflict` error when another edit landed since.
 */
export async function sendMessage(
  projectId: string,
  text: string,
  baseRevisionId: string | null,
): Promise<{ id: string; status: string }> {
  const query = `mutation SendMessage($projectId: ID!, $text: String!, $baseRevisionId: ID) {
    sendMessage(projectId: $projectId, text: $text, baseRevisionId: $baseRevisionId) { id status } }`;
  return (
    await gql<{ sendMessage: { id: string; status: string } }>(query, { projectId, text, baseRevisionId })
  ).sendMessage;
}

/** Asks for a FIX_CHANGE revision for a render error. */
export async function fixError(input: {
  projectId: string;
  revisionId: string;
  filePath: string;
  message: string;
}): Promise<{ id: string; status: string }> {
  const query = `mutation FixError($projectId: ID!, $revisionId: ID!, $filePath: String!, $message: String!) {
    fixError(projectId: $projectId, revisionId: $revisionId, filePath: $filePath, message: $message) { id status } }`;
  return (await gql<{ fixError: { id: string; status: string } }>(query, input)).fixError;
}

/** Records the first successful render of a revision (the preview reports it once per revision). */
/** Stop the generation in progress: the revision keeps its parent's modules and costs nothing. */
export async function cancelGeneration(projectId: string): Promise<void> {
  await gql<{ cancelGeneration: { id: string } }>(
    'mutation CancelGeneration($projectId: ID!) { cancelGeneration(projectId: $projectId) { id } }',
    { projectId },
  );
}

/** A render failure the preview showed, for the server's error log. */
export async function reportPreviewError(error: {
  revisionId: string;
  filePath: string;
  mode: string;
  message: string;
}): Promise<void> {
  await gql<{ reportPreviewError: boolean }>(
    `mutation ReportPreviewError($revisionId: ID!, $filePath: String!, $mode: String!, $message: String!) {
      reportPreviewError(revisionId: $revisionId, filePath: $filePath, mode: $mode, message: $message)
    }`,
    error,
  );
}

export async function markRendered(revisionId: string): Promise<void> {
  await gql<{ markRendered: boolean }>(
    'mutation MarkRendered($revisionId: ID!) { markRendered(revisionId: $revisionId) }',
    {
      revisionId,
    },
  );
}

export async function publishProject(projectId: string): Promise<Deployment> {
  const query = `mutation PublishProject($projectId: ID!) {
    publishProject(projectId: $projectId) { id url revisionId createdAt } }`;
  return (await gql<{ publishProject: Deployment }>(query, { projectId })).publishProject;
}

export async function renameProject(projectId: string, name: string): Promise<void> {
  await gql(
    'mutation RenameProject($projectId: ID!, $name: String!) { renameProject(projectId: $projectId, name: $name) { id } }',
    {
      projectId,
      name,
    },
  );
}

export async function moveProject(projectId: string, projectGroupId: string): Promise<void> {
  await gql(
    'mutation MoveProject($projectId: ID!, $projectGroupId: ID!) { moveProject(projectId: $projectId, projectGroupId: $projectGroupId) { id } }',
    { projectId, projectGroupId },
  );
}

export async function duplicateProject(projectId: string): Promise<{ id: string }> {
  const query =
    'mutation DuplicateProject($projectId: ID!) { duplicateProject(projectId: $projectId) { id } }';
  return (await gql<{ duplicateProject: { id: string } }>(query, { projectId })).duplicateProject;
}

/** Copies a project into a group of any organisation where the user is at least EDITOR. */
export async function forkProject(projectId: string, projectGroupId: string): Promise<{ id: string }> {
  const query = `mutation ForkProject($projectId: ID!, $projectGroupId: ID!) {
    forkProject(projectId: $projectId, projectGroupId: $projectGroupId) { id } }`;
  return (await gql<{ forkProject: { id: string } }>(query, { projectId, projectGroupId })).forkProject;
}

export async function deleteProject(projectId: string): Promise<void> {
  await gql('mutation DeleteProject($projectId: ID!) { deleteProject(projectId: $projectId) }', {
    projectId,
  });
}

export interface ProjectGroup {
  id: string;
  name: string;
  createdAt: string;
  projects: ProjectSummary[];
}

/** An organisation's project groups with their projects (newest first), or null when it is not visible. */
export async function fetchProjectGroups(organizationId: string): Promise<ProjectGroup[] | null> {
  const query = `query ProjectGroups($id: ID!) { organization(id: $id) {
    id projectGroups { id name createdAt projects { ${PROJECT_SUMMARY} } } } }`;
  const { organization } = await gql<{ organization: { projectGroups: ProjectGroup[] } | null }>(query, {
    id: organizationId,
  });
  return organization?.projectGroups ?? null;
}

/** Just the groups' names, for "Move to group" and "Fork to…". */
export async function fetchGroupNames(organizationId: string): Promise<{ id: string; name: string }[]> {
  const query = 'query GroupNames($id: ID!) { organization(id: $id) { id projectGroups { id name } } }';
  const { organization } = await gql<{
    organization: { projectGroups: { id: string; name: string }[] } | null;
  }>(query, { id: organizationId });
  return organization?.projectGroups ?? [];
}

export async function createProjectGroup(organizationId: string, name: string): Promise<void> {
  await gql(
    'mutation CreateProjectGroup($organizationId: ID!, $name: String!) { createProjectGroup(organizationId: $organizationId, name: $name) { id } }',
    { organizationId, name },
  );
}

export async function renameProjectGroup(id: string, name: string): Promise<void> {
  await gql(
    'mutation RenameProjectGroup($id: ID!, $name: String!) { renameProjectGroup(id: $id, name: $name) { id } }',
    {
      id,
      name,
    },
  );
}

export async function deleteProjectGroup(id: string): Promise<void> {
  await gql('mutation DeleteProjectGroup($id: ID!) { deleteProjectGroup(id: $id) }', { id });
}

// ---------- History ----------

export interface RevisionSummary {
  id: string;
  parentId: string | null;
  number: number;
  status: string;
  action: string;
  prompt: string | null;
  createdAt: string;
}

export interface ModuleDiff {
  filePath: string;
  /** `added`, `removed` or `changed`. */
  change: string;
  /** A unified diff of the file. */
  patch: string;
}

/** Every revision of a project, newest first. */
export async function fetchRevisions(projectId: string): Promise<RevisionSummary[]> {
  const query = `query Revisions($id: ID!) { project(id: $id) { id
    revisions { id parentId number status action prompt createdAt } } }`;
  const { project } = await gql<{ project: { revisions: RevisionSummary[] } | null }>(query, {
    id: projectId,
  });
  return project?.revisions ?? [];
}

export async function fetchRevisionDiff(
  projectId: string,
  fromRevisionId: string,
  toRevisionId: string,
): Promise<ModuleDiff[]> {
  const query = `query RevisionDiff($projectId: ID!, $fromRevisionId: ID!, $toRevisionId: ID!) {
    revisionDiff(projectId: $projectId, fromRevisionId: $fromRevisionId, toRevisionId: $toRevisionId) {
      filePath change patch } }`;
  return (await gql<{ revisionDiff: ModuleDiff[] }>(query, { projectId, fromRevisionId, toRevisionId }))
    .revisionDiff;
}

/** A new RESTORE revision equal to `revisionId`; `baseRevisionId` is the latest revision the user saw. */
export async function restoreRevision(
  projectId: string,
  revisionId: string,
  baseRevisionId: string | null,
): Promise<{ id: string; number: number }> {
  const query = `mutation RestoreRevision($projectId: ID!, $revisionId: ID!, $baseRevisionId: ID) {
    restoreRevision(projectId: $projectId, revisionId: $revisionId, baseRevisionId: $baseRevisionId) { id number } }`;
  return (
    await gql<{ restoreRevision: { id: string; number: number } }>(query, {
      projectId,
      revisionId,
      baseRevisionId,
    })
  ).restoreRevision;
}
