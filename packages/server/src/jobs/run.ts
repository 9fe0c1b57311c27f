/**
 * @module One generation run: the generator's events streamed into the revision, the final modules validated,
 * credits charged (or refunded), the chat line and the revision's status written, the automatic fix queued.
 */
import { type GenerationEvent, type GenModule, generate } from '@kiln/codegen';
import { CHAT_ATTACHMENT_MESSAGES, MESSAGES } from '@kiln/core';
import { eq } from 'drizzle-orm';
import { attachmentImages } from '../chat-attachments';
import { charge, refundRevision, usageCredits } from '../credits';
import type { Db } from '../db/index';
import { jobs, messages, projects, revisions, runs } from '../db/schema';
import { cancelDeepDebugging, finishDeepDebugStep } from '../deep-debugging';
import { DISCUSS_JOB } from '../discussions';
import { isHandAction } from '../hand-revisions';
import { newId } from '../ids';
import { knowledgeForRequest } from '../knowledge';
import { NO_EXPERT_MODEL } from '../model-settings';
import { npmDocsFrom } from '../packages/docs';
import { refreshProjectGroupStatus } from '../project-group-revisions';
import { generationAction } from '../top-down-chat';
import { queueAutoFix, wantsAutoFix, wantsVerificationFix } from './autofix';
import { runDiscussion } from './discuss-run';
import { DraftStream } from './draft-stream';
import { disallowedModule, recentPaths, storedModules } from './generated-modules';
import { runHandRevision } from './hand-run';
import { applyMigrationsAndCheck, openDevelopmentBranch } from './migrations';
import {
  changedNothing,
  missingPageFailure,
  problemFailure,
  problemsOf,
  problemsText,
  truthfulBlocks,
} from './problems';
import { type Job, startHeartbeat } from './queue';
import {
  storeVerification,
  type VerificationReport,
  verificationEnabled,
  verificationFailure,
  verifyRevisionPages,
} from './verification';
import type { RunDeps } from './worker-options';

const CANCELED_MESSAGE = 'Canceled. Nothing was changed.';

export type { RunDeps } from './worker-options';

