/**
 * @module The GraphQL API (graphql-yoga) over the services. Resolvers are thin: they check the session and
 * call a service; KilnErrors become GraphQL errors with the kind as `extensions.code` and its HTTP status.
 */
import { readFileSync } from 'node:fs';
import {
  ERROR_STATUS,
  filePathToRoute,
  isKilnError,
  KilnError,
  MESSAGES,
  moduleName,
  sortModules,
} from '@kiln/core';
import { desc, eq } from 'drizzle-orm';
import { createGraphQLError, createSchema, createYoga } from 'graphql-yoga';
import { createSession, endSession, signIn, signUp, type User } from '../accounts';
import { compileCss } from '../css';
import type { Db } from '../db/index';
import { revisions } from '../db/schema';
import { SERVER_MESSAGES as M } from '../messages';
import type { Origins } from '../origins';
import {
  createProject,
  fixError,
  getProject,
  getRevision,
  listProjects,
  organizationsOf,
  type Project,
  projectMessages,
  type Revision,
  sendMessage,
} from '../projects';
import { publishInfo, publishProject } from '../publish';

export interface GraphQLContext {
  db: Db;
  origins: Origins;
  user: User | null;
  /** Start a session cookie for this response. */
  setSession(token: string, expiresAt: Date): void;
  clearSession(): void;
  sessionToken: string | undefined;
  /** A revision was queued: wake the workers. */
  onQueued(): void;
}

const typeDefs = readFileSync(new URL('./schema.graphql', import.meta.url), 'utf8');

function requireUser(ctx: GraphQLContext): User {
  if (!ctx.user) throw new KilnError('unauthenticated', M.signInRequired);
  return ctx.user;
}

const iso = (d: Date) => d.toISOString();

const meOf = (u: User) => ({
  id: u.id,
  email: u.email,
  displayName: u.displayName,
  username: u.username,
  role: u.role,
  status: u.status,
  profile: { photoURL: u.photoUrl },
});

