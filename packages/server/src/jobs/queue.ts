/**
 * @module The job queue. A worker claims a PENDING job (FOR UPDATE SKIP LOCKED, so several workers or processes
 * never do the same work) and keeps its heartbeat while it runs. Jobs whose heartbeat stops (a killed server) are
 * marked STALLED and queued again once; after that, failed.
 */
import { JOB_STALL_CHECK_INTERVAL_MS, JOB_STALL_TIMEOUT_MS } from '@kiln/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/index';
import { jobs, runs } from '../db/schema';
import { newId } from '../ids';
import { ownerAlive } from './liveness';

export type Job = typeof jobs.$inferSelect;
/** Why a running generation was aborted: the server is stopping (requeue), or the user canceled it. */
export type AbortReason = 'shutdown' | 'canceled';
const MAX_ATTEMPTS = 2;

/** Takes the oldest PENDING job for `workerId` (RUNNING, heartbeat now, one more attempt), if there is one. */
export async function claimJob(db: Db, workerId: string): Promise<Job | undefined> {
  const result = await db.execute(sql`
    UPDATE jobs SET status = 'RUNNING', locked_by = ${workerId}, heartbeat_at = now(),
      attempts = attempts + 1, updated_at = now()
    WHERE id = (SELECT id FROM jobs WHERE status = 'PENDING' ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING id`);
  const id = (result.rows[0] as { id?: string } | undefined)?.id;
  if (!id) return undefined;
  const [job] = await db.select().from(jobs).where(eq(jobs.id, id));
  return job;
}

/**
 * Jobs RUNNING without a heartbeat for JOB_STALL_TIMEOUT_MS (with `all`, every RUNNING job; with `orphaned`,
 * also those whose process no longer holds its liveness lock on PostgreSQL, see ./liveness.ts): STALLED, their run
 * FAILED, and queued again while attempts remain; `outOfAttempts` is called for each job that has none left.
 * Returns how many jobs stalled.
 */
export async function requeueStalled(
  db: Db,
  opts: { all?: boolean; orphaned?: boolean },
  outOfAttempts: (job: Job) => Promise<void>,
): Promise<number> {
  const cutoff = new Date(Date.now() - JOB_STALL_TIMEOUT_MS);
  const stalled = await db
    .update(jobs)
    .set({ status: 'STALLED', updatedAt: new Date() })
    .where(
      opts.all
        ? eq(jobs.status, 'RUNNING')
        : opts.orphaned
          ? and(
              eq(jobs.status, 'RUNNING'),
              sql`(${jobs.heartbeatAt} < ${cutoff} OR NOT ${ownerAlive(jobs.lockedBy)})`,
            )
          : and(eq(jobs.status, 'RUNNING'), sql`${jobs.heartbeatAt} < ${cutoff}`),
    )
    .returning();
  for (const job of stalled) {
    await db
      .update(runs)
      .set({ status: 'FAILED', error: 'stalled', endedAt: new Date() })
      .where(and(eq(runs.jobId, job.id), eq(runs.status, 'RUNNING')));
    if (job.attempts < MAX_ATTEMPTS) {
      await db.insert(jobs).values({
        id: newId(),
        kind: job.kind,
        revisionId: job.revisionId,
        messageId: job.messageId,
        status: 'PENDING',
        attempts: job.attempts,
      });
    } else {
      await outOfAttempts(job);
    }
  }
  return stalled.length;
}

/**
 * Keeps a running job's heartbeat; returns the timer to clear when the run ends. The heartbeat also notices a
 * cancel made through another process: the job is no longer RUNNING, and `ctrl` is aborted as canceled.
 */
export function startHeartbeat(db: Db, jobId: string, ctrl: AbortController): NodeJS.Timeout {
  return setInterval(() => {
    void db
      .update(jobs)
      .set({ heartbeatAt: new Date() })
      .where(and(eq(jobs.id, jobId), eq(jobs.status, 'RUNNING')))
      .returning({ id: jobs.id })
      .then((rows) => {
        if (rows.length === 0) ctrl.abort('canceled' satisfies AbortReason);
      })
      .catch(() => {});
  }, JOB_STALL_CHECK_INTERVAL_MS / 4);
}
