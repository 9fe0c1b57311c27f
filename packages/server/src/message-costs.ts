/**
 * @module What each answer cost. The assistant message that closes a revision's generation carries that
 * revision's cost: the credits charged for it (START_GENERATION + GENERATION_USAGE, less refunds) from the
 * credit ledger, and the tokens its finished runs reported. Read once per project per GraphQL request.
 */
import { isRevisionInProgress } from '@kiln/core';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from './db/index';
import { creditLedger, messages, revisions, runs } from './db/schema';

export interface MessageCost {
  /** Credits charged and not refunded. */
  credits: number;
  inputTokens: number;
  outputTokens: number;
  /** Everything charged for the revision was given back (a failed, canceled or unsuccessful fix). */
  refunded: boolean;
}

type MessageRow = typeof messages.$inferSelect;
type ProjectCostsData = { closing: Map<string, string>; costs: Map<string, MessageCost> };
type ProjectCosts = Promise<ProjectCostsData>;

/** Per request (the GraphQL context object) and project, so a chat of any length costs three queries. */
const perRequest = new WeakMap<object, Map<string, ProjectCosts>>();

/** The cost shown under an assistant message, or null (user messages, or not the revision's last answer). */
export async function messageCost(db: Db, request: object, message: MessageRow): Promise<MessageCost | null> {
  if (message.role !== 'assistant' || !message.revisionId) return null;
  let projects = perRequest.get(request);
  if (!projects) {
    projects = new Map();
    perRequest.set(request, projects);
  }
  let loaded = projects.get(message.projectId);
  if (!loaded) {
    loaded = projectCosts(db, message.projectId);
    projects.set(message.projectId, loaded);
  }
  const { closing, costs } = await loaded;
  if (closing.get(message.revisionId) !== message.id) return null;
  return costs.get(message.revisionId) ?? null;
}

async function projectCosts(db: Db, projectId: string): ProjectCosts {
  const answers = await db
    .select({ id: messages.id, revisionId: messages.revisionId })
    .from(messages)
    .where(and(eq(messages.projectId, projectId), eq(messages.role, 'assistant')))
    .orderBy(asc(messages.createdAt));
  const closing = new Map<string, string>();
  for (const m of answers) if (m.revisionId) closing.set(m.revisionId, m.id);
  const costs = new Map<string, MessageCost>();
  const ids = [...closing.keys()];
  if (ids.length === 0) return { closing, costs };
  const [finished, ledger, tokens] = await Promise.all([
    db
      .select({ id: revisions.id, status: revisions.status })
      .from(revisions)
      .where(and(eq(revisions.projectId, projectId), inArray(revisions.id, ids))),
    db
      .select({
        revisionId: creditLedger.revisionId,
        amount: creditLedger.amount,
        refundedAt: creditLedger.refundedAt,
      })
      .from(creditLedger)
      .where(and(eq(creditLedger.entry, 'TRANSACTION'), inArray(creditLedger.revisionId, ids))),
    db
      .select({ revisionId: runs.revisionId, input: runs.inputTokens, output: runs.outputTokens })
      .from(runs)
      .where(and(eq(runs.projectId, projectId), eq(runs.status, 'FINISHED'), inArray(runs.revisionId, ids))),
  ]);
  for (const r of finished) {
    // While a revision is still generating, its cost is not known yet.
    if (isRevisionInProgress(r.status)) continue;
    const charged = ledger.filter((e) => e.revisionId === r.id);
    const used = tokens.filter((t) => t.revisionId === r.id);
    costs.set(r.id, {
      credits: charged.reduce((sum, e) => sum + (e.refundedAt ? 0 : -e.amount), 0),
      inputTokens: used.reduce((sum, t) => sum + t.input, 0),
      outputTokens: used.reduce((sum, t) => sum + t.output, 0),
      refunded: charged.length > 0 && charged.every((e) => e.refundedAt !== null),
    });
  }
  return { closing, costs };
}
