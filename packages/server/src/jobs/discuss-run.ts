/**
 * @module One discussion run (plan mode, discussions.ts): the model is asked with action DISCUSSION over the
 * latest revision's modules, the app's database and the project's knowledge; its answer (text, plan, tool
 * calls, suggestions, knowledge proposals) becomes the chat's DISCUSSION answer. Nothing the reply writes is
 * applied — no module, no migration, no revision — and the answer says so when the reply tried. Usage is
 * charged as for a generation; a failure costs nothing and says so in the chat.
 */
import {
  type GenerationEvent,
  type GenModule,
  type GenTurn,
  generate,
  type MessageBlock,
} from '@kiln/codegen';
import {
  DISCUSSION_NOT_APPLIED_NOTE,
  DISCUSSION_STOPPED,
  DISCUSSION_TEXT_MAX_CHARS,
  MESSAGES,
} from '@kiln/core';
import { and, desc, eq, lt } from 'drizzle-orm';
import { attachmentImages } from '../chat-attachments';
import { charge, refundDiscussionSearches, usageCredits } from '../credits';
import type { Db } from '../db/index';
import { jobs, messages, projects, revisions } from '../db/schema';
import { DISCUSSION_MODE } from '../discussions';
import { newId } from '../ids';
import { knowledgeForRequest } from '../knowledge';
import { NO_EXPERT_MODEL } from '../model-settings';
import type { Job } from './queue';
import { startHeartbeat } from './queue';
import type { RunDeps } from './worker-options';

/** Said under a discussion answer whose reply wrote files or tables anyway. */
export const NOT_APPLIED_NOTE = DISCUSSION_NOT_APPLIED_NOTE;

/** The blocks of a reply that wrote something: files (page, component, function, file) and migrations. */
const WRITING_BLOCKS = new Set<MessageBlock['kind']>(['page', 'component', 'function', 'file']);

/** The blocks a discussion answer keeps: what it thought, read, suggested and proposed — never what it wrote. */
const ANSWER_BLOCKS = new Set<MessageBlock['kind']>(['thinking', 'tool-call', 'choices', 'knowledge']);

/** How often the answer so far goes to the project's room while the model writes it. */
const TEXT_PUBLISH_INTERVAL_MS = 200;

/** At most this many earlier messages of a discussion go with a question (codegen trims them to its budget). */
export const MAX_CONVERSATION_MESSAGES = 12;

/**
 * The discussion a question continues: the plan-mode messages just before it, oldest first, back to the last
 * build message (a build, "Implement this plan" included, starts a new discussion). Failure and stop lines are
 * left out.
 */
async function discussionSoFar(db: Db, question: typeof messages.$inferSelect): Promise<GenTurn[]> {
  const earlier = await db
    .select({ role: messages.role, text: messages.text, mode: messages.mode })
    .from(messages)
    .where(and(eq(messages.projectId, question.projectId), lt(messages.createdAt, question.createdAt)))
    .orderBy(desc(messages.createdAt))
    .limit(MAX_CONVERSATION_MESSAGES);
  const turns: GenTurn[] = [];
  for (const m of earlier) {
    if (m.mode !== DISCUSSION_MODE) break;
    if (
      m.role === 'assistant' &&
      (m.text.startsWith(MESSAGES.somethingWentWrong) || m.text === DISCUSSION_STOPPED)
    )
      continue;
    turns.unshift({ role: m.role === 'user' ? 'user' : 'assistant', text: m.text });
  }
  return turns;
}

