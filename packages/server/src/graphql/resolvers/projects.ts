/** Projects: list and read, create, publish, design system, settings (environment, visibility, access link), and
 * rename/move/duplicate/fork/delete. */

import { isKilnError } from '@kiln/core';
import { checkPendingAttachments } from '../../chat-attachments';
import { assertSafe } from '../../content-safety';
import { designSystemForApi, updateDesignSystem } from '../../design-system';
import { copyProject, deleteProject, moveProject, renameProject } from '../../project-groups';
import { rotateAccessLink, setProjectEnvironment, setProjectVisibility } from '../../project-settings';
import {
  createProject,
  getProject,
  getRevisionSummary,
  listProjects,
  listRevisionSummaries,
  type Project,
  projectMessages,
} from '../../projects';
import { publishInfo, publishProject } from '../../publish';
import { type GraphQLContext, iso, oncePerRequest, requireUser } from '../context';
import type {
  MutationCreateProjectArgs,
  MutationDeleteProjectArgs,
  MutationDuplicateProjectArgs,
  MutationForkProjectArgs,
  MutationMoveProjectArgs,
  MutationPublishProjectArgs,
  MutationRenameProjectArgs,
  MutationRotateProjectAccessLinkArgs,
  MutationSetProjectEnvironmentArgs,
  MutationSetProjectVisibilityArgs,
  MutationUpdateDesignSystemArgs,
  QueryProjectArgs,
  QueryProjectsArgs,
} from '../schema.gen';
import * as analytics from './analytics';

/**
 * A project the signed-in user may read (VIEWER and up), read and checked once per request: the builder's project
 * query asks for it and for its latest revision's `css`, which needs the project's design system.
 */
export const readableProject = oncePerRequest((ctx, projectId) =>
  getProject(ctx.db, requireUser(ctx), projectId),
);

export const Query = {
  projects: (_: unknown, a: QueryProjectsArgs, ctx: GraphQLContext) =>
    listProjects(ctx.db, requireUser(ctx), a.organizationId),
  project: async (_: unknown, a: QueryProjectArgs, ctx: GraphQLContext) => {
    try {
      return await readableProject(ctx, a.id);
    } catch (e) {
      if (isKilnError(e) && e.kind === 'not_found') return null;
      throw e;
    }
  },
};

export const Mutation = {
  createProject: async (_: unknown, a: MutationCreateProjectArgs, ctx: GraphQLContext) => {
    requireUser(ctx);
    await assertSafe(ctx.classifier, a.prompt);
    // Images uploaded for the first prompt before the project existed (chat-attachments.ts).
    const attachments = await checkPendingAttachments(ctx.db, ctx.files, requireUser(ctx).id, a.attachments);
    const project = await createProject(ctx.db, requireUser(ctx), { ...a, attachments });
    ctx.onQueued();
    ctx.onProjectChanged(project.id);
    return project;
  },
  publishProject: (_: unknown, a: MutationPublishProjectArgs, ctx: GraphQLContext) =>
    publishProject(ctx.db, ctx.origins, requireUser(ctx), a.projectId, ctx.privateLimits, ctx.backend, {
      prerender: ctx.prerender !== false,
      log: ctx.log,
    }),
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
  renameProject: (_: unknown, a: MutationRenameProjectArgs, ctx: GraphQLContext) =>
    renameProject(ctx.db, requireUser(ctx), a),
  moveProject: (_: unknown, a: MutationMoveProjectArgs, ctx: GraphQLContext) =>
    moveProject(ctx.db, requireUser(ctx), a),
  duplicateProject: (_: unknown, a: MutationDuplicateProjectArgs, ctx: GraphQLContext) =>
    copyProject(ctx.db, requireUser(ctx), { projectId: a.projectId, action: 'DUPLICATE' }),
  forkProject: (_: unknown, a: MutationForkProjectArgs, ctx: GraphQLContext) =>
    copyProject(ctx.db, requireUser(ctx), { ...a, action: 'FORK' }),
  deleteProject: (_: unknown, a: MutationDeleteProjectArgs, ctx: GraphQLContext) =>
    deleteProject(ctx.db, requireUser(ctx), a.projectId, ctx.files),
};

export const types = {
  Project: {
    ...analytics.projectFields,
    createdAt: (p: Project) => iso(p.createdAt),
    previewUrl: (p: Project, _: unknown, ctx: GraphQLContext) => ctx.origins.previewUrl(p.id),
    designSystem: (p: Project) => designSystemForApi(p.designSystem),
    hasAccessLink: (p: Project) => p.accessTokenHash !== null,
    // Without their modules: `Revision.modules` and `css` read them when asked (resolvers/revisions.ts).
    latestRevision: (p: Project, _: unknown, ctx: GraphQLContext) =>
      p.latestRevisionId ? getRevisionSummary(ctx.db, p.latestRevisionId) : null,
    revisions: (p: Project, _: unknown, ctx: GraphQLContext) => listRevisionSummaries(ctx.db, p.id),
    messages: (p: Project, _: unknown, ctx: GraphQLContext) => projectMessages(ctx.db, p.id),
    publish: (p: Project, _: unknown, ctx: GraphQLContext) => publishInfo(ctx.db, ctx.origins, p),
    sandboxToken: (p: Project, _: unknown, ctx: GraphQLContext) =>
      ctx.backend.sandboxToken(p.id, requireUser(ctx).id),
    database: async (p: Project, _: unknown, ctx: GraphQLContext) => ({
      ...(await ctx.backend.database(p.id)),
      projectId: p.id,
    }),
  },
  Deployment: { createdAt: (d: { createdAt: Date }) => iso(d.createdAt) },
};
