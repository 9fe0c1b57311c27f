/**
 * @module Generation workers. A worker claims a PENDING job (FOR UPDATE SKIP LOCKED, so several workers or
 * processes never do the same work), streams the generator's events into the revision (drafts flushed a few
 * times a second so the builder sees the app being written), then validates and finishes the run.
 * Jobs whose heartbeat stops (a killed server) are marked STALLED and queued again once; after that, failed.
 */
import { type GenerationEvent, type GenModule, generate, type ModelProvider } from '@kiln/codegen';
import { JOB_STALL_CHECK_INTERVAL_MS, MESSAGES } from '@kiln/core';
import { eq } from 'drizzle-orm';
import type { AppBackend } from '../app-backend';
import { charge, refundRevision, usageCredits } from '../credits';
import type { Db } from '../db/index';
import { jobs, messages, projects, revisions, runs } from '../db/schema';
import { newId } from '../ids';
import { resolveForRevision } from '../packages/locks';
import type { PackageResolver } from '../packages/resolver';
import { refreshProjectGroupStatus } from '../project-group-revisions';
import type { RoomEvent } from '../rooms';
import { queueAutoFix, wantsAutoFix } from './autofix';
import { DraftStream } from './draft-stream';
import { disallowedModule, recentPaths, storedModules } from './generated-modules';
import {
  changedNothing,
  missingPageFailure,
  problemFailure,
  problemsOf,
  problemsText,
  truthfulBlocks,
} from './problems';
import { type AbortReason, claimJob, type Job, requeueStalled, startHeartbeat } from './queue';
import { closeValidation, validateRevision } from './validate';

const CANCELED_MESSAGE = 'Canceled. Nothing was changed.';

export interface WorkerOptions {
  /** Parallel generations in this process (default 2). */
  concurrency?: number;
  /** Idle poll interval when no wake-up arrives (default 500 ms). */
  pollMs?: number;
  log?: (msg: string, extra?: unknown) => void;
  /** A project's latest revision changed (status, result): tell its room (reads the database). */
  onProjectChanged?: (projectId: string) => void;
  /** Push an event to a project's room straight from memory (drafts while they stream, status changes). */
  publish?: (target: { organizationId: string; projectId: string }, event: RoomEvent) => void;
  /** The provider for an organisation's generations (default: the one passed to the constructor). */
  providerFor?: (organizationId: string) => Promise<ModelProvider>;
  /**
   * At start, treat every RUNNING job as stalled at once (default false). Right for the embedded PGlite, which
   * only one process can own: its RUNNING jobs belong to a process that died. Never for a shared PostgreSQL.
   */
  recoverRunningAtStart?: boolean;
  /** Generated apps' databases: migrations a generation writes are applied to the development branch. */
  backend?: AppBackend | null;
  /** npm packages the code imports outside the catalogue: pinned to the revision when it is checked. */
  packages?: PackageResolver | null;
}