/** Runs one claimed job: generation, modules, validation, credits, the revision's status and chat line. */
export async function runJob(db: Db, job: Job, deps: RunDeps): Promise<void> {
  // Plan mode: a discussion is answered without a revision (discuss-run.ts).
  if (job.kind === DISCUSS_JOB) return runDiscussion(db, job, deps);
  const [revision] = job.revisionId
    ? await db.select().from(revisions).where(eq(revisions.id, job.revisionId))
    : [];
  if (!revision) {
    await db.update(jobs).set({ status: 'FAILED', error: 'revision missing' }).where(eq(jobs.id, job.id));
    return;
  }
  const ctrl = new AbortController();
  deps.track(ctrl, revision.id);
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
    deps.publish(target, {
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
      deps.publish(target, {
        type: 'drafts',
        projectId: revision.projectId,
        revisionId: revision.id,
        modules,
      }),
    deps.log,
  );
  const heartbeat = startHeartbeat(db, job.id, ctrl);
  try {
    // A hand edit (code editor, visual edit) has its final modules already: it is only checked.
    if (isHandAction(revision.action)) {
      await runHandRevision(db, job, revision, runId, deps);
      return;
    }
    // A retry starts again from the parent's modules; the drafts of the attempt that died stay visible meanwhile.
    const [parent] = revision.parentId
      ? await db.select().from(revisions).where(eq(revisions.id, revision.parentId))
      : [];
    const startModules = (job.attempts > 1 ? (parent?.modules ?? []) : revision.modules) as GenModule[];
    // The database as the generation finds it: tables of the development branch, migrations applied so far.
    const database = await deps.backend?.generationContext(revision.projectId, revision.id);
    // The organisation's and the project's standing instructions go with every generation.
    const knowledge = await knowledgeForRequest(db, revision.projectId);
    // Images attached to the message, read from the shared file storage (chat-attachments.ts).
    const images = deps.files ? await attachmentImages(deps.files, revision.context?.attachments) : [];
    const request = {
      ...(images.length > 0 ? { images } : {}),
      ...(database ? { database } : {}),
      ...(knowledge ? { knowledge } : {}),
      prompt: revision.prompt ?? '',
      modules: startModules,
      // A UI_PATCH is a chat edit whose prompt names the element (visual-edits.ts); a TOP_DOWN_CHAT one project's
      // part of a group request (top-down-chat.ts).
      action: generationAction(revision.action === 'UI_PATCH' ? 'CHAT' : revision.action, startModules),
      ...(revision.context?.error ? { error: revision.context.error } : {}),
      // A top-down chat: the group's other projects, which this one's changes must fit (top-down-chat.ts).
      ...(revision.context?.group ? { group: revision.context.group } : {}),
      // What the last revisions changed: sent first when the project is over the context budget.
      recentPaths: await recentPaths(db, revision.projectId, revision.number, startModules),
    };
    await setStatus(db, revision.id, 'BUILDING');
    let done: Extract<GenerationEvent, { type: 'done' }> | undefined;
    // Expert mode (EXPERT_SWE): the message asked for the organisation's stronger model.
    const provider = revision.context?.expert
      ? await deps.expertProviderFor(target.organizationId)
      : await deps.providerFor(target.organizationId);
    if (!provider) throw new Error(NO_EXPERT_MODEL);
    // A model that reads no images got the words only: the chat says so (the builtin one says it itself).
    const imagesNote =
      images.length > 0 && provider.acceptsImages !== true && provider.id !== 'builtin'
        ? CHAT_ATTACHMENT_MESSAGES.modelCannotSee(images.length)
        : '';
    // The web_search tool, when the organisation set a search provider (web-search.ts); else not offered.
    const webSearch = await deps.webSearchFor(target.organizationId, revision.id);
    const options = {
      signal: ctrl.signal,
      ...(webSearch ? { webSearch } : {}),
      // package_documentation answers any npm package from its README and types (issue 16).
      ...(deps.packages ? { npmDocs: npmDocsFrom(deps.packages) } : {}),
    };
    let branchOpening = false;
    for await (const ev of generate(request, provider, options)) {
      // Tables are coming: the development branch opens while the rest of the reply streams (migrations.ts).
      if (ev.type === 'migration' && !branchOpening) {
        branchOpening = true;
        openDevelopmentBranch(deps, revision.projectId);
      }
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
    // Auth pages keep codegen's withCustomAuth (spec Module field; custom auth on, spec §5).
    const finalModules = storedModules(done.modules, done.withCustomAuth === true);
    // The tables applied to the development branch (before the verification walk and the preview call the
    // functions that read them) while the code is compiled and every page rendered in headless Chromium
    // (validate.ts); `error` names the failing module.
    const { migrationNotes, check } = await applyMigrationsAndCheck(
      db,
      deps,
      revision,
      done.migrations ?? [],
      finalModules,
    );
    let { status, error: failure } = check;
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
    // Verification (issue 22): the changed pages walked in Chromium before the revision may count as finished.
    let verification: VerificationReport | null = null;
    // Deep debugging verifies every step, whatever the project's setting (it is the loop's measure).
    const deepDebug = revision.context?.deepDebug !== undefined;
    if (
      status === 'VALID' &&
      (deepDebug || (await verificationEnabled(db, deps.verify, revision.projectId)))
    ) {
      // The walk calls the app's functions, which the sandbox reads from the revision's stored modules.
      await db.update(revisions).set({ modules: finalModules }).where(eq(revisions.id, revision.id));
      verification = await verifyRevisionPages(db, deps, revision, startModules, finalModules, done.walk);
    }
    // Drafts streamed for a block that was dropped in the end leave the room's view of the revision.
    drafts.keepOnly(finalModules);
    drafts.publishNow();
    if (ctrl.signal.aborted) throw ctrl.signal.reason;
    // The data as this revision leaves it, for "Restore code and data" (projects with a database): taken before
    // the revision shows as finished, so the History panel offers it at once.
    if (deps.backend && (await deps.backend.migrations(revision.projectId)).length > 0)
      await deps.backend.snapshots.take(revision.projectId, revision.id);
    const usage = done.usage;
    const doneAt = new Date();
    let autoFixQueued = false;
    await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const organizationId = await organizationOf(t, revision.projectId);
      const stillBroken = status === 'INVALID_CODE' || verification?.status === 'FAILED';
      const generationCredits = usageCredits(usage.inputTokens + usage.outputTokens);
      // A deep-debugging step is charged whatever it found: its budget counts what it cost.
      if (revision.action === 'FIX_CHANGE' && stillBroken && !deepDebug) {
        await refundRevision(t, organizationId, revision.id); // a fix that did not fix costs nothing
      } else {
        await charge(t, {
          organizationId,
          type: 'GENERATION_USAGE',
          amount: generationCredits,
          revisionId: revision.id,
          details: { inputTokens: usage.inputTokens, outputTokens: usage.outputTokens },
        });
      }
      if (verification) await storeVerification(t, revision.id, verification);
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
          imagesNote,
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
      // A failing verification starts the same bounded fix, told the failed steps and errors.
      const fix =
        failure && wantsAutoFix(revision.action, status, failure)
          ? failure
          : verification && wantsVerificationFix(revision.action, status, verification.status)
            ? verificationFailure(verification, finalModules)
            : undefined;
      if (deepDebug) {
        autoFixQueued = await finishDeepDebugStep(t, {
          revision,
          organizationId,
          status,
          modules: finalModules,
          generationCredits,
          verification,
          report:
            verification?.status === 'FAILED'
              ? verificationFailure(verification, finalModules).message
              : (failure?.message ?? null),
          after: doneAt,
        });
      } else if (fix) {
        autoFixQueued =
          (await queueAutoFix(t, {
            revision,
            organizationId,
            modules: finalModules,
            failure: fix,
            after: doneAt,
          })) !== null;
      }
    });
    if (autoFixQueued) deps.wake();
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
      deps.log('generation failed', err);
      const message = err instanceof Error ? err.message : String(err);
      await db
        .update(runs)
        .set({ status: 'FAILED', error: message, endedAt: new Date() })
        .where(eq(runs.id, runId));
      await db
        .update(jobs)
        .set({ status: 'FAILED', error: message, updatedAt: new Date() })
        .where(eq(jobs.id, job.id));
      await failRevision(db, revision.id, message, revision.modules);
    }
  } finally {
    clearInterval(heartbeat);
    drafts.close();
    deps.untrack();
    await refreshProjectGroupStatus(db, revision.projectId, deps.log);
    deps.onProjectChanged(revision.projectId);
  }
}

/** The revision ends GENERATION_FAILED (modules restored if given), refunded, with a chat line; its project. */
export async function failRevision(
  db: Db,
  revisionId: string,
  reason: string,
  restore?: (typeof revisions.$inferSelect)['modules'],
): Promise<string | undefined> {
  const [rev] = await db
    .update(revisions)
    .set({ status: 'GENERATION_FAILED', ...(restore ? { modules: restore } : {}), updatedAt: new Date() })
    .where(eq(revisions.id, revisionId))
    .returning();
  if (rev) {
    await refundRevision(db, await organizationOf(db, rev.projectId), revisionId);
    await db.insert(messages).values({
      id: newId(),
      projectId: rev.projectId,
      revisionId,
      role: 'assistant',
      text: `${MESSAGES.somethingWentWrong} ${reason}`,
    });
  }
  return rev?.projectId;
}

/** A canceled revision: FAILED with its parent's modules, refunded, and a chat line saying so. */
export async function finishCanceled(db: Db, revision: typeof revisions.$inferSelect): Promise<void> {
  const [parent] = revision.parentId
    ? await db.select().from(revisions).where(eq(revisions.id, revision.parentId))
    : [];
  await cancelDeepDebugging(db, revision);
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
