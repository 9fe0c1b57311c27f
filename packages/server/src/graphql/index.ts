/**
 * @module The GraphQL API (graphql-yoga) over the services. Resolvers are thin: they check the session and
 * call a service; KilnErrors become GraphQL errors with the kind as `extensions.code` and its HTTP status.
 */
import { readFileSync } from 'node:fs';
import { ERROR_STATUS, isKilnError, MESSAGES } from '@kiln/core';
import { createGraphQLError, createSchema, createYoga } from 'graphql-yoga';
import type { GraphQLContext } from './context';
import { inputHygiene } from './input-hygiene';
import { armorPlugins, withTimeBudget } from './limits';
import * as accounts from './resolvers/accounts';
import * as admin from './resolvers/admin';
import * as aiImages from './resolvers/ai-images';
import * as appDatabase from './resolvers/app-database';
import * as deployments from './resolvers/deployments';
import * as git from './resolvers/git';
import * as modules from './resolvers/modules';
import * as organizations from './resolvers/organizations';
import * as plan from './resolvers/plan';
import * as projectGroups from './resolvers/project-groups';
import * as projects from './resolvers/projects';
import * as revisions from './resolvers/revisions';
import * as secretsLogs from './resolvers/secrets-logs';
import * as securityScan from './resolvers/security-scan';
import * as topDownChat from './resolvers/top-down-chat';
import * as uploads from './resolvers/uploads';
import * as verification from './resolvers/verification';
import * as visitorAuth from './resolvers/visitor-auth';
import * as visualEdits from './resolvers/visual-edits';
import * as webSearch from './resolvers/web-search';

export type { GraphQLContext } from './context';

const typeDefs = readFileSync(new URL('./schema.graphql', import.meta.url), 'utf8');

/** One resolver object from the per-area files in resolvers/ (each exports Query, Mutation and its types). */
const resolvers = {
  Query: {
    ...accounts.Query,
    ...admin.Query,
    ...organizations.Query,
    ...projects.Query,
    ...revisions.Query,
    ...uploads.Query,
    ...visitorAuth.Query,
    ...securityScan.Query,
    ...plan.Query,
    ...visualEdits.Query,
  },
  Mutation: {
    ...accounts.Mutation,
    ...admin.Mutation,
    ...aiImages.Mutation,
    ...organizations.Mutation,
    ...projects.Mutation,
    ...projectGroups.Mutation,
    ...revisions.Mutation,
    ...appDatabase.Mutation,
    ...secretsLogs.Mutation,
    ...deployments.Mutation,
    ...visitorAuth.Mutation,
    ...visualEdits.Mutation,
    ...modules.Mutation,
    ...topDownChat.Mutation,
    ...webSearch.Mutation,
    ...git.Mutation,
    ...verification.Mutation,
    ...plan.Mutation,
  },
  ...accounts.types,
  ...admin.types,
  ...organizations.types,
  ...projects.types,
  ...projectGroups.types,
  ...revisions.types,
  ...appDatabase.types,
  ...secretsLogs.types,
  ...deployments.types,
  ...git.types,
  ...verification.types,
  Project: {
    ...projects.types.Project,
    ...secretsLogs.Project,
    ...deployments.projectFields,
    ...git.Project,
    ...verification.projectFields,
    ...plan.projectFields,
  },
  Organization: {
    ...organizations.types.Organization,
    ...webSearch.organizationFields,
    ...plan.organizationFields,
  },
  Revision: { ...revisions.types.Revision, ...verification.types.Revision, ...plan.revisionFields },
  Message: { ...revisions.types.Message, ...verification.types.Message, ...plan.messageFields },
};

/** The yoga instance; `fetch(request, context)` answers one GraphQL HTTP request. */
export function createGraphQL(opts: { dev: boolean; log: (msg: string, err: unknown) => void }) {
  return createYoga<GraphQLContext>({
    schema: withTimeBudget<GraphQLContext>(createSchema<GraphQLContext>({ typeDefs, resolvers })),
    graphqlEndpoint: '/graphql',
    landingPage: false,
    graphiql: opts.dev,
    // Same-origin only (http/security.ts refuses other origins before yoga): no CORS headers for anyone.
    cors: false,
    plugins: [...armorPlugins(), inputHygiene()],
    logging: false, // unexpected errors are logged by maskError; user errors are not failures
    maskedErrors: {
      // Errors are created with yoga's own createGraphQLError: under some loaders `graphql` is present twice
      // (ESM and CJS), and yoga only reads the HTTP status from errors of its own copy.
      maskError(error) {
        const wrapped = error as { originalError?: unknown; name?: string };
        const original = wrapped.originalError ?? error;
        if (isKilnError(original)) {
          const retryAfter = original.details?.retryAfterSeconds;
          const http = {
            status: ERROR_STATUS[original.kind],
            ...(typeof retryAfter === 'number' ? { headers: { 'Retry-After': String(retryAfter) } } : {}),
          };
          return createGraphQLError(original.message, { extensions: { code: original.kind, http } });
        }
        if (wrapped.name === 'GraphQLError' && !wrapped.originalError) return error as Error; // a malformed query
        opts.log('graphql resolver failed', original);
        return createGraphQLError(MESSAGES.somethingWentWrong, { extensions: { code: 'internal' } });
      },
    },
  });
}