export class GenerationWorkers {
  readonly #db: Db;
  readonly #provider: ModelProvider;
  readonly #workerId = `worker-${newId().slice(0, 8)}`;
  readonly #opts: Required<WorkerOptions>;
  readonly #running = new Map<string, { ctrl: AbortController; revisionId: string }>();
  #stopped = true;
  #wake: (() => void) | undefined;
  #loops: Promise<void>[] = [];
  #stallTimer: NodeJS.Timeout | undefined;

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
      recoverRunningAtStart: false,
      backend: null,
      packages: null,
      ...opts,
    };
  }

  /** Recover stalled jobs, then start the claim loops. */
  async start(): Promise<void> {
    this.#stopped = false;
    await this.recoverStalled({ all: this.#opts.recoverRunningAtStart });
    this.#stallTimer = setInterval(
      () => void this.recoverStalled().catch(() => {}),
      JOB_STALL_CHECK_INTERVAL_MS,
    );
    for (let i = 0; i < this.#opts.concurrency; i++) this.#loops.push(this.#loop());
  }

  /** Abort the generation of a revision if this process runs it (other processes notice at their heartbeat). */
  cancel(revisionId: string): void {
    for (const run of this.#running.values()) {
      if (run.revisionId === revisionId) run.ctrl.abort('canceled' satisfies AbortReason);
    }
  }

  /** Tell idle loops that a job was queued. */
  wake(): void {
    this.#wake?.();
  }

  /** Stop claiming; abort running generations and put their jobs back in the queue, keeping drafts. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#stallTimer);
    for (const { ctrl } of this.#running.values()) ctrl.abort('shutdown' satisfies AbortReason);
    this.wake();
    await Promise.all(this.#loops);
    this.#loops = [];
    await closeValidation().catch((err) => this.#opts.log('closing the render check failed', err));
  }

  async #loop(): Promise<void> {
    while (!this.#stopped) {
      const job = await claimJob(this.#db, this.#workerId).catch((err) => {
        this.#opts.log('claim failed', err);
        return undefined;
      });
      if (job) {
        await this.#process(job);
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.#opts.pollMs);
        const prev = this.#wake;
        this.#wake = () => {
          clearTimeout(timer);
          prev?.();
          resolve();
        };
      });
      this.#wake = undefined;
    }
  }

  /**
   * Jobs RUNNING without a heartbeat for JOB_STALL_TIMEOUT_MS (with `all`, every RUNNING job): STALLED, and
   * queued again while attempts remain. The revision keeps the drafts saved so far until the retry replaces them.
   */
  async recoverStalled(opts: { all?: boolean } = {}): Promise<number> {
    const stalled = await requeueStalled(this.#db, opts, async (job) => {
      // No run of this process ends it, so bring the group's status and the room up to date here.
      const projectId = await this.#failRevision(job.revisionId, 'The generation stopped responding.');
      if (projectId) {
        await refreshProjectGroupStatus(this.#db, projectId, this.#opts.log);
        this.#opts.onProjectChanged(projectId);
      }
    });
    if (stalled) this.wake();
    return stalled;
  }

  async #process(job: Job): Promise<void> {
    const db = this.#db;
    const [revision] = await db.select().from(revisions).where(eq(revisions.id, job.revisionId));
    if (!revision) {
      await db.update(jobs).set({ status: 'FAILED', error: 'revision missing' }).where(eq(jobs.id, job.id));
      return;
    }
    const ctrl = new AbortController();
    this.#running.set(job.id, { ctrl, revisionId: revision.id });
    const runId = newId();
    await db.insert(runs).values({
      id: runId,
      projectId: revision.projectId,
      revisionId: revision.id,
      jobId: job.id,
      status: 'RUNNING',
    });
    const target = {
      organizationId: await organizationOf(db, revision.projectId),
      projectId: revision.projectId,
    };
    const publishStatus = (status: string) =>
      this.#opts.publish(target, {
        type: 'project-changed',
        projectId: revision.projectId,
        revision: { id: revision.id, number: revision.number, status, action: revision.action },
      });
    let text = '';
    // Drafts go to the room from memory, and to the database now and then; neither holds up reading the model.
    const drafts = new DraftStream(
      db,
      revision,
      (modules) =>
        this.#opts.publish(target, {
          type: 'drafts',
          projectId: revision.projectId,
          revisionId: revision.id,
          modules,
        }),
      this.#opts.log,
    );
    const heartbeat = startHeartbeat(db, job.id, ctrl);
    try {
      // A retry starts again from the parent's modules; the drafts of the attempt that died stay visible meanwhile.
      const [parent] = revision.parentId
        ? await db.select().from(revisions).where(eq(revisions.id, revision.parentId))
        : [];
      const startModules = (job.attempts > 1 ? (parent?.modules ?? []) : revision.modules) as GenModule[];
      // The database as the generation finds it: tables of the development branch, migrations applied so far.
      const database = await this.#opts.backend?.generationContext(revision.projectId, revision.id);
      const request = {
        ...(database ? { database } : {}),
        prompt: revision.prompt ?? '',
        modules: startModules,
        action: revision.action as 'INITIAL' | 'CHAT' | 'FIX_CHANGE',
        ...(revision.context?.error ? { error: revision.context.error } : {}),
        // What the last revisions changed: sent first when the project is over the context budget.
        recentPaths: await recentPaths(db, revision.projectId, revision.number, startModules),
      };
      await setStatus(db, revision.id, 'BUILDING');
      let done: Extract<GenerationEvent, { type: 'done' }> | undefined;
      const provider = await this.#opts.providerFor(target.organizationId);
      for await (const ev of generate(request, provider, { signal: ctrl.signal })) {
        if (ev.type === 'status') {
          await setStatus(db, revision.id, ev.status);
          publishStatus(ev.status);
        } else if (ev.type === 'text') text += ev.text;
        else if (ev.type === 'module') {
          drafts.set(ev.module);
        } else if (ev.type === 'delete') {
          drafts.delete(ev.filePath);
        } else if (ev.type === 'done') done = ev;
        void drafts.flush();
      }
      drafts.publishNow();
      await drafts.persisting;
      if (ctrl.signal.aborted) throw ctrl.signal.reason;
      if (!done) throw new Error('The generator ended without a result.');
      // Tables first: the functions validated and previewed next may read them.
      const migrationNotes = await this.#applyMigrations(revision, done.migrations ?? []);
      // Auth pages keep codegen's withCustomAuth (spec Module field; custom auth on, spec §5).
      const finalModules = storedModules(done.modules, done.withCustomAuth === true);
      // Compiled, then every page rendered in headless Chromium (validate.ts); `error` names the failing module.
      const resolver = this.#opts.packages;
      let { status, error: failure } = await validateRevision(finalModules, {
        action: revision.action,
        log: this.#opts.log,
        ...(resolver
          ? {
              packages: {
                resolve: (source: string) => resolveForRevision(this.#db, resolver, revision.id, source),
                bundleFile: (hash: string) => resolver.bundleFile(hash),
              },
            }
          : {}),
      });
      // A module the project may not have (an auth page without custom auth, core's check) is an error to fix.
      const disallowed =
        status === 'VALID' ? disallowedModule(finalModules, done.withCustomAuth === true) : null;
      if (disallowed) {
        status = 'INVALID_CODE';
        failure = disallowed;
      }
      // Never silent: a block that was not applied makes the code INVALID_CODE (the fix is offered), never VALID.
      const problems = problemsOf(done);
      if (problems.length > 0 && status !== 'INVALID_CODE') {
        status = 'INVALID_CODE';
        failure = problemFailure(problems, firstTouchedPath(done.blocks, finalModules));
      }
      const noPage = status === 'VALID' ? missingPageFailure(revision.action, finalModules) : null;
      if (noPage) {
        status = 'INVALID_CODE';
        failure = noPage;
      }
      // A chat that changed nothing says so, whatever the model's text claims.
      const nothingChanged =
        problems.length === 0 &&
        changedNothing(revision.action, startModules, finalModules, done.migrations?.length ?? 0);
      // Drafts streamed for a block that was dropped in the end leave the room's view of the revision.
      drafts.keepOnly(finalModules);
      drafts.publishNow();
      if (ctrl.signal.aborted) throw ctrl.signal.reason;
      const usage = done.usage;
      const doneAt = new Date();
      let autoFixQueued = false;
      await db.transaction(async (tx) => {
        const t = tx as unknown as Db;
        const organizationId = await organizationOf(t, revision.projectId);
        if (revision.action === 'FIX_CHANGE' && status === 'INVALID_CODE') {
          await refundRevision(t, organizationId, revision.id); // a fix that did not fix costs nothing
        } else {
          await charge(t, {
            organizationId,
            type: 'GENERATION_USAGE',
            amount: usageCredits(usage.inputTokens + usage.outputTokens),
            revisionId: revision.id,
            details: { inputTokens: usage.inputTokens, outputTokens: usage.outputTokens },
          });
        }
        await tx
          .update(revisions)
          .set({ modules: finalModules, status, updatedAt: new Date() })
          .where(eq(revisions.id, revision.id));
        await tx.insert(messages).values({
          id: newId(),
          projectId: revision.projectId,
          revisionId: revision.id,
          role: 'assistant',
          text: [
            (done.message || text).trim() || (problems.length > 0 || nothingChanged ? '' : 'Done.'),
            problemsText(problems),
            nothingChanged ? MESSAGES.noFilesChanged : '',
            ...migrationNotes,
          ]
            .filter(Boolean)
            .join('\n\n'),
          // What the reply did (files, tables, tool calls, suggestions, publish), shown under the text: only the
          // modules that really changed.
          blocks: truthfulBlocks(done.blocks, startModules, finalModules),
          createdAt: doneAt,
        });
        await tx
          .update(runs)
          .set({
            status: 'FINISHED',
            inputTokens: done.usage.inputTokens,
            outputTokens: done.usage.outputTokens,
            endedAt: new Date(),
          })
          .where(eq(runs.id, runId));
        await tx.update(jobs).set({ status: 'COMPLETED', updatedAt: new Date() }).where(eq(jobs.id, job.id));
        if (failure && wantsAutoFix(revision.action, status, failure)) {
          autoFixQueued =
            (await queueAutoFix(t, {
              revision,
              organizationId,
              modules: finalModules,
              failure,
              after: doneAt,
            })) !== null;
        }
      });
      if (autoFixQueued) this.wake();
    } catch (err) {
      if (ctrl.signal.aborted && ctrl.signal.reason === 'canceled') {
        // The user canceled: the revision keeps its parent's modules; nothing is charged.
        await db.transaction(async (tx) => {
          const t = tx as unknown as Db;
          await t.update(runs).set({ status: 'CANCELED', endedAt: new Date() }).where(eq(runs.id, runId));
          await t
            .update(jobs)
            .set({ status: 'FAILED', error: 'canceled', updatedAt: new Date() })
            .where(eq(jobs.id, job.id));
          await finishCanceled(t, revision);
        });
      } else if (ctrl.signal.aborted) {
        // Shut down mid-run: keep the drafts, end the run, queue the job again for the next start.
        await drafts.persisting;
        await drafts.flush(true);
        await db
          .update(runs)
          .set({ status: 'CANCELED', endedAt: new Date() })
          .where(eq(runs.id, runId))
          .catch(() => {});
        await db
          .update(jobs)
          .set({ status: 'PENDING', lockedBy: null, updatedAt: new Date() })
          .where(eq(jobs.id, job.id))
          .catch(() => {});
      } else {
        this.#opts.log('generation failed', err);
        const message = err instanceof Error ? err.message : String(err);
        await db
          .update(runs)
          .set({ status: 'FAILED', error: message, endedAt: new Date() })
          .where(eq(runs.id, runId));
        await db
          .update(jobs)
          .set({ status: 'FAILED', error: message, updatedAt: new Date() })
          .where(eq(jobs.id, job.id));
        await this.#failRevision(revision.id, message, revision.modules);
      }
    } finally {
      clearInterval(heartbeat);
      drafts.close();
      this.#running.delete(job.id);
      await refreshProjectGroupStatus(db, revision.projectId, this.#opts.log);
      this.#opts.onProjectChanged(revision.projectId);
    }
  }

  /** Applies a generation's migrations to the development branch; a sentence for each one that failed. */
  async #applyMigrations(
    revision: { id: string; projectId: string },
    written: readonly { name: string; sql: string }[],
  ): Promise<string[]> {
    const backend = this.#opts.backend;
    if (!backend || written.length === 0) return [];
    try {
      const results = await backend.applyRevisionMigrations(revision.projectId, revision.id, written);
      return results
        .filter((r) => r.status === 'FAILED')
        .map((r) => `The database change "${r.name}" failed: ${r.error ?? 'unknown error'}`);
    } catch (err) {
      this.#opts.log('applying migrations failed', err);
      return [
        `The database changes could not be applied: ${err instanceof Error ? err.message : String(err)}`,
      ];
    }
  }

  async #failRevision(
    revisionId: string,
    reason: string,
    restore?: (typeof revisions.$inferSelect)['modules'],
  ): Promise<string | undefined> {
    const [rev] = await this.#db
      .update(revisions)
      .set({ status: 'GENERATION_FAILED', ...(restore ? { modules: restore } : {}), updatedAt: new Date() })
      .where(eq(revisions.id, revisionId))
      .returning();
    if (rev) {
      await refundRevision(this.#db, await organizationOf(this.#db, rev.projectId), revisionId);
      await this.#db.insert(messages).values({
        id: newId(),
        projectId: rev.projectId,
        revisionId,
        role: 'assistant',
        text: `${MESSAGES.somethingWentWrong} ${reason}`,
      });
    }
    return rev?.projectId;
  }
}

