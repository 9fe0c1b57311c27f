/**
 * @module Typed GraphQL operations the builder uses, with the shapes it selects. One function per
 * operation so pages never write query text.
 */
import type { ModuleType } from '@kiln/core';
import { gql } from './api.ts';
import { graphql, type ResultOf, type VariablesOf } from './graphql.ts';

export const OrganizationFields = graphql(
  `fragment OrganizationFields on Organization { id name role plan personal }`,
);
/** An organisation with the signed-in user's role in it (OWNER, ADMIN, EDITOR or VIEWER). */
export type Organization = ResultOf<typeof OrganizationFields>;

const MeFields = graphql(
  `fragment MeFields on Me { id email displayName username role status profile { photoURL } }`,
);
/** The signed-in user: platform role (ADMIN, CUSTOMER, CREATOR or CREATOR_LEAD), status `UNVERIFIED` until confirmed. */
export type Me = ResultOf<typeof MeFields>;

const PublishFields = graphql(`fragment PublishFields on PublishInfo { status url freshness }`);
export type PublishInfo = ResultOf<typeof PublishFields>;

const RevisionFields = graphql(`fragment RevisionFields on Revision {
  id number status action prompt createdAt css modules { moduleType filePath name route content } }`);
type RevisionData = ResultOf<typeof RevisionFields>;
/** A module with the spec's module type (`PAGE`, `COMPONENT`, …) the server sends as a string. */
export type Module = Omit<RevisionData['modules'][number], 'moduleType'> & { moduleType: ModuleType };
export type Revision = Omit<RevisionData, 'modules'> & { modules: Module[] };

const MessageFields = graphql(`fragment MessageFields on Message {
  id role text revisionId createdAt mode expert cost { credits inputTokens outputTokens refunded }
  attachments { id url mimeType size }
  blocks { kind text filePath name moduleType change migration tool input status choices reason accepted }
  verification { status consoleErrors failedRequests note durationMs
    steps { action ok detail viewport screenshotUrl } } }`);
/** A chat message; an answer that closes a finished revision carries its `cost`, and `blocks` say what its reply did. */
export type Message = ResultOf<typeof MessageFields>;
/** One part of an assistant reply; which fields are set depends on `kind` (null otherwise). */
export type MessageBlock = Message['blocks'][number];
export type MessageCost = NonNullable<Message['cost']>;
/** A revision's verification report (PASSED, FAILED or SKIPPED), on its answers. */
export type Verification = NonNullable<Message['verification']>;

const ProjectFields = graphql(
  `fragment ProjectFields on Project { id name organizationId previewUrl sandboxToken createdAt
    latestRevision { ...RevisionFields } messages { ...MessageFields } publish { ...PublishFields } }`,
  [RevisionFields, MessageFields, PublishFields],
);
type ProjectData = ResultOf<typeof ProjectFields>;
/** One project with its latest revision, its chat and its publish state. */
export type Project = Omit<ProjectData, 'latestRevision'> & { latestRevision: Revision | null };

const ProjectSummaryFields = graphql(
  `fragment ProjectSummaryFields on Project {
    id name projectGroupId createdAt latestRevision { id status } publish { ...PublishFields } }`,
  [PublishFields],
);
export type ProjectSummary = ResultOf<typeof ProjectSummaryFields>;

/** The signed-in user, or null. */
export async function fetchMe(): Promise<Me | null> {
  return (await gql(graphql(`query Me { me { ...MeFields } }`, [MeFields]))).me;
}

export async function fetchOrganizations(): Promise<Organization[]> {
  const query = graphql(`query Organizations { organizations { ...OrganizationFields } }`, [
    OrganizationFields,
  ]);
  return (await gql(query)).organizations;
}

const SignIn = graphql(
  `mutation SignIn($email: String!, $password: String!) {
    signIn(email: $email, password: $password) { ...MeFields } }`,
  [MeFields],
);

