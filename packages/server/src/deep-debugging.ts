/**
 * @module Deep debugging (issue 22; project-group action DEEP_DEBUGGING): for a stubborn problem the user
 * describes, a loop of FIX_CHANGE generations, each verified in the browser (jobs/verification.ts) — reproduce,
 * change, re-verify — until the walk passes or the budget the user set is spent: at most `maxSteps` steps and
 * `maxCredits` credits (each step's start, its tokens and its browser time, BROWSER_USAGE, are charged and
 * counted). Every step posts a line to the chat; cancelGeneration stops the loop (the running step refunded).
 */
import { KilnError } from '@kiln/core';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { User } from './accounts';
import { charge, START_GENERATION_COST } from './credits';
import type { Db } from './db/index';
import { deepDebugSessions, functionLogs, jobs, messages, projects, revisions } from './db/schema';
import { newId } from './ids';
import { recordProjectGroupRevision } from './project-group-revisions';
import { getProject, latestRevisionForUpdate } from './projects';

export type DeepDebugSession = typeof deepDebugSessions.$inferSelect;
type RevisionRow = typeof revisions.$inferSelect;

/** Budget bounds a user may choose. */
export const MAX_DEEP_DEBUG_STEPS = 10;
export const MAX_DEEP_DEBUG_CREDITS = 1000;
const MAX_PROBLEM = 2000;
/** Browser time is charged per started `BROWSER_SECONDS_PER_CREDIT` seconds (BROWSER_USAGE). */
export const BROWSER_SECONDS_PER_CREDIT = 10;

/** Credits for `ms` of browser time. */
export const browserCredits = (ms: number): number =>
  Math.ceil(Math.max(0, ms) / 1000 / BROWSER_SECONDS_PER_CREDIT);

/** Starts deep debugging on the project's latest revision: the session and its first step, queued. */
export async function startDeepDebugging(
  db: Db,
  user: User,
  input: { projectId: string; problem: string; maxSteps: number; maxCredits: number },
): Promise<DeepDebugSession> {
  const problem = input.problem.trim();
  if (!problem) throw new KilnError('validation', 'Describe the problem to debug.');
  if (problem.length > MAX_PROBLEM)
    throw new KilnError('validation', `Describe the problem in at most ${MAX_PROBLEM} characters.`);
  if (!Number.isInteger(input.maxSteps) || input.maxSteps < 1 || input.maxSteps > MAX_DEEP_DEBUG_STEPS)
    throw new KilnError('validation', `maxSteps must be between 1 and ${MAX_DEEP_DEBUG_STEPS}.`);
  if (
    !Number.isInteger(input.maxCredits) ||
    input.maxCredits < 1 ||
    input.maxCredits > MAX_DEEP_DEBUG_CREDITS
  )
    throw new KilnError('validation', `maxCredits must be between 1 and ${MAX_DEEP_DEBUG_CREDITS}.`);
  const { organizationId } = await getProject(db, user, input.projectId, 'EDITOR');
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const parent = await latestRevisionForUpdate(t, input.projectId);
    if (!parent) throw new KilnError('conflict', 'The project has no revision to debug yet.');
    const [session] = await t
      .insert(deepDebugSessions)
      .values({
        id: newId(),
        projectId: input.projectId,
        problem,
        status: 'RUNNING',
        maxSteps: input.maxSteps,
        maxCredits: input.maxCredits,
        authorId: user.id,
      })
      .returning();
    const queued = await queueStep(t, session!, parent, organizationId, null, new Date());
    if (!queued) throw new KilnError('plan_limit', 'Not enough credits to start deep debugging.');
    await recordProjectGroupRevision(
      t,
      { projectId: input.projectId },
      { action: 'DEEP_DEBUGGING', authorId: user.id },
    );
    return (await sessionById(t, session!.id))!;
  });
}

/** The project's latest deep-debugging session, or null. */
export async function latestDeepDebugging(db: Db, projectId: string): Promise<DeepDebugSession | null> {
  const [row] = await db
    .select()
    .from(deepDebugSessions)
    .where(eq(deepDebugSessions.projectId, projectId))
    .orderBy(desc(deepDebugSessions.createdAt))
    .limit(1);
  return row ?? null;
}