/** A canceled revision: FAILED with its parent's modules, refunded, and a chat line saying so. */
export async function finishCanceled(db: Db, revision: typeof revisions.$inferSelect): Promise<void> {
  const [parent] = revision.parentId
    ? await db.select().from(revisions).where(eq(revisions.id, revision.parentId))
    : [];
  // Canceling the automatic fix is its own status (spec: CANCELED_AUTOFIX); the code stays as the fix found it.
  const status = revision.context?.auto ? 'CANCELED_AUTOFIX' : 'FAILED';
  await db
    .update(revisions)
    .set({ status, modules: parent?.modules ?? [], updatedAt: new Date() })
    .where(eq(revisions.id, revision.id));
  await refundRevision(db, await organizationOf(db, revision.projectId), revision.id);
  await db.insert(messages).values({
    id: newId(),
    projectId: revision.projectId,
    revisionId: revision.id,
    role: 'assistant',
    text: CANCELED_MESSAGE,
  });
}

/** The module a problem without a path is filed under: the first one the reply changed, else the first page. */
function firstTouchedPath(
  blocks: readonly { kind: string; filePath?: string }[],
  modules: readonly { filePath: string; moduleType: string }[],
): string {
  const touched = blocks.find((b) => b.filePath && modules.some((m) => m.filePath === b.filePath));
  return (
    touched?.filePath ??
    modules.find((m) => m.moduleType === 'PAGE')?.filePath ??
    modules[0]?.filePath ??
    'apps/web/src/app/page.tsx'
  );
}

async function organizationOf(db: Db, projectId: string): Promise<string> {
  const [p] = await db
    .select({ organizationId: projects.organizationId })
    .from(projects)
    .where(eq(projects.id, projectId));
  return p!.organizationId;
}

async function setStatus(db: Db, revisionId: string, status: string): Promise<void> {
  await db.update(revisions).set({ status, updatedAt: new Date() }).where(eq(revisions.id, revisionId));
}