export async function signIn(email: string, password: string): Promise<Me> {
  return (await gql(SignIn, { email, password })).signIn;
}

const SignUp = graphql(
  `mutation SignUp($email: String!, $password: String!, $displayName: String) {
    signUp(email: $email, password: $password, displayName: $displayName) { ...MeFields } }`,
  [MeFields],
);

export async function signUp(email: string, password: string, displayName?: string): Promise<Me> {
  return (await gql(SignUp, { email, password, displayName: displayName || null })).signUp;
}

export async function signOut(): Promise<void> {
  await gql(graphql('mutation SignOut { signOut }'));
}

const ProjectQuery = graphql(`query Project($id: ID!) { project(id: $id) { ...ProjectFields } }`, [
  ProjectFields,
]);

/** One project with its latest revision and chat, or null when it does not exist. */
export async function fetchProject(id: string): Promise<Project | null> {
  // The schema's `moduleType` is a String; the server only sends the spec's module types.
  return (await gql(ProjectQuery, { id })).project as Project | null;
}

const CreateProject =
  graphql(`mutation CreateProject($prompt: String!, $organizationId: ID, $attachments: [ID!]) {
  createProject(prompt: $prompt, organizationId: $organizationId, attachments: $attachments) { id } }`);

/**
 * Creates a project and its INITIAL revision; generation starts at once. `attachments`: images uploaded
 * before the project existed (`uploadAttachment(null, …)`), sent to the model with the prompt.
 */
export async function createProject(
  prompt: string,
  organizationId?: string,
  attachments: string[] = [],
): Promise<ResultOf<typeof CreateProject>['createProject']> {
  const variables = {
    prompt,
    organizationId: organizationId ?? null,
    attachments: attachments.length ? attachments : null,
  };
  return (await gql(CreateProject, variables)).createProject;
}

const SendMessage = graphql(`mutation SendMessage($projectId: ID!, $text: String!, $baseRevisionId: ID,
  $clientMessageId: ID, $mode: ChatMode, $expert: Boolean, $attachments: [ID!]) {
  sendMessage(projectId: $projectId, text: $text, baseRevisionId: $baseRevisionId,
    clientMessageId: $clientMessageId, mode: $mode, expert: $expert, attachments: $attachments) { id status } }`);

/** How a message is answered: CHAT builds a revision; DISCUSSION (plan mode) answers with a plan, changing nothing. */
export type ChatMode = 'CHAT' | 'DISCUSSION';

/**
 * Sends a chat message on top of `baseRevisionId` (the latest revision the user saw); answers with the new
 * CHAT revision, or a `conflict` error when another edit landed since. `clientMessageId` makes a retry safe:
 * the server answers a repeated id with the revision the first send queued. A DISCUSSION makes no revision
 * (the latest one comes back unchanged); `expert` asks for the organisation's expert model.
 */
export async function sendMessage(
  projectId: string,
  text: string,
  baseRevisionId: string | null,
  clientMessageId?: string,
  opts: { mode?: ChatMode; expert?: boolean; attachments?: string[] } = {},
): Promise<ResultOf<typeof SendMessage>['sendMessage']> {
  return (
    await gql(SendMessage, {
      projectId,
      text,
      baseRevisionId,
      clientMessageId,
      mode: opts.mode ?? 'CHAT',
      expert: opts.expert ?? false,
      attachments: opts.attachments?.length ? opts.attachments : null,
    })
  ).sendMessage;
}

const StartDeepDebugging = graphql(`mutation StartDeepDebugging($projectId: ID!, $problem: String!,
  $maxSteps: Int, $maxCredits: Int) {
  startDeepDebugging(projectId: $projectId, problem: $problem, maxSteps: $maxSteps, maxCredits: $maxCredits) {
    id status steps maxSteps credits maxCredits } }`);

