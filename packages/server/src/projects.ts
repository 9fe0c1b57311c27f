/**
 * @module Projects and their revisions. Every change to a project's modules is a new immutable revision;
 * generation work is queued as a job that a worker claims (see jobs/worker.ts).
 */
import { isRevisionInProgress, KilnError, type ProjectGroupAction, type RevisionAction } from '@kiln/core';
import { and, asc, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { User } from './accounts';
import { claimPendingAttachments, markAttachmentsSent } from './chat-attachment-sweep';
import { charge, START_GENERATION_COST } from './credits';
import type { Db } from './db/index';
import {
  chatSends,
  jobs,
  memberships,
  messages,
  organizations,
  projectGroups,
  projects,
  revisions,
} from './db/schema';
import { newId } from './ids';
import { SERVER_MESSAGES as M } from './messages';
import { hasExpertModel, NO_EXPERT_MODEL } from './model-settings';
import { requireRole } from './permissions';
import { recordProjectGroupRevision } from './project-group-revisions';

export type Project = typeof projects.$inferSelect;
export type Revision = typeof revisions.$inferSelect;
/**
 * A revision as read for the API: every column but `modules` (all of the app's code, as JSON), which the
 * `Revision.modules` and `css` fields read only when a query asks for them (graphql/resolvers/revisions.ts).
 */
export type RevisionSummary = Omit<Revision, 'modules'> & { modules?: Revision['modules'] };

const { modules: _modules, ...summaryColumns } = getTableColumns(revisions);

export const DEFAULT_DESIGN_SYSTEM = { tailwindConfig: '' };

function checkPrompt(text: string): string {
  const prompt = text.trim();
  if (!prompt) throw new KilnError('validation', M.emptyPrompt);
  return prompt;
}

/** "A todo list app with due dates" → "Todo List App": a short, readable name until the user renames it. */
export function projectNameFromPrompt(prompt: string): string {
  const words = prompt
    .replace(/[^\p{L}\p{N}\s'-]/gu, ' ')
    .split(/\s+/)
    .filter(Boolean);
  while (words.length > 1 && /^(a|an|the|make|build|create|me|please|i|want|need)$/i.test(words[0]!))
    words.shift();
  const cut = words.findIndex((w, i) => i > 0 && /^(with|for|that|which|where|to|and|using|in|on)$/i.test(w));
  const picked = (cut > 0 ? words.slice(0, cut) : words).slice(0, 5);
  const name = picked.map((w) => w[0]!.toUpperCase() + w.slice(1)).join(' ');
  return name.slice(0, 60) || 'New Project';
}

export async function organizationsOf(db: Db, userId: string) {
  return (
    db
      .select({
        id: organizations.id,
        name: organizations.name,
        plan: organizations.plan,
        personal: organizations.personal,
        refilledAt: organizations.refilledAt,
        createdAt: organizations.createdAt,
        role: memberships.role,
      })
      .from(memberships)
      .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
      .where(eq(memberships.userId, userId))
      // The caller's own personal workspace first (the builder selects the first one by default).
      .orderBy(
        desc(sql`${organizations.personal} and ${memberships.role} = 'OWNER'`),
        desc(organizations.personal),
        asc(organizations.createdAt),
      )
  );
}

/**
 * The caller's own personal organisation: personal, and owned by them (the OWNER membership made at sign-up).
 * Never a personal workspace they only joined, whose owner's credits would pay for their work. Should they
 * own more than one (a personal workspace handed over to them), the one they have owned longest.
 */
export async function defaultOrganizationId(db: Db, userId: string): Promise<string> {
  const [org] = await db
    .select({ id: organizations.id })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(
      and(eq(memberships.userId, userId), eq(memberships.role, 'OWNER'), eq(organizations.personal, true)),
    )
    .orderBy(asc(memberships.createdAt), asc(organizations.createdAt))
    .limit(1);
  if (!org) throw new KilnError('not_found', M.organizationNotFound);
  return org.id;
}

/** A project the user may see (at least VIEWER), or not_found. */
export async function getProject(db: Db, user: User, projectId: string, min: 'VIEWER' | 'EDITOR' = 'VIEWER') {
  const [project] = await db.select().from(projects).where(eq(projects.id, projectId));
  if (!project) throw new KilnError('not_found', M.projectNotFound);
  await requireRole(db, project.organizationId, user.id, min, M.projectNotFound);
  return project;
}

export async function listProjects(db: Db, user: User, organizationId?: string | null) {
  const orgId = organizationId ?? (await defaultOrganizationId(db, user.id));
  await requireRole(db, orgId, user.id, 'VIEWER');
  return db
    .select()
    .from(projects)
    .where(eq(projects.organizationId, orgId))
    .orderBy(desc(projects.createdAt));
}

export async function getRevision(db: Db, revisionId: string): Promise<Revision | undefined> {
  const [rev] = await db.select().from(revisions).where(eq(revisions.id, revisionId));
  return rev;
}

/**
 * A revision without its modules ({@link RevisionSummary}): what a poll for its status reads (the builder's
 * dashboard, a wait for a generation) without parsing every module's code each time.
 */
export async function getRevisionSummary(db: Db, revisionId: string): Promise<RevisionSummary | undefined> {
  const [rev] = await db.select(summaryColumns).from(revisions).where(eq(revisions.id, revisionId));
  return rev;
}

/** A project's revisions, newest first, without their modules ({@link RevisionSummary}). */
export function listRevisionSummaries(db: Db, projectId: string): Promise<RevisionSummary[]> {
  return db
    .select(summaryColumns)
    .from(revisions)
    .where(eq(revisions.projectId, projectId))
    .orderBy(desc(revisions.number));
}

export async function projectMessages(db: Db, projectId: string) {
  return db.select().from(messages).where(eq(messages.projectId, projectId)).orderBy(asc(messages.createdAt));
}

/** Create a project from a prompt: the project, its INITIAL revision, the user's message and a job. */
export async function createProject(
  db: Db,
  user: User,
  input: {
    prompt: string;
    organizationId?: string | null;
    /** Images uploaded before the project existed, already checked (chat-attachments.ts `checkPendingAttachments`). */
    attachments?: { id: string; mimeType: string; size: number }[];
  },
) {
  const prompt = checkPrompt(input.prompt);
  const organizationId = input.organizationId ?? (await defaultOrganizationId(db, user.id));
  await requireRole(db, organizationId, user.id, 'EDITOR');
  return db.transaction(async (tx) => {
    const [group] = await tx
      .select()
      .from(projectGroups)
      .where(eq(projectGroups.organizationId, organizationId))
      .orderBy(asc(projectGroups.createdAt))
      .limit(1);
    const groupId = group?.id ?? newId();
    if (!group) await tx.insert(projectGroups).values({ id: groupId, organizationId, name: 'My projects' });
    const projectId = newId();
    await tx.insert(projects).values({
      id: projectId,
      organizationId,
      projectGroupId: groupId,
      name: projectNameFromPrompt(prompt),
      environment: 'DEVELOPMENT',
      designSystem: DEFAULT_DESIGN_SYSTEM,
      publishStatus: 'UNPUBLISHED',
      createdBy: user.id,
    });
    await queueRevision(tx as unknown as Db, {
      projectId,
      organizationId,
      user,
      prompt,
      action: 'INITIAL',
      parent: null,
      ...(input.attachments?.length ? { context: { attachments: input.attachments } } : {}),
    });
    // The waiting images become the new project's, sent (a second create naming them finds none).
    await claimPendingAttachments(tx as unknown as Db, user.id, projectId, input.attachments);
    await recordProjectGroupRevision(
      tx as unknown as Db,
      { projectGroupId: groupId },
      { action: 'CHAT', authorId: user.id },
    );
    const [project] = await tx.select().from(projects).where(eq(projects.id, projectId));
    return project!;
  });
}

/** A chat message on a project: a CHAT revision built on the latest one. */
export async function sendMessage(
  db: Db,
  user: User,
  input: {
    projectId: string;
    text: string;
    baseRevisionId?: string | null;
    /** The project-group action recorded (default CHAT; SAVE_SECRET_AND_CONTINUE after a saved secret). */
    groupAction?: ProjectGroupAction;
    /** Made by the browser per message: a repeated send with the same id returns the revision already queued. */
    clientMessageId?: string | null;
    /** Generate with the organisation's expert model (EXPERT_SWE); refused when it names none. */
    expert?: boolean | null;
    /** Images attached to the message, already checked (chat-attachments.ts `checkAttachments`). */
    attachments?: { id: string; mimeType: string; size: number }[];
  },
) {
  const prompt = checkPrompt(input.text);
  const { organizationId } = await getProject(db, user, input.projectId, 'EDITOR');
  const expert = input.expert === true;
  if (expert && !(await hasExpertModel(db, organizationId)))
    throw new KilnError('validation', NO_EXPERT_MODEL);
  const clientMessageId = input.clientMessageId?.slice(0, 100) || null;
  return db.transaction(async (tx) => {
    if (clientMessageId) {
      // The project row is locked first, so a retry racing its original waits and then finds its row.
      await tx
        .select({ id: projects.id })
        .from(projects)
        .where(eq(projects.id, input.projectId))
        .for('update');
      const [sent] = await tx
        .select({ revisionId: chatSends.revisionId })
        .from(chatSends)
        .where(and(eq(chatSends.projectId, input.projectId), eq(chatSends.clientMessageId, clientMessageId)));
      const earlier = sent ? await getRevision(tx as unknown as Db, sent.revisionId) : undefined;
      if (earlier) return earlier;
    }
    const parent = await latestRevisionForUpdate(tx as unknown as Db, input.projectId, input.baseRevisionId);
    const revision = await queueRevision(tx as unknown as Db, {
      projectId: input.projectId,
      organizationId,
      user,
      prompt,
      action: 'CHAT',
      parent,
      ...(expert || input.attachments?.length
        ? {
            context: {
              ...(expert ? { expert: true } : {}),
              ...(input.attachments?.length ? { attachments: input.attachments } : {}),
            },
          }
        : {}),
      ...(expert ? { expert: true } : {}),
    });
    if (clientMessageId)
      await tx
        .insert(chatSends)
        .values({ projectId: input.projectId, clientMessageId, revisionId: revision.id });
    // Sent: the sweep of unsent uploads (chat-attachments.ts) leaves them.
    await markAttachmentsSent(tx as unknown as Db, input.attachments);
    await recordProjectGroupRevision(
      tx as unknown as Db,
      { projectId: input.projectId },
      { action: input.groupAction ?? (expert ? 'EXPERT_SWE' : 'CHAT'), authorId: user.id },
    );
    return revision;
  });
}

/** The user pressed Fix it: a FIX_CHANGE revision told only the failing module and its error. */
export async function fixError(
  db: Db,
  user: User,
  input: { projectId: string; revisionId: string; filePath: string; message: string },
) {
  const { organizationId } = await getProject(db, user, input.projectId, 'EDITOR');
  const message = input.message.slice(0, 4000);
  return db.transaction(async (tx) => {
    const parent = await latestRevisionForUpdate(tx as unknown as Db, input.projectId);
    if (parent?.id !== input.revisionId)
      throw new KilnError('conflict', 'This error belongs to an older revision.');
    if (!parent.modules.some((m) => m.filePath === input.filePath))
      throw new KilnError('not_found', 'Module not found.');
    const revision = await queueRevision(tx as unknown as Db, {
      projectId: input.projectId,
      organizationId,
      user,
      prompt: `Fix the error in ${input.filePath}: ${message}`,
      action: 'FIX_CHANGE',
      parent,
      context: { error: { filePath: input.filePath, message } },
    });
    await recordProjectGroupRevision(
      tx as unknown as Db,
      { projectId: input.projectId },
      { action: 'CHAT', authorId: user.id },
    );
    return revision;
  });
}

/**
 * The latest revision, with the project row locked so two writers queue revisions one after the other, each
 * on the other's result. With `baseRevisionId` (what the writer's edit was based on), an outdated base is a
 * conflict rather than a silent overwrite.
 */
export async function latestRevisionForUpdate(
  db: Db,
  projectId: string,
  baseRevisionId?: string | null,
): Promise<Revision | null> {
  const [project] = await db.select().from(projects).where(eq(projects.id, projectId)).for('update');
  if (baseRevisionId && project?.latestRevisionId !== baseRevisionId) {
    throw new KilnError('conflict', M.outdatedRevision);
  }
  if (!project?.latestRevisionId) return null;
  const parent = await getRevision(db, project.latestRevisionId);
  if (parent && isInProgress(parent.status)) throw new KilnError('conflict', M.stillBuilding);
  return parent ?? null;
}

/** Queue a generated revision on `parent` (QUEUED, the user's message, START_GENERATION charged, a job). */
export async function queueRevision(
  db: Db,
  input: {
    projectId: string;
    organizationId: string;
    user: User;
    prompt: string;
    action: RevisionAction;
    parent: Revision | null;
    context?: Revision['context'];
    /** The user's message asked for the expert model (recorded on it too). */
    expert?: boolean;
    /**
     * A hand edit's final modules (hand-revisions.ts): the revision starts with them instead of its parent's, and
     * nothing is charged (no model runs).
     */
    handModules?: Revision['modules'];
  },
): Promise<Revision> {
  const [{ next } = { next: 1 }] = await db
    .select({ next: sql<number>`coalesce(max(${revisions.number}), 0)::int + 1` })
    .from(revisions)
    .where(eq(revisions.projectId, input.projectId));
  const revisionId = newId();
  const [revision] = await db
    .insert(revisions)
    .values({
      id: revisionId,
      projectId: input.projectId,
      parentId: input.parent?.id ?? null,
      number: next,
      status: 'QUEUED',
      action: input.action,
      prompt: input.prompt,
      context: input.context ?? null,
      modules: input.handModules ?? input.parent?.modules ?? [],
      authorId: input.user.id,
    })
    .returning();
  await db.insert(messages).values({
    id: newId(),
    projectId: input.projectId,
    revisionId,
    role: 'user',
    text: input.prompt,
    expert: input.expert === true,
  });
  if (!input.handModules)
    await charge(db, {
      organizationId: input.organizationId,
      type: 'START_GENERATION',
      amount: START_GENERATION_COST,
      revisionId,
      userId: input.user.id,
      requireBalance: true,
    });
  await db.insert(jobs).values({ id: newId(), kind: 'generate', revisionId, status: 'PENDING' });
  await db
    .update(projects)
    .set({ latestRevisionId: revisionId, updatedAt: new Date() })
    .where(eq(projects.id, input.projectId));
  return revision!;
}

/** Whether a revision is still waiting for or in generation (core's rule). */
export const isInProgress = isRevisionInProgress;

/** The project's newest revision whose generation has finished with modules (what publish ships). */
export async function latestFinishedRevision(db: Db, projectId: string): Promise<Revision | undefined> {
  const rows = await db
    .select()
    .from(revisions)
    .where(eq(revisions.projectId, projectId))
    .orderBy(desc(revisions.number))
    .limit(20);
  return rows.find((r) => !isInProgress(r.status) && r.modules.length > 0);
}

/**
 * Cancel the project's generation in progress. A job not yet claimed is settled here; a running one is
 * aborted by its worker (at once in this process, at its next heartbeat in another), which settles it.
 */
export async function cancelGeneration(
  db: Db,
  user: User,
  projectId: string,
  finishCanceled: (db: Db, revision: Revision) => Promise<void>,
): Promise<{ revision: Revision; running: boolean }> {
  await getProject(db, user, projectId, 'EDITOR');
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [project] = await t.select().from(projects).where(eq(projects.id, projectId)).for('update');
    const revision = project?.latestRevisionId ? await getRevision(t, project.latestRevisionId) : undefined;
    if (!revision || !isInProgress(revision.status))
      throw new KilnError('conflict', 'Nothing is being generated.');
    const stopped = await t
      .update(jobs)
      .set({ status: 'FAILED', error: 'canceled', updatedAt: new Date() })
      .where(and(eq(jobs.revisionId, revision.id), inArray(jobs.status, ['PENDING', 'RUNNING'])))
      .returning({ lockedBy: jobs.lockedBy });
    const running = stopped.some((j) => j.lockedBy !== null);
    if (!running) {
      await finishCanceled(t, revision);
      await recordProjectGroupRevision(t, { projectId });
    }
    return { revision: (await getRevision(t, revision.id))!, running };
  });
}
