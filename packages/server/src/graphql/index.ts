/**
 * @module The GraphQL API (graphql-yoga) over the services. Resolvers are thin: they check the session and
 * call a service; KilnErrors become GraphQL errors with the kind as `extensions.code` and its HTTP status.
 */
import { readFileSync } from 'node:fs';
import {
  DATABASE_SIZE_BYTES,
  type DatabaseBranch,
  ERROR_STATUS,
  filePathToRoute,
  isKilnError,
  KilnError,
  MESSAGES,
  moduleName,
  type OrganizationPlan,
  planAllowanceForJson,
  sortModules,
} from '@kiln/core';
import { desc, eq } from 'drizzle-orm';
import { createGraphQLError, createSchema, createYoga } from 'graphql-yoga';
import { createSession, endSession, signIn, signUp, type User } from '../accounts';
import { assertSafe } from '../content-safety';
import { creditsOf, depositCredits, eventsOf, PLAN_REFILL_CREDITS } from '../credits';
import { cachedCss } from '../css';
import { projects as projectsTable, revisions } from '../db/schema';
import { designSystemCss, designSystemForApi, updateDesignSystem } from '../design-system';
import {
  type AccountMail,
  requestPasswordReset,
  resetPassword,
  sendAccountExists,
  sendVerification,
  verifyEmail,
} from '../email-tokens';
import { modulePathSegment } from '../jobs/generated-modules';
import { finishCanceled } from '../jobs/worker';
import { mailbox } from '../mailer';
import { messageCost } from '../message-costs';
import { SERVER_MESSAGES as M } from '../messages';
import {
  acceptInvitation,
  changeMemberRole,
  createOrganization,
  deleteOrganization,
  getOrganization,
  inviteMember,
  listInvitations,
  listMembers,
  type Organization,
  removeMember,
  renameOrganization,
  revokeInvitation,
  setPlan,
  transferOwnership,
} from '../organizations';
import { requireRole } from '../permissions';
import { limitForJson } from '../plan-limits';
import { listProjectGroupRevisions, restoreProjectGroupRevision } from '../project-group-revisions';
import {
  copyProject,
  createProjectGroup,
  deleteProject,
  deleteProjectGroup,
  listProjectGroups,
  moveProject,
  type ProjectGroup,
  renameProject,
  renameProjectGroup,
} from '../project-groups';
import {
  privateProjectCount,
  rotateAccessLink,
  setProjectEnvironment,
  setProjectVisibility,
} from '../project-settings';
import {
  cancelGeneration,
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
import { guardSignIn, guardSignUp } from '../rate-limits';
import { diffRevisions, restoreRevision } from '../revisions';
import { type GraphQLContext, iso, requireUser } from './context';
import { inputHygiene } from './input-hygiene';
import { armorPlugins, withTimeBudget } from './limits';
import * as admin from './resolvers/admin';
import * as visitorAuth from './resolvers/visitor-auth';
import type {
  AppDatabaseSizeBytesArgs,
  AppDatabaseTablesArgs,
  AppTableRowsArgs,
  MutationAcceptInvitationArgs,
  MutationCancelGenerationArgs,
  MutationChangeMemberRoleArgs,
  MutationCreateOrganizationArgs,
  MutationCreateProjectArgs,
  MutationCreateProjectGroupArgs,
  MutationDeleteOrganizationArgs,
  MutationDeleteProjectArgs,
  MutationDeleteProjectGroupArgs,
  MutationDepositCreditsArgs,
  MutationDuplicateProjectArgs,
  MutationFixErrorArgs,
  MutationForkProjectArgs,
  MutationInviteMemberArgs,
  MutationLeaveOrganizationArgs,
  MutationMarkRenderedArgs,
  MutationMoveProjectArgs,
  MutationPublishProjectArgs,
  MutationRemoveMemberArgs,
  MutationRenameOrganizationArgs,
  MutationRenameProjectArgs,
  MutationRenameProjectGroupArgs,
  MutationReportPreviewErrorArgs,
  MutationRequestPasswordResetArgs,
  MutationResetPasswordArgs,
  MutationRestoreProjectGroupRevisionArgs,
  MutationRestoreRevisionArgs,
  MutationRevokeInvitationArgs,
  MutationRotateProjectAccessLinkArgs,
  MutationSendMessageArgs,
  MutationSetOrganizationPlanArgs,
  MutationSetProjectEnvironmentArgs,
  MutationSetProjectVisibilityArgs,
  MutationSetTablePublicReadArgs,
  MutationSignInArgs,
  MutationSignUpArgs,
  MutationTransferOwnershipArgs,
  MutationUpdateDesignSystemArgs,
  MutationUpdateModelSettingsArgs,
  MutationVerifyEmailArgs,
  OrganizationEventsArgs,
  ProjectGroupRevisionsArgs,
  QueryOrganizationArgs,
  QueryProjectArgs,
  QueryProjectsArgs,
  QueryRevisionDiffArgs,
} from './schema.gen';

export type { GraphQLContext } from './context';

const typeDefs = readFileSync(new URL('./schema.graphql', import.meta.url), 'utf8');

/** A database branch argument: development (the preview's) unless main is asked for. */
function databaseBranch(value: string | null | undefined): DatabaseBranch {
  if (value === undefined || value === null || value === 'development') return 'development';
  if (value === 'main') return 'main';
  throw new KilnError('validation', 'branch must be main or development.');
}

const accountMail = (ctx: GraphQLContext): AccountMail => ({
  db: ctx.db,
  mailer: ctx.mailer,
  builderOrigin: ctx.origins.builderOrigin,
  limits: ctx.rateLimits,
  log: ctx.log,
});

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
    ...admin.Query,
    ...visitorAuth.Query,
    me: (_: unknown, __: unknown, ctx: GraphQLContext) => (ctx.user ? meOf(ctx.user) : null),
    organizations: (_: unknown, __: unknown, ctx: GraphQLContext) =>
      organizationsOf(ctx.db, requireUser(ctx).id),
    projects: (_: unknown, a: QueryProjectsArgs, ctx: GraphQLContext) =>
      listProjects(ctx.db, requireUser(ctx), a.organizationId),
    project: async (_: unknown, a: QueryProjectArgs, ctx: GraphQLContext) => {
      try {
        return await getProject(ctx.db, requireUser(ctx), a.id);
      } catch (e) {
        if (isKilnError(e) && e.kind === 'not_found') return null;
        throw e;
      }
    },
    organization: async (_: unknown, a: QueryOrganizationArgs, ctx: GraphQLContext) => {
      const user = requireUser(ctx);
      try {
        const role = await requireRole(ctx.db, a.id, user.id, 'VIEWER');
        return { ...(await getOrganization(ctx.db, a.id)), role };
      } catch (e) {
        if (isKilnError(e) && e.kind === 'not_found') return null;
        throw e;
      }
    },
    revisionDiff: (_: unknown, a: QueryRevisionDiffArgs, ctx: GraphQLContext) =>
      diffRevisions(ctx.db, requireUser(ctx), a),
    mailbox: (_: unknown, __: unknown, ctx: GraphQLContext) => {
      const user = requireUser(ctx);
      if (ctx.mailer.smtp)
        throw new KilnError('not_found', 'The development mailbox is off: mail goes through SMTP.');
      return mailbox(ctx.db, user);
    },
  },
  Mutation: {
    ...admin.Mutation,
    ...visitorAuth.Mutation,
    signUp: async (_: unknown, a: MutationSignUpArgs, ctx: GraphQLContext) => {
      await guardSignUp(ctx.rateLimits, ctx.clientAddress);
      const { user, existing } = await signUp(ctx.db, a);
      // The same answer whether or not the e-mail has an account; only its owner learns of the attempt.
      if (existing) {
        await sendAccountExists(accountMail(ctx), existing);
        return meOf(user);
      }
      const s = await createSession(ctx.db, user.id);
      ctx.setSession(s.token, s.expiresAt);
      await sendVerification(accountMail(ctx), user);
      return meOf(user);
    },
    verifyEmail: async (_: unknown, a: MutationVerifyEmailArgs, ctx: GraphQLContext) =>
      meOf(await verifyEmail(ctx.db, a.token)),
    resendVerification: async (_: unknown, __: unknown, ctx: GraphQLContext) => {
      await sendVerification(accountMail(ctx), requireUser(ctx));
      return true;
    },
    requestPasswordReset: async (_: unknown, a: MutationRequestPasswordResetArgs, ctx: GraphQLContext) => {
      await requestPasswordReset(accountMail(ctx), a.email);
      return true;
    },
    resetPassword: async (_: unknown, a: MutationResetPasswordArgs, ctx: GraphQLContext) => {
      await resetPassword(ctx.db, a.token, a.password);
      return true;
    },
    signIn: async (_: unknown, a: MutationSignInArgs, ctx: GraphQLContext) => {
      const attempt = await guardSignIn(ctx.rateLimits, a.email, ctx.clientAddress);
      const user = await signIn(ctx.db, a);
      await attempt.succeeded();
      const s = await createSession(ctx.db, user.id);
      ctx.setSession(s.token, s.expiresAt);
      return meOf(user);
    },
    signOut: async (_: unknown, __: unknown, ctx: GraphQLContext) => {
      if (ctx.sessionToken) await endSession(ctx.db, ctx.sessionToken);
      ctx.clearSession();
      return true;
    },
    createProject: async (_: unknown, a: MutationCreateProjectArgs, ctx: GraphQLContext) => {
      requireUser(ctx);
      await assertSafe(ctx.classifier, a.prompt);
      const project = await createProject(ctx.db, requireUser(ctx), a);
      ctx.onQueued();
      ctx.onProjectChanged(project.id);
      return project;
    },
    sendMessage: async (_: unknown, a: MutationSendMessageArgs, ctx: GraphQLContext) => {
      requireUser(ctx);
      await assertSafe(ctx.classifier, a.text);
      const revision = await sendMessage(ctx.db, requireUser(ctx), a);
      ctx.onQueued();
      ctx.onProjectChanged(revision.projectId);
      return revision;
    },
    fixError: async (_: unknown, a: MutationFixErrorArgs, ctx: GraphQLContext) => {
      const revision = await fixError(ctx.db, requireUser(ctx), a);
      ctx.onQueued();
      ctx.onProjectChanged(revision.projectId);
      return revision;
    },
    cancelGeneration: async (_: unknown, a: MutationCancelGenerationArgs, ctx: GraphQLContext) => {
      const { revision, running } = await cancelGeneration(
        ctx.db,
        requireUser(ctx),
        a.projectId,
        finishCanceled,
      );
      if (running) ctx.onCancel(revision.id);
      else ctx.onProjectChanged(a.projectId);
      return revision;
    },
    setTablePublicRead: async (_: unknown, a: MutationSetTablePublicReadArgs, ctx: GraphQLContext) => {
      await getProject(ctx.db, requireUser(ctx), a.projectId, 'EDITOR');
      await ctx.backend.setTablePublicRead(a.projectId, a.table, a.publicRead);
      const branch = 'development' as const;
      const tables = await ctx.backend.databases.tables({ projectId: a.projectId, branch });
      const table = tables.find((t) => t.name === a.table) ?? { name: a.table, columns: [], rowCount: 0 };
      return { ...table, projectId: a.projectId, branch, publicRead: a.publicRead };
    },
    markRendered: async (_: unknown, a: MutationMarkRenderedArgs, ctx: GraphQLContext) => {
      const rev = await getRevision(ctx.db, a.revisionId);
      if (!rev) throw new KilnError('not_found', M.revisionNotFound);
      await getProject(ctx.db, requireUser(ctx), rev.projectId, 'EDITOR');
      if (!rev.firstRenderedAt) {
        await ctx.db.update(revisions).set({ firstRenderedAt: new Date() }).where(eq(revisions.id, rev.id));
      }
      return true;
    },
    reportPreviewError: async (_: unknown, a: MutationReportPreviewErrorArgs, ctx: GraphQLContext) => {
      const rev = await getRevision(ctx.db, a.revisionId);
      if (!rev) throw new KilnError('not_found', M.revisionNotFound);
      await getProject(ctx.db, requireUser(ctx), rev.projectId);
      if (a.mode !== 'web' && a.mode !== 'mobile')
        throw new KilnError('validation', 'mode must be web or mobile.');
      // The user's own generated code failed, not Kiln: a warning line with what Fix it would be sent.
      ctx.log('preview error', {
        projectId: rev.projectId,
        revisionId: rev.id,
        filePath: a.filePath.slice(0, 300),
        mode: a.mode,
        message: a.message.slice(0, 2000),
      });
      return true;
    },
    publishProject: (_: unknown, a: MutationPublishProjectArgs, ctx: GraphQLContext) =>
      publishProject(ctx.db, ctx.origins, requireUser(ctx), a.projectId, ctx.privateLimits, ctx.backend),
    updateDesignSystem: async (_: unknown, a: MutationUpdateDesignSystemArgs, ctx: GraphQLContext) => {
      const project = await updateDesignSystem(ctx.db, requireUser(ctx), a);
      ctx.onProjectChanged(project.id); // an open preview re-reads the revision's CSS
      return project;
    },
    setProjectEnvironment: (_: unknown, a: MutationSetProjectEnvironmentArgs, ctx: GraphQLContext) =>
      setProjectEnvironment(ctx.db, requireUser(ctx), a),
    setProjectVisibility: (_: unknown, a: MutationSetProjectVisibilityArgs, ctx: GraphQLContext) =>
      setProjectVisibility(ctx.db, requireUser(ctx), ctx.privateLimits, a),
    rotateProjectAccessLink: (_: unknown, a: MutationRotateProjectAccessLinkArgs, ctx: GraphQLContext) =>
      rotateAccessLink(ctx.db, ctx.origins, requireUser(ctx), a.projectId),
    restoreProjectGroupRevision: async (
      _: unknown,
      a: MutationRestoreProjectGroupRevisionArgs,
      ctx: GraphQLContext,
    ) => {
      const user = requireUser(ctx);
      const { revision, changed } = await restoreProjectGroupRevision(
        ctx.db,
        user,
        a,
        (db, projectId, revisionId) =>
          restoreRevision(db, user, { projectId, revisionId }, { recordGroup: false }),
      );
      for (const projectId of changed) ctx.onProjectChanged(projectId);
      return (await listProjectGroupRevisions(ctx.db, a.projectGroupId, 1))[0] ?? revision;
    },
    restoreRevision: async (_: unknown, a: MutationRestoreRevisionArgs, ctx: GraphQLContext) => {
      const revision = await restoreRevision(ctx.db, requireUser(ctx), a);
      ctx.onProjectChanged(a.projectId);
      return revision;
    },
    renameProject: (_: unknown, a: MutationRenameProjectArgs, ctx: GraphQLContext) =>
      renameProject(ctx.db, requireUser(ctx), a),
    moveProject: (_: unknown, a: MutationMoveProjectArgs, ctx: GraphQLContext) =>
      moveProject(ctx.db, requireUser(ctx), a),
    duplicateProject: (_: unknown, a: MutationDuplicateProjectArgs, ctx: GraphQLContext) =>
      copyProject(ctx.db, requireUser(ctx), { projectId: a.projectId, action: 'DUPLICATE' }),
    forkProject: (_: unknown, a: MutationForkProjectArgs, ctx: GraphQLContext) =>
      copyProject(ctx.db, requireUser(ctx), { ...a, action: 'FORK' }),
    deleteProject: (_: unknown, a: MutationDeleteProjectArgs, ctx: GraphQLContext) =>
      deleteProject(ctx.db, requireUser(ctx), a.projectId),
    createProjectGroup: (_: unknown, a: MutationCreateProjectGroupArgs, ctx: GraphQLContext) =>
      createProjectGroup(ctx.db, requireUser(ctx), a),
    renameProjectGroup: (_: unknown, a: MutationRenameProjectGroupArgs, ctx: GraphQLContext) =>
      renameProjectGroup(ctx.db, requireUser(ctx), a),
    deleteProjectGroup: (_: unknown, a: MutationDeleteProjectGroupArgs, ctx: GraphQLContext) =>
      deleteProjectGroup(ctx.db, requireUser(ctx), a.id),
    createOrganization: async (_: unknown, a: MutationCreateOrganizationArgs, ctx: GraphQLContext) => ({
      ...(await createOrganization(ctx.db, requireUser(ctx), a)),
      role: 'OWNER',
    }),
    renameOrganization: async (_: unknown, a: MutationRenameOrganizationArgs, ctx: GraphQLContext) => {
      const user = requireUser(ctx);
      const org = await renameOrganization(ctx.db, user, a.id, a.name);
      return { ...org, role: await requireRole(ctx.db, a.id, user.id, 'VIEWER') };
    },
    deleteOrganization: (_: unknown, a: MutationDeleteOrganizationArgs, ctx: GraphQLContext) =>
      deleteOrganization(ctx.db, requireUser(ctx), a.id),
    inviteMember: async (_: unknown, a: MutationInviteMemberArgs, ctx: GraphQLContext) => {
      const { invitation, token } = await inviteMember(ctx.db, requireUser(ctx), a);
      return { invitation, acceptUrl: `${ctx.origins.builderOrigin}/invitations/${token}` };
    },
    acceptInvitation: async (_: unknown, a: MutationAcceptInvitationArgs, ctx: GraphQLContext) => {
      const user = requireUser(ctx);
      const org = await acceptInvitation(ctx.db, user, a.token);
      return { ...org, role: await requireRole(ctx.db, org.id, user.id, 'VIEWER') };
    },
    revokeInvitation: (_: unknown, a: MutationRevokeInvitationArgs, ctx: GraphQLContext) =>
      revokeInvitation(ctx.db, requireUser(ctx), a.id),
    changeMemberRole: (_: unknown, a: MutationChangeMemberRoleArgs, ctx: GraphQLContext) =>
      changeMemberRole(ctx.db, requireUser(ctx), a),
    removeMember: (_: unknown, a: MutationRemoveMemberArgs, ctx: GraphQLContext) =>
      removeMember(ctx.db, requireUser(ctx), a),
    leaveOrganization: (_: unknown, a: MutationLeaveOrganizationArgs, ctx: GraphQLContext) => {
      const user = requireUser(ctx);
      return removeMember(ctx.db, user, { organizationId: a.organizationId, userId: user.id });
    },
    transferOwnership: (_: unknown, a: MutationTransferOwnershipArgs, ctx: GraphQLContext) =>
      transferOwnership(ctx.db, requireUser(ctx), a),
    updateModelSettings: (_: unknown, a: MutationUpdateModelSettingsArgs, ctx: GraphQLContext) =>
      ctx.models.update(requireUser(ctx), a),
    setOrganizationPlan: async (_: unknown, a: MutationSetOrganizationPlanArgs, ctx: GraphQLContext) => {
      const user = requireUser(ctx);
      const org = await setPlan(ctx.db, user, a.organizationId, a.plan);
      const role = await requireRole(ctx.db, org.id, user.id, 'VIEWER').catch(() => 'VIEWER');
      return { ...org, role };
    },
    depositCredits: (_: unknown, a: MutationDepositCreditsArgs, ctx: GraphQLContext) =>
      depositCredits(ctx.db, requireUser(ctx), a),
  },
  Organization: {
    allowance: (o: Organization) => planAllowanceForJson(o.plan as OrganizationPlan),
    databaseSizeBytes: (o: Organization) => DATABASE_SIZE_BYTES[o.plan as OrganizationPlan],
    personal: (o: Organization) => o.personal ?? false,
    privateProjects: (o: Organization, _: unknown, ctx: GraphQLContext) => privateProjectCount(ctx.db, o.id),
    privateProjectLimit: (o: Organization, _: unknown, ctx: GraphQLContext) =>
      limitForJson(ctx.privateLimits.projects[o.plan as OrganizationPlan]),
    privatePageLimit: (o: Organization, _: unknown, ctx: GraphQLContext) =>
      limitForJson(ctx.privateLimits.pages[o.plan as OrganizationPlan]),
    projectGroups: (o: Organization, _: unknown, ctx: GraphQLContext) =>
      listProjectGroups(ctx.db, requireUser(ctx), o.id),
    members: (o: Organization, _: unknown, ctx: GraphQLContext) =>
      listMembers(ctx.db, requireUser(ctx), o.id),
    invitations: (o: Organization, _: unknown, ctx: GraphQLContext) =>
      listInvitations(ctx.db, requireUser(ctx), o.id),
    credits: async (o: Organization, _: unknown, ctx: GraphQLContext) => ({
      ...(await creditsOf(ctx.db, requireUser(ctx), o.id)),
      refillAmount: PLAN_REFILL_CREDITS[o.plan as OrganizationPlan] ?? 0,
    }),
    events: (o: Organization, a: OrganizationEventsArgs, ctx: GraphQLContext) =>
      eventsOf(ctx.db, requireUser(ctx), o.id, a.limit ?? 50),
    modelSettings: (o: Organization, _: unknown, ctx: GraphQLContext) =>
      ctx.models.settings(requireUser(ctx), o.id),
  },
  ProjectGroup: {
    createdAt: (g: ProjectGroup) => iso(g.createdAt),
    projects: (g: ProjectGroup, _: unknown, ctx: GraphQLContext) =>
      ctx.db
        .select()
        .from(projectsTable)
        .where(eq(projectsTable.projectGroupId, g.id))
        .orderBy(desc(projectsTable.createdAt)),
    revisions: (g: ProjectGroup, a: ProjectGroupRevisionsArgs, ctx: GraphQLContext) =>
      listProjectGroupRevisions(ctx.db, g.id, a.limit ?? 100),
  },
  ProjectGroupRevision: { createdAt: (r: { createdAt: Date }) => iso(r.createdAt) },
  Member: { joinedAt: (m: { joinedAt: Date }) => iso(m.joinedAt) },
  Invitation: { createdAt: (i: { createdAt: Date }) => iso(i.createdAt) },
  CreditEntry: {
    refunded: (e: { refundedAt: Date | null }) => e.refundedAt !== null,
    createdAt: (e: { createdAt: Date }) => iso(e.createdAt),
  },
  Event: { createdAt: (e: { createdAt: Date }) => iso(e.createdAt) },
  ...admin.types,
  Mail: { createdAt: (m: { createdAt: Date }) => iso(m.createdAt) },
  Project: {
    createdAt: (p: Project) => iso(p.createdAt),
    previewUrl: (p: Project, _: unknown, ctx: GraphQLContext) => ctx.origins.previewUrl(p.id),
    designSystem: (p: Project) => designSystemForApi(p.designSystem),
    hasAccessLink: (p: Project) => p.accessTokenHash !== null,
    latestRevision: (p: Project, _: unknown, ctx: GraphQLContext) =>
      p.latestRevisionId ? getRevision(ctx.db, p.latestRevisionId) : null,
    revisions: (p: Project, _: unknown, ctx: GraphQLContext) =>
      ctx.db.select().from(revisions).where(eq(revisions.projectId, p.id)).orderBy(desc(revisions.number)),
    messages: (p: Project, _: unknown, ctx: GraphQLContext) => projectMessages(ctx.db, p.id),
    publish: (p: Project, _: unknown, ctx: GraphQLContext) => publishInfo(ctx.db, ctx.origins, p),
    sandboxToken: (p: Project, _: unknown, ctx: GraphQLContext) =>
      ctx.backend.sandboxToken(p.id, requireUser(ctx).id),
    database: async (p: Project, _: unknown, ctx: GraphQLContext) => ({
      ...(await ctx.backend.database(p.id)),
      projectId: p.id,
    }),
  },
  AppDatabase: {
    tables: async (d: { projectId: string }, a: AppDatabaseTablesArgs, ctx: GraphQLContext) => {
      const branch = databaseBranch(a.branch);
      const [tables, open] = await Promise.all([
        ctx.backend.databases.tables({ projectId: d.projectId, branch }),
        ctx.backend.publicTables(d.projectId),
      ]);
      return tables.map((t) => ({ ...t, projectId: d.projectId, branch, publicRead: open.has(t.name) }));
    },
    migrations: async (d: { projectId: string }, _: unknown, ctx: GraphQLContext) =>
      (await ctx.backend.migrations(d.projectId)).map((m) => ({
        ...m,
        createdAt: iso(m.createdAt),
        publishedAt: m.publishedAt ? iso(m.publishedAt) : null,
      })),
    sizeBytes: (d: { projectId: string }, a: AppDatabaseSizeBytesArgs, ctx: GraphQLContext) =>
      ctx.backend.databases.size({ projectId: d.projectId, branch: databaseBranch(a.branch) }),
  },
  AppTable: {
    rows: async (
      t: { projectId: string; branch: DatabaseBranch; name: string },
      a: AppTableRowsArgs,
      ctx: GraphQLContext,
    ) => {
      const rows = await ctx.backend.databases.rows({ projectId: t.projectId, branch: t.branch }, t.name, {
        limit: Math.min(Math.max(a.limit ?? 50, 1), 200),
        offset: Math.max(a.offset ?? 0, 0),
      });
      return rows.map((r) => JSON.stringify(r));
    },
  },
  Revision: {
    createdAt: (r: Revision) => iso(r.createdAt),
    modules: (r: Revision) =>
      sortModules(
        r.modules as { moduleType: never; filePath: string; content: string; withCustomAuth?: boolean }[],
      ).map((m) => ({
        ...m,
        name: moduleName(m.filePath),
        route: filePathToRoute(m.filePath),
        pathSegment: modulePathSegment(m.filePath),
        withCustomAuth: m.withCustomAuth === true,
      })),
    css: async (r: Revision, _: unknown, ctx: GraphQLContext) => {
      const p = await getProject(ctx.db, requireUser(ctx), r.projectId);
      return cachedCss(
        `${r.id}:${r.updatedAt.getTime()}`,
        () => r.modules.map((m) => m.content),
        designSystemCss(p.designSystem),
        p.id,
      );
    },
  },
  Message: {
    createdAt: (m: { createdAt: Date }) => iso(m.createdAt),
    blocks: (m: { blocks?: unknown[] | null }) => m.blocks ?? [],
    cost: (m: Parameters<typeof messageCost>[2], _: unknown, ctx: GraphQLContext) =>
      messageCost(ctx.db, ctx, m),
  },
  Deployment: { createdAt: (d: { createdAt: Date }) => iso(d.createdAt) },
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