/** Starts deep debugging of a problem on the project's latest revision (issue 22). */
export async function startDeepDebugging(
  input: VariablesOf<typeof StartDeepDebugging>,
): Promise<ResultOf<typeof StartDeepDebugging>['startDeepDebugging']> {
  return (await gql(StartDeepDebugging, input)).startDeepDebugging;
}

const FixError =
  graphql(`mutation FixError($projectId: ID!, $revisionId: ID!, $filePath: String!, $message: String!) {
  fixError(projectId: $projectId, revisionId: $revisionId, filePath: $filePath, message: $message) { id status } }`);

/** Asks for a FIX_CHANGE revision for a render error. */
export async function fixError(
  input: VariablesOf<typeof FixError>,
): Promise<ResultOf<typeof FixError>['fixError']> {
  return (await gql(FixError, input)).fixError;
}

/** Stop the generation in progress: the revision keeps its parent's modules and costs nothing. */
export async function cancelGeneration(projectId: string): Promise<void> {
  await gql(
    graphql('mutation CancelGeneration($projectId: ID!) { cancelGeneration(projectId: $projectId) { id } }'),
    { projectId },
  );
}

const ReportPreviewError =
  graphql(`mutation ReportPreviewError($revisionId: ID!, $filePath: String!, $mode: String!,
  $message: String!) { reportPreviewError(revisionId: $revisionId, filePath: $filePath, mode: $mode, message: $message) }`);

/** A render failure the preview showed, for the server's error log. */
export async function reportPreviewError(error: VariablesOf<typeof ReportPreviewError>): Promise<void> {
  await gql(ReportPreviewError, error);
}

/** Records the first successful render of a revision (the preview reports it once per revision). */
export async function markRendered(revisionId: string): Promise<void> {
  await gql(graphql('mutation MarkRendered($revisionId: ID!) { markRendered(revisionId: $revisionId) }'), {
    revisionId,
  });
}

const PublishProject = graphql(`mutation PublishProject($projectId: ID!) {
  publishProject(projectId: $projectId) { id url revisionId createdAt } }`);
export type Deployment = ResultOf<typeof PublishProject>['publishProject'];

export async function publishProject(projectId: string): Promise<Deployment> {
  return (await gql(PublishProject, { projectId })).publishProject;
}

export async function renameProject(projectId: string, name: string): Promise<void> {
  const query = graphql(`mutation RenameProject($projectId: ID!, $name: String!) {
    renameProject(projectId: $projectId, name: $name) { id } }`);
  await gql(query, { projectId, name });
}

export async function moveProject(projectId: string, projectGroupId: string): Promise<void> {
  const query = graphql(`mutation MoveProject($projectId: ID!, $projectGroupId: ID!) {
    moveProject(projectId: $projectId, projectGroupId: $projectGroupId) { id } }`);
  await gql(query, { projectId, projectGroupId });
}

const DuplicateProject = graphql(
  'mutation DuplicateProject($projectId: ID!) { duplicateProject(projectId: $projectId) { id } }',
);

export async function duplicateProject(
  projectId: string,
): Promise<ResultOf<typeof DuplicateProject>['duplicateProject']> {
  return (await gql(DuplicateProject, { projectId })).duplicateProject;
}

const ForkProject = graphql(`mutation ForkProject($projectId: ID!, $projectGroupId: ID!) {
  forkProject(projectId: $projectId, projectGroupId: $projectGroupId) { id } }`);

/** Copies a project into a group of any organisation where the user is at least EDITOR. */
export async function forkProject(
  projectId: string,
  projectGroupId: string,
): Promise<ResultOf<typeof ForkProject>['forkProject']> {
  return (await gql(ForkProject, { projectId, projectGroupId })).forkProject;
}

export async function deleteProject(projectId: string): Promise<void> {
  await gql(graphql('mutation DeleteProject($projectId: ID!) { deleteProject(projectId: $projectId) }'), {
    projectId,
  });
}