const resolvers = {
  Query: {
    me: (_: unknown, __: unknown, ctx: GraphQLContext) => (ctx.user ? meOf(ctx.user) : null),
    organizations: (_: unknown, __: unknown, ctx: GraphQLContext) =>
      organizationsOf(ctx.db, requireUser(ctx).id),
    projects: (_: unknown, a: { organizationId?: string | null }, ctx: GraphQLContext) =>
      listProjects(ctx.db, requireUser(ctx), a.organizationId),
    project: async (_: unknown, a: { id: string }, ctx: GraphQLContext) => {
      try {
        return await getProject(ctx.db, requireUser(ctx), a.id);
      } catch (e) {
        if (isKilnError(e) && e.kind === 'not_found') return null;
        throw e;
      }
    },
  },
  Mutation: {
    signUp: async (
      _: unknown,
      a: { email: string; password: string; displayName?: string },
      ctx: GraphQLContext,
    ) => {
      const user = await signUp(ctx.db, a);
      const s = await createSession(ctx.db, user.id);
      ctx.setSession(s.token, s.expiresAt);
      return meOf(user);
    },
    signIn: async (_: unknown, a: { email: string; password: string }, ctx: GraphQLContext) => {
      const user = await signIn(ctx.db, a);
      const s = await createSession(ctx.db, user.id);
      ctx.setSession(s.token, s.expiresAt);
      return meOf(user);
    },
    signOut: async (_: unknown, __: unknown, ctx: GraphQLContext) => {
      if (ctx.sessionToken) await endSession(ctx.db, ctx.sessionToken);
      ctx.clearSession();
      return true;
    },
    createProject: async (
      _: unknown,
      a: { prompt: string; organizationId?: string },
      ctx: GraphQLContext,
    ) => {
      const project = await createProject(ctx.db, requireUser(ctx), a);
      ctx.onQueued();
      return project;
    },
    sendMessage: async (_: unknown, a: { projectId: string; text: string }, ctx: GraphQLContext) => {
      const revision = await sendMessage(ctx.db, requireUser(ctx), a.projectId, a.text);
      ctx.onQueued();
      return revision;
    },
    fixError: async (
      _: unknown,
      a: { projectId: string; revisionId: string; filePath: string; message: string },
      ctx: GraphQLContext,
    ) => {
      const revision = await fixError(ctx.db, requireUser(ctx), a);
      ctx.onQueued();
      return revision;
    },
    markRendered: async (_: unknown, a: { revisionId: string }, ctx: GraphQLContext) => {
      const rev = await getRevision(ctx.db, a.revisionId);
      if (!rev) throw new KilnError('not_found', M.revisionNotFound);
      await getProject(ctx.db, requireUser(ctx), rev.projectId);
      if (!rev.firstRenderedAt) {
        await ctx.db.update(revisions).set({ firstRenderedAt: new Date() }).where(eq(revisions.id, rev.id));
      }
      return true;
    },
    publishProject: (_: unknown, a: { projectId: string }, ctx: GraphQLContext) =>
      publishProject(ctx.db, ctx.origins, requireUser(ctx), a.projectId),
  },
  Project: {
    createdAt: (p: Project) => iso(p.createdAt),
    previewUrl: (p: Project, _: unknown, ctx: GraphQLContext) => ctx.origins.previewUrl(p.id),
    latestRevision: (p: Project, _: unknown, ctx: GraphQLContext) =>
      p.latestRevisionId ? getRevision(ctx.db, p.latestRevisionId) : null,
    revisions: (p: Project, _: unknown, ctx: GraphQLContext) =>
      ctx.db.select().from(revisions).where(eq(revisions.projectId, p.id)).orderBy(desc(revisions.number)),
    messages: (p: Project, _: unknown, ctx: GraphQLContext) => projectMessages(ctx.db, p.id),
    publish: (p: Project, _: unknown, ctx: GraphQLContext) => publishInfo(ctx.db, ctx.origins, p),
  },
  Revision: {
    createdAt: (r: Revision) => iso(r.createdAt),
    modules: (r: Revision) =>
      sortModules(r.modules as { moduleType: never; filePath: string; content: string }[]).map((m) => ({
        ...m,
        name: moduleName(m.filePath),
        route: filePathToRoute(m.filePath),
      })),
    css: async (r: Revision, _: unknown, ctx: GraphQLContext) => {
      const p = await getProject(ctx.db, requireUser(ctx), r.projectId);
      return compileCss(
        r.modules.map((m) => m.content),
        p.designSystem.tailwindConfig,
      );
    },
  },
  Message: { createdAt: (m: { createdAt: Date }) => iso(m.createdAt) },
  Deployment: { createdAt: (d: { createdAt: Date }) => iso(d.createdAt) },
};

/** The yoga instance; `fetch(request, context)` answers one GraphQL HTTP request. */
export function createGraphQL(opts: { dev: boolean; log: (msg: string, err: unknown) => void }) {
  return createYoga<GraphQLContext>({
    schema: createSchema<GraphQLContext>({ typeDefs, resolvers }),
    graphqlEndpoint: '/graphql',
    landingPage: false,
    graphiql: opts.dev,
    logging: false, // unexpected errors are logged by maskError; user errors are not failures
    maskedErrors: {
      // Errors are created with yoga's own createGraphQLError: under some loaders `graphql` is present twice
      // (ESM and CJS), and yoga only reads the HTTP status from errors of its own copy.
      maskError(error) {
        const wrapped = error as { originalError?: unknown; name?: string };
        const original = wrapped.originalError ?? error;
        if (isKilnError(original)) {
          return createGraphQLError(original.message, {
            extensions: { code: original.kind, http: { status: ERROR_STATUS[original.kind] } },
          });
        }
        if (wrapped.name === 'GraphQLError' && !wrapped.originalError) return error as Error; // a malformed query
        opts.log('graphql resolver failed', original);
        return createGraphQLError(MESSAGES.somethingWentWrong, { extensions: { code: 'internal' } });
      },
    },
  });
}
