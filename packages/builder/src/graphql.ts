/**
 * @module The builder's `graphql()` tag: gql.tada types each operation's result and variables from the
 * schema (`graphql-env.gen.ts`, generated from `packages/server/src/graphql/schema.graphql`), so no query
 * module writes an API shape by hand. Fragments are not masked: a spread fragment's fields are plain fields
 * of the result.
 */
import { initGraphQLTada } from 'gql.tada';
import type { introspection } from './graphql-env.gen.ts';

export const graphql = initGraphQLTada<{ introspection: introspection; disableMasking: true }>();

export type { ResultOf, TadaDocumentNode, VariablesOf } from 'gql.tada';
