/**
 * @module Plan mode (issue 22): a DISCUSSION message is answered by the model — it reads the project's files,
 * docs and knowledge and proposes a plan with numbered steps — but changes nothing: no revision is made, ever.
 * The question is stored as a chat message (mode DISCUSSION) and answered by a `discuss` job, claimed like any
 * job (SKIP LOCKED, any process, requeued after a crash; see jobs/discuss-run.ts). "Implement this plan" is then
 * an ordinary CHAT message carrying the plan.
 */
import { DISCUSSION_STOPPED, KilnError } from '@kiln/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { User } from './accounts';
import { markAttachmentsSent } from './chat-attachment-sweep';
import type { ChatAttachment } from './chat-attachments';
import { creditBalance, refundDiscussionSearches } from './credits';
import type { Db } from './db/index';
import { chatSends, jobs, messages, projects } from './db/schema';
import { newId } from './ids';
import { SERVER_MESSAGES as M } from './messages';
import { hasExpertModel, NO_EXPERT_MODEL } from './model-settings';
import { recordProjectGroupRevision } from './project-group-revisions';
import { getProject, getRevision, type Revision } from './projects';

/** The message mode of plan-mode questions and answers (GraphQL ChatMode.DISCUSSION). */
export const DISCUSSION_MODE = 'DISCUSSION';
/** The job kind that answers a discussion. */
export const DISCUSS_JOB = 'discuss';
/** The least balance a discussion needs to start (its usage is charged when it ends). */
const MIN_DISCUSSION_BALANCE = 1;

/**
 * Queues the answer to a DISCUSSION message. Returns the project's latest revision, unchanged (sendMessage's
 * answer type): a discussion never makes one. A repeated send with the same `clientMessageId` queues nothing.
 */
export async function sendDiscussion(
  db: Db,
  user: User,
  input: {
    projectId: string;
    text: string;
    clientMessageId?: string | null;
    expert?: boolean | null;
    /** Images attached to the question, already checked (chat-attachments.ts `checkAttachments`). */
    attachments?: ChatAttachment[];
  },
): Promise<Revision> {
  const text = input.text.trim();
  if (!text) throw new KilnError('validation', M.emptyPrompt);
  const { organizationId } = await getProject(db, user, input.projectId, 'EDITOR');
  const expert = input.expert === true;
  if (expert && !(await hasExpertModel(db, organizationId)))
    throw new KilnError('validation', NO_EXPERT_MODEL);
  const balance = await creditBalance(db, organizationId);
  if (balance < MIN_DISCUSSION_BALANCE)
    throw new KilnError('plan_limit', M.notEnoughCredits(balance, MIN_DISCUSSION_BALANCE));
  const clientMessageId = input.clientMessageId?.slice(0, 100) || null;
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    // Locked like a chat send, so a retry racing its original waits and then finds its row.
    const [project] = await t.select().from(projects).where(eq(projects.id, input.projectId)).for('update');
    const latest = project?.latestRevisionId ? await getRevision(t, project.latestRevisionId) : undefined;
    if (!latest)
      throw new KilnError('conflict', 'There is nothing to discuss yet: the project has no revision.');
    if (clientMessageId) {
      const [sent] = await t
        .select({ revisionId: chatSends.revisionId })
        .from(chatSends)
        .where(and(eq(chatSends.projectId, input.projectId), eq(chatSends.clientMessageId, clientMessageId)));
      if (sent) return latest;
      await t
        .insert(chatSends)
        .values({ projectId: input.projectId, clientMessageId, revisionId: latest.id });
    }
    const messageId = newId();
    await t.insert(messages).values({
      id: messageId,
      projectId: input.projectId,
      revisionId: null,
      role: 'user',
      text,
      mode: DISCUSSION_MODE,
      expert,
      ...(input.attachments?.length ? { attachments: input.attachments } : {}),
    });
    await markAttachmentsSent(t, input.attachments);
    await t.insert(jobs).values({ id: newId(), kind: DISCUSS_JOB, messageId, status: 'PENDING' });
    // A project-group action (spec) whose snapshot is the projects' revisions as they are: none is added.
    await recordProjectGroupRevision(
      t,
      { projectId: input.projectId },
      { action: 'DISCUSSION', authorId: user.id },
    );
    return latest;
  });
}

/**
 * Stops the project's question waiting for its answer (EDITOR and up): its job ends (FAILED, "Stopped by the
 * user."), the chat gets DISCUSSION_STOPPED, and web searches it made are refunded (its tokens are charged only
 * with an answer). A process answering it notices at once (the caller aborts the run here) or at its next
 * heartbeat, and writes nothing. Returns the question's id, or null when none was waiting.
 */
export async function cancelDiscussion(db: Db, user: User, projectId: string): Promise<string | null> {
  const { organizationId } = await getProject(db, user, projectId, 'EDITOR');
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [waiting] = await t
      .select({ jobId: jobs.id, messageId: messages.id })
      .from(jobs)
      .innerJoin(messages, eq(messages.id, jobs.messageId))
      .where(
        and(
          eq(messages.projectId, projectId),
          eq(jobs.kind, DISCUSS_JOB),
          inArray(jobs.status, ['PENDING', 'RUNNING']),
        ),
      )
      .for('update');
    if (!waiting) return null;
    await t
      .update(jobs)
      .set({ status: 'FAILED', error: 'Stopped by the user.', updatedAt: new Date() })
      .where(eq(jobs.id, waiting.jobId));
    await t.insert(messages).values({
      id: newId(),
      projectId,
      revisionId: null,
      role: 'assistant',
      text: DISCUSSION_STOPPED,
      mode: DISCUSSION_MODE,
    });
    await refundDiscussionSearches(t, organizationId, waiting.messageId);
    return waiting.messageId;
  });
}
