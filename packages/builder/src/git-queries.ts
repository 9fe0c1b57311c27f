/**
 * @module GraphQL operations for a project's git history (issue 17): its commits, the remote it is pushed to
 * (the token goes in and never comes back), and pushes.
 */
import { gql } from './api.ts';
import { graphql, type ResultOf } from './graphql.ts';

const ProjectGitQuery = graphql(`query ProjectGit($id: ID!) { project(id: $id) {
  id git { head commits remoteUrl hasToken lastPush { at ok message commits } } } }`);

export type ProjectGit = NonNullable<NonNullable<ResultOf<typeof ProjectGitQuery>['project']>['git']>;
export type GitPush = NonNullable<ProjectGit['lastPush']>;

/** The project's git state (null for a viewer). */
export async function fetchProjectGit(projectId: string): Promise<ProjectGit | null> {
  const data = await gql(ProjectGitQuery, { id: projectId });
  return data.project?.git ?? null;
}

const SetGitRemote = graphql(`mutation SetGitRemote($projectId: ID!, $url: String!, $token: String) {
  setGitRemote(projectId: $projectId, url: $url, token: $token) {
    head commits remoteUrl hasToken lastPush { at ok message commits } } }`);

/** ADMIN and up: the remote URL and (when given) its token; an empty URL removes the remote. */
export async function setGitRemote(projectId: string, url: string, token?: string): Promise<ProjectGit> {
  const data = await gql(SetGitRemote, { projectId, url, token: token === undefined ? null : token });
  return data.setGitRemote;
}

const PushToGit = graphql(`mutation PushToGit($projectId: ID!) {
  pushToGit(projectId: $projectId) { at ok message commits } }`);

/** EDITOR and up: commits what is new and pushes; the answer is how it went (a failure is data, not thrown). */
export async function pushToGit(projectId: string): Promise<GitPush> {
  const data = await gql(PushToGit, { projectId });
  return data.pushToGit;
}