async function sessionById(db: Db, id: string): Promise<DeepDebugSession | undefined> {
  const [row] = await db.select().from(deepDebugSessions).where(eq(deepDebugSessions.id, id));
  return row;
}

/** The most function log lines a deep-debugging step is told. */
const STEP_LOG_LINES = 10;

/** The app's latest function warnings and errors on the development branch (the preview's), one a line. */
async function recentFunctionTrouble(db: Db, projectId: string): Promise<string> {
  const rows = await db
    .select({
      level: functionLogs.level,
      method: functionLogs.method,
      path: functionLogs.path,
      status: functionLogs.status,
      message: functionLogs.message,
    })
    .from(functionLogs)
    .where(
      and(
        eq(functionLogs.projectId, projectId),
        eq(functionLogs.branch, 'development'),
        inArray(functionLogs.level, ['WARN', 'ERROR']),
      ),
    )
    .orderBy(desc(functionLogs.createdAt))
    .limit(STEP_LOG_LINES);
  return rows
    .map(
      (r) =>
        `${r.level} ${[r.method, r.path, r.status].filter((x) => x != null).join(' ')}: ${r.message.slice(0, 300)}`,
    )
    .join('\n');
}

/**
 * Queues the next step: a FIX_CHANGE told the problem, what the browser showed last (`report`) and the app's
 * latest function warnings and errors, and asked for its hypothesis first; its start
 * charged. False (and the session OUT_OF_CREDITS) when the organisation cannot pay for it.
 */
async function queueStep(
  db: Db,
  session: DeepDebugSession,
  parent: RevisionRow,
  organizationId: string,
  report: string | null,
  after: Date,
): Promise<boolean> {
  const step = session.steps + 1;
  const stepId = newId();
  try {
    await charge(db, {
      organizationId,
      type: 'START_GENERATION',
      amount: START_GENERATION_COST,
      revisionId: stepId,
      ...(session.authorId ? { userId: session.authorId } : {}),
      requireBalance: true,
    });
  } catch (e) {
    if (e instanceof KilnError && e.kind === 'plan_limit') {
      await setStatus(db, session.id, 'OUT_OF_CREDITS');
      return false;
    }
    throw e;
  }
  const filePath =
    parent.modules.find((m) => m.moduleType === 'PAGE')?.filePath ??
    parent.modules[0]?.filePath ??
    'apps/web/src/app/page.tsx';
  const logs = await recentFunctionTrouble(db, session.projectId);
  const message = [
    `Deep debugging, step ${step} of at most ${session.maxSteps}. The user's problem: ${session.problem}`,
    report
      ? `What the browser showed after the last change:\n${report}`
      : 'Reproduce it, find the cause, fix it.',
    logs ? `The app's functions logged lately (newest first):\n${logs}` : '',
    // The database's tables and migrations go with every generation (<kiln:database>).
    'First say in one line what you think causes it (your hypothesis, from the browser, the logs and the database), then change only what that needs.',
  ]
    .filter(Boolean)
    .join('\n');
  const [{ next } = { next: parent.number + 1 }] = await db
    .select({ next: sql<number>`coalesce(max(${revisions.number}), 0)::int + 1` })
    .from(revisions)
    .where(eq(revisions.projectId, session.projectId));
  await db.insert(revisions).values({
    id: stepId,
    projectId: session.projectId,
    parentId: parent.id,
    number: next,
    status: 'QUEUED',
    action: 'FIX_CHANGE',
    prompt: message,
    context: { error: { filePath, message: message.slice(0, 4000) }, deepDebug: session.id },
    modules: parent.modules,
    authorId: session.authorId,
  });
  await db.insert(messages).values({
    id: newId(),
    projectId: session.projectId,
    revisionId: stepId,
    role: 'assistant',
    text: `Deep debugging, step ${step} of at most ${session.maxSteps} (${session.credits} of ${session.maxCredits} credits used): reproducing the problem in the browser and changing the code…`,
    createdAt: new Date(after.getTime() + 1),
  });
  await db.insert(jobs).values({ id: newId(), kind: 'generate', revisionId: stepId, status: 'PENDING' });
  await db
    .update(projects)
    .set({ latestRevisionId: stepId, updatedAt: new Date() })
    .where(eq(projects.id, session.projectId));
  return true;
}

