/**
 * @module Generation workers. A worker claims a PENDING job (FOR UPDATE SKIP LOCKED, so several workers or
 * processes never do the same work), streams the generator's events into the revision (drafts flushed a few
 * times a second so the builder sees the app being written), then validates and finishes the run.
 * Jobs whose heartbeat stops (a killed server) are marked STALLED and queued again once; after that, failed.
 * The queue (claim, heartbeat, stall requeue) is queue.ts, one run is run.ts, its drafts draft-stream.ts; this
 * file keeps the loops, wake-ups, cancel and shutdown.
 */
import type { ModelProvider } from '@kiln/codegen';
import { JOB_STALL_CHECK_INTERVAL_MS } from '@kiln/core';
import type { Db } from '../db/index';
import { newId } from '../ids';
import { refreshProjectGroupStatus } from '../project-group-revisions';
import { failDiscussion } from './discuss-run';
import { LivenessLock, ORPHAN_CHECK_MS } from './liveness';
import { type AbortReason, claimJob, type Job, requeueStalled } from './queue';
import { failRevision, runJob } from './run';
import { holdValidation } from './validate';
import type { WorkerOptions } from './worker-options';

export type { WorkerOptions } from './worker-options';

export class GenerationWorkers {
  readonly #db: Db;
  readonly #provider: ModelProvider;
  readonly #workerId = `worker-${newId().slice(0, 8)}`;
  readonly #opts: Required<WorkerOptions>;
  /** Holds the render check's browser while this runs (jobs/validate.ts). */
  #releaseValidation: (() => Promise<void>) | undefined;
  readonly #running = new Map<string, { ctrl: AbortController; revisionId: string }>();
  #stopped = true;
  /** Idle loops waiting for a job: each resolves its wait (wake-up or the fallback poll). */
  readonly #waiters = new Set<() => void>();
  /** Counts wake-ups, so that a loop whose claim found nothing sees one that came while it was claiming. */
  #wakes = 0;
  #loops: Promise<void>[] = [];
  #stallTimer: NodeJS.Timeout | undefined;
  #orphanTimer: NodeJS.Timeout | undefined;
  #liveness: LivenessLock | null = null;

  constructor(db: Db, provider: ModelProvider, opts: WorkerOptions = {}) {
    this.#db = db;
    this.#provider = provider;
    this.#opts = {
      concurrency: 2,
      pollMs: 500,
      log: () => {},
      onProjectChanged: () => {},
      publish: () => {},
      providerFor: async () => this.#provider,
      expertProviderFor: async () => null,
      recoverRunningAtStart: false,
      backend: null,
      packages: null,
      databaseUrl: null,
      webSearchFor: async () => undefined,
      verify: true,
      files: null,
      ...opts,
    };
  }

  /** Recover stalled jobs, then start the claim loops. */
  async start(): Promise<void> {
    this.#stopped = false;
    const url = this.#opts.databaseUrl;
    if (url) {
      // Held before the first claim: no job of ours is ever RUNNING without it.
      this.#liveness = new LivenessLock(url, this.#workerId, this.#opts.log);
      await this.#liveness.hold();
      // The same name is the liveness connection's application_name in pg_stat_activity.
      this.#opts.log(`jobs claimed here as ${this.#workerId}`);
      this.#orphanTimer = setInterval(
        () => void this.recoverStalled({ orphaned: true }).catch(() => {}),
        ORPHAN_CHECK_MS,
      );
    }
    await this.recoverStalled({ all: this.#opts.recoverRunningAtStart, orphaned: url !== null });
    this.#stallTimer = setInterval(
      () => void this.recoverStalled().catch(() => {}),
      JOB_STALL_CHECK_INTERVAL_MS,
    );
    this.#releaseValidation ??= holdValidation();
    for (let i = 0; i < this.#opts.concurrency; i++) this.#loops.push(this.#loop());
  }

  /** Abort the generation of a revision if this process runs it (other processes notice at their heartbeat). */
  cancel(revisionId: string): void {
    for (const run of this.#running.values()) {
      if (run.revisionId === revisionId) run.ctrl.abort('canceled' satisfies AbortReason);
    }
  }

  /** Tell idle loops that a job was queued (every one: a second job may follow before the first is claimed). */
  wake(): void {
    this.#wakes += 1;
    for (const resolve of [...this.#waiters]) resolve();
  }

  /** Stop claiming; abort running generations and put their jobs back in the queue, keeping drafts. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#stallTimer);
    clearInterval(this.#orphanTimer);
    for (const { ctrl } of this.#running.values()) ctrl.abort('shutdown' satisfies AbortReason);
    this.wake();
    await Promise.all(this.#loops);
    this.#loops = [];
    // After the loops: the jobs put back are PENDING, not RUNNING under a lock that is gone.
    await this.#liveness?.close();
    this.#liveness = null;
    const release = this.#releaseValidation;
    this.#releaseValidation = undefined;
    await release?.().catch((err) => this.#opts.log('closing the render check failed', err));
  }

  /**
   * Claims and runs jobs until stopped. Idle, it waits for a wake-up (a job queued by this process) or, failing
   * one, the poll (`pollMs`: jobs queued by other processes, stalled jobs). A wake-up that arrives while a claim
   * is in flight (the job committed after the claim's query looked) makes the loop claim again at once, instead
   * of sleeping a poll interval with a job waiting.
   */
  async #loop(): Promise<void> {
    while (!this.#stopped) {
      const wakes = this.#wakes;
      const job = await claimJob(this.#db, this.#workerId).catch((err) => {
        this.#opts.log('claim failed', err);
        return undefined;
      });
      if (job) {
        await this.#process(job);
        continue;
      }
      if (this.#wakes !== wakes) continue;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.#waiters.delete(done);
          resolve();
        };
        const timer = setTimeout(done, this.#opts.pollMs);
        this.#waiters.add(done);
      });
    }
  }

  /**
   * Jobs RUNNING without a heartbeat for JOB_STALL_TIMEOUT_MS (with `all`, every RUNNING job): STALLED, and
   * queued again while attempts remain. The revision keeps the drafts saved so far until the retry replaces them.
   */
  async recoverStalled(opts: { all?: boolean; orphaned?: boolean } = {}): Promise<number> {
    const stalled = await requeueStalled(this.#db, opts, async (job) => {
      // No run of this process ends it, so bring the group's status and the room up to date here.
      const projectId = job.revisionId
        ? await failRevision(this.#db, job.revisionId, 'The generation stopped responding.')
        : job.messageId
          ? await failDiscussion(this.#db, job.messageId, 'The model stopped responding.')
          : undefined;
      if (projectId) {
        await refreshProjectGroupStatus(this.#db, projectId, this.#opts.log);
        this.#opts.onProjectChanged(projectId);
      }
    });
    if (stalled) this.wake();
    return stalled;
  }

  #process(job: Job): Promise<void> {
    return runJob(this.#db, job, {
      ...this.#opts,
      track: (ctrl, revisionId) => this.#running.set(job.id, { ctrl, revisionId }),
      untrack: () => this.#running.delete(job.id),
      wake: () => this.wake(),
    });
  }
}

export { finishCanceled } from './run';
