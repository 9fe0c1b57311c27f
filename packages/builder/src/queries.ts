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
  role: string;
  profile: { photoURL: string | null };
}

export interface Organization {
  id: string;
  name: string;
  role: string;
  plan: string;
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
  createdAt: string;
  latestRevision: Revision | null;
  messages: Message[];
  publish: PublishInfo;
}

export interface ProjectSummary {
  id: string;
  name: string;
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

const ME = 'id email displayName username role profile { photoURL }';
const REVISION = 'id status action prompt createdAt css modules { moduleType filePath name route content }';
const PROJECT = `id name organizationId previewUrl createdAt
  latestRevision { ${REVISION} }
  messages { id role text revisionId createdAt }
  publish { status url freshness }`;

/** The signed-in user, or null. */
export async function fetchMe(): Promise<Me | null> {
  return (await gql<{ me: Me | null }>(`query Me { me { ${ME} } }`)).me;
}

export async function fetchOrganizations(): Promise<Organization[]> {
  return (
    await gql<{ organizations: Organization[] }>(
      'query Organizations { organizations { id name role plan } }',
    )
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

/** The user's projects, newest first (default: the personal organisation). */
export async function fetchProjects(organizationId?: string): Promise<ProjectSummary[]> {
  const query = `query Projects($organizationId: ID) { projects(organizationId: $organizationId) {
    id name createdAt latestRevision { id status } publish { status url freshness } } }`;
  return (await gql<{ projects: ProjectSummary[] }>(query, { organizationId: organizationId ?? null }))
    .projects;
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

/** Sends a chat message; answers with the new CHAT revision. */
export async function sendMessage(projectId: string, text: string): Promise<{ id: string; status: string }> {
  const query = `mutation SendMessage($projectId: ID!, $text: String!) {
    sendMessage(projectId: $projectId, text: $text) { id status } }`;
  return (await gql<{ sendMessage: { id: string; status: string } }>(query, { projectId, text })).sendMessage;
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