/** Answers one claimed `discuss` job. */
export async function runDiscussion(db: Db, job: Job, deps: RunDeps): Promise<void> {
  const [question] = job.messageId
    ? await db.select().from(messages).where(eq(messages.id, job.messageId))
    : [];
  if (!question) {
    await db
      .update(jobs)
      .set({ status: 'FAILED', error: 'message missing', updatedAt: new Date() })
      .where(eq(jobs.id, job.id));
    return;
  }
  const [project] = await db.select().from(projects).where(eq(projects.id, question.projectId));
  if (!project) return;
  const ctrl = new AbortController();
  // Cancel addresses runs by revision id; a discussion is addressed by its question's id.
  deps.track(ctrl, question.id);
  const heartbeat = startHeartbeat(db, job.id, ctrl);
  try {
    const [latest] = project.latestRevisionId
      ? await db.select().from(revisions).where(eq(revisions.id, project.latestRevisionId))
      : [];
    const database = await deps.backend?.generationContext(project.id);
    const knowledge = await knowledgeForRequest(db, project.id);
    const conversation = await discussionSoFar(db, question);
    // Images attached to the question, read from the shared file storage (chat-attachments.ts).
    const images = deps.files ? await attachmentImages(deps.files, question.attachments ?? undefined) : [];
    const request = {
      ...(images.length > 0 ? { images } : {}),
      prompt: question.text,
      modules: (latest?.modules ?? []) as GenModule[],
      action: 'DISCUSSION' as const,
      ...(database ? { database } : {}),
      ...(knowledge ? { knowledge } : {}),
      ...(conversation.length > 0 ? { conversation } : {}),
    };
    // Web search, when the organisation configured a provider: each search charged to this question.
    const webSearch = await deps.webSearchFor(project.organizationId, { discussionMessageId: question.id });
    const provider = question.expert
      ? await deps.expertProviderFor(project.organizationId)
      : await deps.providerFor(project.organizationId);
    if (!provider) throw new Error(NO_EXPERT_MODEL);
    let text = '';
    let done: Extract<GenerationEvent, { type: 'done' }> | undefined;
    const target = { organizationId: project.organizationId, projectId: project.id };
    let publishedAt = 0;
    for await (const ev of generate(request, provider, {
      signal: ctrl.signal,
      ...(webSearch ? { webSearch } : {}),
    })) {
      if (ev.type === 'text') {
        text += ev.text;
        // The answer so far, a few times a second, so a slow model is seen thinking (never held up by it).
        if (Date.now() - publishedAt >= TEXT_PUBLISH_INTERVAL_MS) {
          publishedAt = Date.now();
          const shown = text.trim();
          deps.publish(target, {
            type: 'discussion-text',
            projectId: project.id,
            messageId: question.id,
            text:
              shown.length > DISCUSSION_TEXT_MAX_CHARS
                ? `…${shown.slice(-DISCUSSION_TEXT_MAX_CHARS)}`
                : shown,
          });
        }
      } else if (ev.type === 'done') done = ev;
    }
    if (ctrl.signal.aborted) throw ctrl.signal.reason;
    if (!done) throw new Error('The model ended without an answer.');
    // Files or tables the reply wrote (a migration is a `function` block): never applied here.
    const wrote =
      done.blocks.some((b) => WRITING_BLOCKS.has(b.kind)) ||
      (done.migrations?.length ?? 0) > 0 ||
      (done.missedEdits?.length ?? 0) > 0;
    const answer = [(done.message || text).trim() || 'No answer.', wrote ? NOT_APPLIED_NOTE : '']
      .filter(Boolean)
      .join('\n\n');
    const usage = done.usage;
    await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      // Stopped meanwhile (cancelDiscussion already said so in the chat): nothing is charged or written.
      const [mine] = await t
        .update(jobs)
        .set({ status: 'COMPLETED', updatedAt: new Date() })
        .where(and(eq(jobs.id, job.id), eq(jobs.status, 'RUNNING')))
        .returning({ id: jobs.id });
      if (!mine) return;
      await charge(t, {
        organizationId: project.organizationId,
        type: 'GENERATION_USAGE',
        amount: usageCredits(usage.inputTokens + usage.outputTokens),
        details: {
          discussionMessageId: question.id,
          inputTokens: usage.inputTokens,
          outputTokens: usage.outputTokens,
          ...(question.expert ? { expert: true } : {}),
        },
      });
      await t.insert(messages).values({
        id: newId(),
        projectId: project.id,
        revisionId: null,
        role: 'assistant',
        text: answer,
        blocks: done.blocks.filter((b) => ANSWER_BLOCKS.has(b.kind)),
        mode: DISCUSSION_MODE,
        expert: question.expert,
      });
    });
  } catch (err) {
    if (ctrl.signal.aborted && ctrl.signal.reason !== 'canceled') {
      // Shut down mid-answer: the job goes back to the queue for the next start (or another process), which
      // answers it afresh; searches made so far are given back.
      await refundDiscussionSearches(db, project.organizationId, question.id).catch(() => {});
      await db
        .update(jobs)
        .set({ status: 'PENDING', lockedBy: null, updatedAt: new Date() })
        .where(eq(jobs.id, job.id))
        .catch(() => {});
    } else if (!ctrl.signal.aborted) {
      // Failed: said in the chat, unless the job is no longer this run's (stopped, or taken over).
      const reason = err instanceof Error ? err.message : String(err);
      deps.log('discussion failed', err);
      const [mine] = await db
        .update(jobs)
        .set({ status: 'FAILED', error: reason, updatedAt: new Date() })
        .where(and(eq(jobs.id, job.id), eq(jobs.status, 'RUNNING')))
        .returning({ id: jobs.id });
      if (mine) await failDiscussion(db, question.id, reason);
    }
    // Aborted as 'canceled': the user stopped it (cancelDiscussion ended the job and told the chat) or the job
    // is no longer RUNNING here (the heartbeat found it taken over); either way there is nothing to write.
  } finally {
    clearInterval(heartbeat);
    deps.untrack();
    deps.onProjectChanged(project.id);
  }
}

/**
 * A discussion that could not be answered: a chat line saying so, and the web searches it made are refunded
 * (its tokens were never charged), so a failure costs nothing. Its project.
 */
export async function failDiscussion(db: Db, messageId: string, reason: string): Promise<string | undefined> {
  const [question] = await db.select().from(messages).where(eq(messages.id, messageId));
  if (!question) return undefined;
  const [project] = await db
    .select({ organizationId: projects.organizationId })
    .from(projects)
    .where(eq(projects.id, question.projectId));
  if (project) await refundDiscussionSearches(db, project.organizationId, messageId);
  await db.insert(messages).values({
    id: newId(),
    projectId: question.projectId,
    revisionId: null,
    role: 'assistant',
    text: `${MESSAGES.somethingWentWrong} ${reason}`,
    mode: DISCUSSION_MODE,
  });
  return question.projectId;
}
