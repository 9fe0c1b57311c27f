/**
 * @module A hand-made revision's run (hand-revisions.ts): no model and no credits — its modules are final, so
 * the run only checks them (revision-check.ts) and writes the status and a chat line. A broken hand edit ends
 * INVALID_CODE with the failing module named, and is never fixed automatically (Fix it is the user's choice).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/index';
import { jobs, messages, revisions, runs } from '../db/schema';
import { newId } from '../ids';
import { applyMigrationsAndCheck } from './migrations';
import type { Job } from './queue';
import { storeVerification, verificationEnabled, verifyRevisionPages } from './verification';
import type { RunDeps } from './worker-options';

/** What the chat says after a hand edit was checked. */
export function handResultText(failure: { filePath: string; message: string } | undefined): string {
  if (!failure) return 'Saved.';
  const first = failure.message.split('\n')[0]!.trim();
  return `Saved, but the code has an error in \`${failure.filePath}\`: ${first}`;
}

/** Checks a hand-made revision and finishes it, its run and its job. */
export async function runHandRevision(
  db: Db,
  job: Job,
  revision: typeof revisions.$inferSelect,
  runId: string,
  deps: RunDeps,
): Promise<void> {
  await db
    .update(revisions)
    .set({ status: 'BUILDING', updatedAt: new Date() })
    .where(eq(revisions.id, revision.id));
  // A migration written by hand is applied like a model's, while the code is checked (migrations.ts).
  const {
    migrationNotes,
    check: { status, error: failure },
  } = await applyMigrationsAndCheck(db, deps, revision, revision.context?.migrations ?? [], revision.modules);
  // Verified like a generation (verification.ts); a FAILED report is shown, never fixed automatically.
  const [parent] = revision.parentId
    ? await db
        .select({ modules: revisions.modules })
        .from(revisions)
        .where(eq(revisions.id, revision.parentId))
    : [];
  const verification =
    status === 'VALID' && (await verificationEnabled(db, deps.verify, revision.projectId))
      ? await verifyRevisionPages(db, deps, revision, parent?.modules ?? [], revision.modules)
      : null;
  await db.transaction(async (tx) => {
    if (verification) await storeVerification(tx as unknown as Db, revision.id, verification);
    await tx.update(revisions).set({ status, updatedAt: new Date() }).where(eq(revisions.id, revision.id));
    await tx.insert(messages).values({
      id: newId(),
      projectId: revision.projectId,
      revisionId: revision.id,
      role: 'assistant',
      text: [handResultText(status === 'INVALID_CODE' ? failure : undefined), ...migrationNotes].join('\n\n'),
    });
    await tx.update(runs).set({ status: 'FINISHED', endedAt: new Date() }).where(eq(runs.id, runId));
    await tx.update(jobs).set({ status: 'COMPLETED', updatedAt: new Date() }).where(eq(jobs.id, job.id));
  });
}