const ProjectGroups = graphql(
  `query ProjectGroups($id: ID!) { organization(id: $id) {
    id projectGroups { id name createdAt projects { ...ProjectSummaryFields } } } }`,
  [ProjectSummaryFields],
);
export type ProjectGroup = NonNullable<
  ResultOf<typeof ProjectGroups>['organization']
>['projectGroups'][number];

/** An organisation's project groups with their projects (newest first), or null when it is not visible. */
export async function fetchProjectGroups(organizationId: string): Promise<ProjectGroup[] | null> {
  const { organization } = await gql(ProjectGroups, { id: organizationId });
  return organization?.projectGroups ?? null;
}

const GroupNames = graphql(
  'query GroupNames($id: ID!) { organization(id: $id) { id projectGroups { id name } } }',
);
export type GroupName = NonNullable<ResultOf<typeof GroupNames>['organization']>['projectGroups'][number];

/** Just the groups' names, for "Move to group" and "Fork to…". */
export async function fetchGroupNames(organizationId: string): Promise<GroupName[]> {
  const { organization } = await gql(GroupNames, { id: organizationId });
  return organization?.projectGroups ?? [];
}

export async function createProjectGroup(organizationId: string, name: string): Promise<void> {
  const query = graphql(`mutation CreateProjectGroup($organizationId: ID!, $name: String!) {
    createProjectGroup(organizationId: $organizationId, name: $name) { id } }`);
  await gql(query, { organizationId, name });
}

export async function renameProjectGroup(id: string, name: string): Promise<void> {
  const query = graphql(
    'mutation RenameProjectGroup($id: ID!, $name: String!) { renameProjectGroup(id: $id, name: $name) { id } }',
  );
  await gql(query, { id, name });
}

export async function deleteProjectGroup(id: string): Promise<void> {
  await gql(graphql('mutation DeleteProjectGroup($id: ID!) { deleteProjectGroup(id: $id) }'), { id });
}

// ---------- History ----------

const Revisions = graphql(`query Revisions($id: ID!) { project(id: $id) { id
  revisions { id parentId number status action prompt createdAt hasDataSnapshot } } }`);
export type RevisionSummary = NonNullable<ResultOf<typeof Revisions>['project']>['revisions'][number];

/** Every revision of a project, newest first. */
export async function fetchRevisions(projectId: string): Promise<RevisionSummary[]> {
  const { project } = await gql(Revisions, { id: projectId });
  return project?.revisions ?? [];
}

const RevisionDiff = graphql(`query RevisionDiff($projectId: ID!, $fromRevisionId: ID!, $toRevisionId: ID!) {
  revisionDiff(projectId: $projectId, fromRevisionId: $fromRevisionId, toRevisionId: $toRevisionId) {
    filePath change patch } }`);
/** One file's change between two revisions: `added`, `removed` or `changed`, with a unified diff. */
export type ModuleDiff = ResultOf<typeof RevisionDiff>['revisionDiff'][number];

export async function fetchRevisionDiff(
  projectId: string,
  fromRevisionId: string,
  toRevisionId: string,
): Promise<ModuleDiff[]> {
  return (await gql(RevisionDiff, { projectId, fromRevisionId, toRevisionId })).revisionDiff;
}

const RestoreRevision =
  graphql(`mutation RestoreRevision($projectId: ID!, $revisionId: ID!, $baseRevisionId: ID, $withData: Boolean) {
  restoreRevision(projectId: $projectId, revisionId: $revisionId, baseRevisionId: $baseRevisionId, withData: $withData) {
    id number } }`);

/**
 * A new RESTORE revision equal to `revisionId`; `baseRevisionId` is the latest revision the user saw. `withData`
 * also puts the revision's data snapshot back into the development database.
 */
export async function restoreRevision(
  projectId: string,
  revisionId: string,
  baseRevisionId: string | null,
  withData = false,
): Promise<ResultOf<typeof RestoreRevision>['restoreRevision']> {
  return (await gql(RestoreRevision, { projectId, revisionId, baseRevisionId, withData })).restoreRevision;
}
