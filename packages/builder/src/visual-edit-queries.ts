/**
 * @module The preview's visual edits (Select mode): change a clicked element's text, image or link or delete it
 * (`visualEdit`: a free hand revision), or describe a change to it (`patchElement`: a UI_PATCH generation);
 * before either, where its text, image and link are written (`elementOrigins`: a loop's array, a parent's prop).
 */
import { gql } from './api.ts';
import { graphql, type ResultOf, type VariablesOf } from './graphql.ts';

const VisualEdit = graphql(`mutation VisualEdit($projectId: ID!, $baseRevisionId: ID!, $filePath: String!,
  $line: Int!, $column: Int!, $kind: VisualEditKind!, $value: String, $current: String) {
  visualEdit(projectId: $projectId, baseRevisionId: $baseRevisionId, filePath: $filePath, line: $line,
    column: $column, kind: $kind, value: $value, current: $current) { id number } }`);

const PatchElement = graphql(`mutation PatchElement($projectId: ID!, $baseRevisionId: ID!, $filePath: String!,
  $line: Int!, $column: Int!, $instruction: String!) {
  patchElement(projectId: $projectId, baseRevisionId: $baseRevisionId, filePath: $filePath, line: $line,
    column: $column, instruction: $instruction) { id number } }`);

/** The kinds of visual edit: TEXT, IMAGE, LINK or DELETE. */
export type VisualEditKind = VariablesOf<typeof VisualEdit>['kind'];

/** Queues the edit of one element; resolves with the new revision's id. */
export async function visualEdit(input: VariablesOf<typeof VisualEdit>): Promise<string> {
  return (await gql(VisualEdit, input)).visualEdit.id;
}

/** Queues a UI_PATCH revision for one element (charged like a chat message). */
export async function patchElement(input: VariablesOf<typeof PatchElement>): Promise<string> {
  return (await gql(PatchElement, input)).patchElement.id;
}

const ElementOrigins = graphql(`query ElementOrigins($projectId: ID!, $revisionId: ID!, $filePath: String!,
  $line: Int!, $column: Int!, $text: String, $src: String, $href: String) {
  elementOrigins(projectId: $projectId, revisionId: $revisionId, filePath: $filePath, line: $line,
    column: $column, text: $text, src: $src, href: $href) {
    text { editable through note } src { editable through note } href { editable through note } } }`);

/** Where an element's text, image and link are written (each null when not asked about). */
export type ElementOriginsResult = ResultOf<typeof ElementOrigins>['elementOrigins'];

/** Asks where the clicked element's text, image and link are written; changes nothing. */
export async function elementOrigins(
  input: VariablesOf<typeof ElementOrigins>,
): Promise<ElementOriginsResult> {
  return (await gql(ElementOrigins, input)).elementOrigins;
}
