/**
 * @module The one automatic fix. When a generation the user asked for (INITIAL or CHAT) ends INVALID_CODE, the
 * worker queues a FIX_CHANGE revision told only the first failing module and its error, marked
 * `context.auto`, with a chat line saying Kiln is fixing it. A fix is never fixed automatically (so there is at
 * most one attempt per request); a fix that leaves the code broken is refunded; canceling it ends the revision
 * CANCELED_AUTOFIX.
 */
import { isKilnError } from '@kiln/core';
import { eq, sql } from 'drizzle-orm';
import { charge, START_GENERATION_COST } from '../credits';
import type { Db } from '../db/index';
import { jobs, messages, projects, revisions } from '../db/schema';
import { newId } from '../ids';

/** The first module that failed the code check, and why. */
export interface CodeFailure {
  filePath: string;
  message: string;
}

/** Longest error text passed on to the fix (the same cap as Fix it). */
const MAX_ERROR = 4000;

/** Whether a revision that ended with `status` gets an automatic fix: only requests (a top-down chat's
 * too), never a fix. */
export function wantsAutoFix(action: string, status: string, failure: CodeFailure | undefined): boolean {
  return (
    status === 'INVALID_CODE' &&
    failure !== undefined &&
    (action === 'INITIAL' || action === 'CHAT' || action === 'TOP_DOWN_CHAT')
  );
}

/** Whether a VALID revision whose verification FAILED (verification.ts) gets the automatic fix: requests only. */
export function wantsVerificationFix(
  action: string,
  status: string,
  verification: string | undefined,
): boolean {
  return status === 'VALID' && verification === 'FAILED' && (action === 'INITIAL' || action === 'CHAT');
}

/** What the chat says when the automatic fix is queued. */
export function autoFixMessage(failure: CodeFailure): string {
  const first = failure.message.split('\n')[0]!.trim();
  return `The code has an error in \`${failure.filePath}\`: ${first}\nFixing it automatically…`;
}

/**
 * Queue the automatic FIX_CHANGE on `revision` (call inside the transaction that finished it). Skipped (null)
 * when another revision has been queued since, or the organisation cannot pay for the start of a generation.
 */
export async function queueAutoFix(
  db: Db,
  input: {
    revision: typeof revisions.$inferSelect;
    organizationId: string;
    modules: (typeof revisions.$inferSelect)['modules'];
    failure: CodeFailure;
    /** When the finished revision's assistant message was written: the fix's line comes after it. */
    after: Date;
  },
): Promise<typeof revisions.$inferSelect | null> {
  const { revision, failure } = input;
  const [project] = await db.select().from(projects).where(eq(projects.id, revision.projectId)).for('update');
  if (project?.latestRevisionId !== revision.id) return null;
  const error = { filePath: failure.filePath, message: failure.message.slice(0, MAX_ERROR) };
  const fixId = newId();
  try {
    await charge(db, {
      organizationId: input.organizationId,
      type: 'START_GENERATION',
      amount: START_GENERATION_COST,
      revisionId: fixId,
      ...(revision.authorId ? { userId: revision.authorId } : {}),
      requireBalance: true,
    });
  } catch (e) {
    if (isKilnError(e) && e.kind === 'plan_limit') return null; // out of credits: the user can still press Fix it
    throw e;
  }
  const [{ next } = { next: revision.number + 1 }] = await db
    .select({ next: sql<number>`coalesce(max(${revisions.number}), 0)::int + 1` })
    .from(revisions)
    .where(eq(revisions.projectId, revision.projectId));
  const [fix] = await db
    .insert(revisions)
    .values({
      id: fixId,
      projectId: revision.projectId,
      parentId: revision.id,
      number: next,
      status: 'QUEUED',
      action: 'FIX_CHANGE',
      prompt: `Fix the error in ${error.filePath}: ${error.message}`,
      context: { error, auto: true },
      modules: input.modules,
      authorId: revision.authorId,
    })
    .returning();
  await db.insert(messages).values({
    id: newId(),
    projectId: revision.projectId,
    revisionId: fixId,
    role: 'assistant',
    text: autoFixMessage(error),
    createdAt: new Date(input.after.getTime() + 1),
  });
  await db.insert(jobs).values({ id: newId(), kind: 'generate', revisionId: fixId, status: 'PENDING' });
  await db
    .update(projects)
    .set({ latestRevisionId: fixId, updatedAt: new Date() })
    .where(eq(projects.id, revision.projectId));
  return fix ?? null;
}