async function setStatus(db: Db, id: string, status: string): Promise<void> {
  await db
    .update(deepDebugSessions)
    .set({ status, updatedAt: new Date() })
    .where(eq(deepDebugSessions.id, id));
}

/**
 * A step finished (inside the run's transaction): browser time charged, the session's counts updated, and then
 * FINISHED when the walk passed, the next step queued while the budget lasts, or BUDGET_SPENT. True when a step
 * was queued (wake the workers).
 */
export async function finishDeepDebugStep(
  db: Db,
  input: {
    revision: RevisionRow;
    organizationId: string;
    status: string;
    modules: RevisionRow['modules'];
    /** Credits the step's generation was charged (its tokens). */
    generationCredits: number;
    verification: { status: string; durationMs: number } | null;
    /** What the browser showed (the failed steps and errors), for the next step. */
    report: string | null;
    after: Date;
  },
): Promise<boolean> {
  const sessionId = input.revision.context?.deepDebug;
  if (!sessionId) return false;
  const [session] = await db
    .select()
    .from(deepDebugSessions)
    .where(and(eq(deepDebugSessions.id, sessionId), eq(deepDebugSessions.status, 'RUNNING')))
    .for('update');
  if (!session) return false;
  const browser = input.verification ? browserCredits(input.verification.durationMs) : 0;
  if (browser > 0) {
    await charge(db, {
      organizationId: input.organizationId,
      type: 'BROWSER_USAGE',
      amount: browser,
      revisionId: input.revision.id,
      details: { browserMs: input.verification?.durationMs ?? 0 },
    });
  }
  const updated = {
    ...session,
    steps: session.steps + 1,
    credits: session.credits + START_GENERATION_COST + input.generationCredits + browser,
  };
  const passed = input.status === 'VALID' && input.verification?.status === 'PASSED';
  const budgetLeft = updated.steps < updated.maxSteps && updated.credits < updated.maxCredits;
  const status = passed ? 'FINISHED' : budgetLeft ? 'RUNNING' : 'BUDGET_SPENT';
  await db
    .update(deepDebugSessions)
    .set({ steps: updated.steps, credits: updated.credits, status, updatedAt: new Date() })
    .where(eq(deepDebugSessions.id, session.id));
  const used = `${updated.steps} step${updated.steps === 1 ? '' : 's'}, ${updated.credits} of ${updated.maxCredits} credits`;
  if (status !== 'RUNNING') {
    await db.insert(messages).values({
      id: newId(),
      projectId: session.projectId,
      revisionId: input.revision.id,
      role: 'assistant',
      text: passed
        ? `Deep debugging finished (${used}): the browser check passes now.`
        : `Deep debugging stopped: its budget is spent (${used}). The last browser check still fails.`,
      createdAt: new Date(input.after.getTime() + 1),
    });
    return false;
  }
  const [current] = await db.select().from(revisions).where(eq(revisions.id, input.revision.id));
  const parent = { ...(current ?? input.revision), modules: input.modules, status: input.status };
  return queueStep(
    db,
    updated,
    parent,
    input.organizationId,
    input.report ?? (input.status === 'VALID' ? null : 'The code did not compile or render.'),
    input.after,
  );
}

/** A canceled step ends its session (cancelGeneration stops deep debugging). */
export async function cancelDeepDebugging(db: Db, revision: RevisionRow): Promise<void> {
  const sessionId = revision.context?.deepDebug;
  if (!sessionId) return;
  await db
    .update(deepDebugSessions)
    .set({ status: 'CANCELED', updatedAt: new Date() })
    .where(and(eq(deepDebugSessions.id, sessionId), eq(deepDebugSessions.status, 'RUNNING')));
}
