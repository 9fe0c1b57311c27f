/**
 * @module The code editor's calls: save one module, and New / rename / delete modules. Each makes a CODE_CHANGE
 * revision on `baseRevisionId` (the revision the editor showed); an outdated base is refused with a conflict.
 */
import { gql } from './api.ts';
import { graphql } from './graphql.ts';

/** What a hand edit answers: the revision it queued. */
export interface HandRevision {
  id: string;
  number: number;
}

const SaveModule = graphql(`mutation SaveModule($projectId: ID!, $filePath: String!, $content: String!,
  $baseRevisionId: ID) {
  saveModule(projectId: $projectId, filePath: $filePath, content: $content, baseRevisionId: $baseRevisionId) {
    id number } }`);

export async function saveModule(input: {
  projectId: string;
  filePath: string;
  content: string;
  baseRevisionId: string | null;
}): Promise<HandRevision> {
  return (await gql(SaveModule, input)).saveModule;
}

const CreateModule = graphql(`mutation CreateModule($projectId: ID!, $moduleType: String!, $name: String,
  $baseRevisionId: ID) {
  createModule(projectId: $projectId, moduleType: $moduleType, name: $name, baseRevisionId: $baseRevisionId) {
    id number modules { filePath } } }`);

/** A new module's revision, with its modules so the caller can open the new file. */
export async function createModule(input: {
  projectId: string;
  moduleType: string;
  name?: string | null;
  baseRevisionId: string | null;
}): Promise<HandRevision & { modules: { filePath: string }[] }> {
  return (await gql(CreateModule, input)).createModule;
}

const RenameModule =
  graphql(`mutation RenameModule($projectId: ID!, $filePath: String!, $newFilePath: String!,
  $baseRevisionId: ID) {
  renameModule(projectId: $projectId, filePath: $filePath, newFilePath: $newFilePath,
    baseRevisionId: $baseRevisionId) { id number } }`);

export async function renameModule(input: {
  projectId: string;
  filePath: string;
  newFilePath: string;
  baseRevisionId: string | null;
}): Promise<HandRevision> {
  return (await gql(RenameModule, input)).renameModule;
}

const DeleteModule =
  graphql(`mutation DeleteModule($projectId: ID!, $filePath: String!, $baseRevisionId: ID) {
  deleteModule(projectId: $projectId, filePath: $filePath, baseRevisionId: $baseRevisionId) { id number } }`);

export async function deleteModule(input: {
  projectId: string;
  filePath: string;
  baseRevisionId: string | null;
}): Promise<HandRevision> {
  return (await gql(DeleteModule, input)).deleteModule;
}

const AddMigration = graphql(`mutation AddMigration($projectId: ID!, $name: String!, $sql: String!,
  $baseRevisionId: ID) {
  addMigration(projectId: $projectId, name: $name, sql: $sql, baseRevisionId: $baseRevisionId) { id number } }`);

/** A database migration written by hand: applied to the development branch when its revision runs. */
export async function addMigration(input: {
  projectId: string;
  name: string;
  sql: string;
  baseRevisionId: string | null;
}): Promise<HandRevision> {
  return (await gql(AddMigration, input)).addMigration;
}
