/**
 * Verification after every generation (issue 22): `Revision.verification`, `Project.verificationEnabled` and
 * `setProjectVerification`. Screenshots are served by http/verification.ts at `screenshotUrl`.
 */
import { eq, getTableColumns } from 'drizzle-orm';
import { projectVerificationSettings, revisions, revisionVerifications } from '../../db/schema';
import { type DeepDebugSession, latestDeepDebugging, startDeepDebugging } from '../../deep-debugging';
import { verificationEnabled } from '../../jobs/verification';
import { getProject, type RevisionSummary } from '../../projects';
import { screenshotPath } from '../../verification-screenshots';
import { type GraphQLContext, iso, oncePerRequest, requireUser } from '../context';
import type { MutationSetProjectVerificationArgs, MutationStartDeepDebuggingArgs } from '../schema.gen';

type Report = typeof revisionVerifications.$inferSelect;

export const Mutation = {
  startDeepDebugging: async (_: unknown, a: MutationStartDeepDebuggingArgs, ctx: GraphQLContext) => {
    const session = await startDeepDebugging(ctx.db, requireUser(ctx), {
      projectId: a.projectId,
      problem: a.problem,
      maxSteps: a.maxSteps ?? 5,
      maxCredits: a.maxCredits ?? 50,
    });
    ctx.onQueued();
    ctx.onProjectChanged(a.projectId);
    return session;
  },
  setProjectVerification: async (_: unknown, a: MutationSetProjectVerificationArgs, ctx: GraphQLContext) => {
    const project = await getProject(ctx.db, requireUser(ctx), a.projectId, 'EDITOR');
    await ctx.db
      .insert(projectVerificationSettings)
      .values({ projectId: project.id, enabled: a.enabled })
      .onConflictDoUpdate({
        target: projectVerificationSettings.projectId,
        set: { enabled: a.enabled, updatedAt: new Date() },
      });
    return project;
  },
};

/** `Project.verificationEnabled`, spread into the Project type in graphql/index.ts. */
export const projectFields = {
  verificationEnabled: (p: { id: string }, _: unknown, ctx: GraphQLContext) =>
    verificationEnabled(ctx.db, ctx.verify !== false, p.id),
  deepDebugging: (p: { id: string }, _: unknown, ctx: GraphQLContext) => latestDeepDebugging(ctx.db, p.id),
};

/** A project's reports by revision, read once per request however many messages and revisions ask. */
const reportsOf = oncePerRequest((ctx, projectId) =>
  ctx.db
    .select(getTableColumns(revisionVerifications))
    .from(revisionVerifications)
    .innerJoin(revisions, eq(revisions.id, revisionVerifications.revisionId))
    .where(eq(revisions.projectId, projectId))
    .then((rows) => new Map(rows.map((r) => [r.revisionId, r]))),
);

async function reportOf(ctx: GraphQLContext, projectId: string, revisionId: string): Promise<Report | null> {
  return (await reportsOf(ctx, projectId)).get(revisionId) ?? null;
}

export const types = {
  // Revisions and messages are read through their project (VIEWER and up), so their reports may be too.
  Revision: {
    verification: (r: RevisionSummary, _: unknown, ctx: GraphQLContext) => reportOf(ctx, r.projectId, r.id),
  },
  Message: {
    verification: (
      m: { role: string; projectId: string; revisionId: string | null },
      _: unknown,
      ctx: GraphQLContext,
    ) => (m.role === 'assistant' && m.revisionId ? reportOf(ctx, m.projectId, m.revisionId) : null),
  },
  DeepDebugging: {
    createdAt: (d: DeepDebugSession) => iso(d.createdAt),
  },
  Verification: {
    createdAt: (v: Report) => iso(v.createdAt),
    steps: (v: Report) =>
      v.steps.map((s) => ({
        action: s.action,
        ok: s.ok,
        detail: s.detail,
        viewport: s.viewport,
        screenshotUrl: s.screenshotId ? screenshotPath(s.screenshotId) : null,
      })),
  },
};
