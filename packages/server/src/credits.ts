/**
 * @module Credits: a ledger per organisation of deposits (the spec's deposit reasons), the plan's periodic
 * refill, and transactions (the spec's usage types). Generation is charged START_GENERATION when queued
 * (refused up front with plan_limit when the balance is too low) and GENERATION_USAGE per thousand tokens when
 * it ends; a failed generation, or a fix that did not fix, is refunded in full. Every entry is also an event.
 */
import {
  CREDIT_DEPOSIT_REASONS,
  type CreditDepositReason,
  type CreditTransactionType,
  type EventLogType,
  KilnError,
  type OrganizationPlan,
} from '@kiln/core';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from './db/index';
import { creditLedger, eventLog, organizations } from './db/schema';
import { newId } from './ids';
import { SERVER_MESSAGES as M } from './messages';
import { requireRole } from './permissions';
import type { User } from './user';

/** Credits each plan gets per refill period (Kiln's choice; the spec names plans, not amounts). */
export const PLAN_REFILL_CREDITS: Record<OrganizationPlan, number> = {
  FREE: 100,
  FREE_USAGE: 100,
  PRO: 1000,
  PRO_USAGE: 1000,
  BUSINESS: 5000,
  ENTERPRISE: 20000,
};
export const REFILL_PERIOD_MS = 30 * 86_400_000;
/** What queuing a generation costs, and how many tokens one usage credit buys. */
export const START_GENERATION_COST = 1;
export const TOKENS_PER_CREDIT = 1000;

async function logEvent(
  db: Db,
  organizationId: string,
  type: EventLogType,
  amount: number,
  details?: object,
) {
  await db.insert(eventLog).values({
    id: newId(),
    organizationId,
    type,
    amount,
    details: (details ?? null) as Record<string, unknown> | null,
  });
}

/** The plan's refill, when none has run or the last is a period old. Call inside a transaction. */
export async function grantRefill(db: Db, organizationId: string, now = new Date()): Promise<number> {
  const [org] = await db
    .select()
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('update');
  if (!org) return 0;
  if (org.refilledAt && now.getTime() - org.refilledAt.getTime() < REFILL_PERIOD_MS) return 0;
  const amount = PLAN_REFILL_CREDITS[org.plan as OrganizationPlan] ?? 0;
  await db
    .insert(creditLedger)
    .values({ id: newId(), organizationId, entry: 'REFILL', type: org.plan, amount });
  await db.update(organizations).set({ refilledAt: now }).where(eq(organizations.id, organizationId));
  await logEvent(db, organizationId, org.refilledAt ? 'PERIODIC_REFILL_CREDITS' : 'REFILL_CREDITS', amount);
  return amount;
}

/** The organisation's balance: every entry not refunded. */
export async function creditBalance(db: Db, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${creditLedger.amount}), 0)::int` })
    .from(creditLedger)
    .where(and(eq(creditLedger.organizationId, organizationId), isNull(creditLedger.refundedAt)));
  return row?.total ?? 0;
}

/** Charge a usage type; with `requireBalance` refuse (plan_limit) when the balance cannot cover it. */
export async function charge(
  db: Db,
  input: {
    organizationId: string;
    type: CreditTransactionType;
    amount: number;
    revisionId?: string;
    userId?: string;
    details?: Record<string, unknown>;
    requireBalance?: boolean;
  },
): Promise<void> {
  await grantRefill(db, input.organizationId);
  if (input.requireBalance) {
    const balance = await creditBalance(db, input.organizationId);
    if (balance < input.amount) throw new KilnError('plan_limit', M.notEnoughCredits(balance, input.amount));
  }
  if (input.amount <= 0) return;
  await db.insert(creditLedger).values({
    id: newId(),
    organizationId: input.organizationId,
    entry: 'TRANSACTION',
    type: input.type,
    amount: -input.amount,
    revisionId: input.revisionId ?? null,
    userId: input.userId ?? null,
    details: input.details ?? null,
  });
  await logEvent(db, input.organizationId, input.type, -input.amount, {
    revisionId: input.revisionId,
    ...input.details,
  });
}

/** Usage credits for a number of tokens (rounded up; zero tokens cost nothing). */
export const usageCredits = (tokens: number): number => Math.ceil(Math.max(0, tokens) / TOKENS_PER_CREDIT);

/** Refund everything charged for a revision's generation. */
export async function refundRevision(db: Db, organizationId: string, revisionId: string): Promise<number> {
  const refunded = await db
    .update(creditLedger)
    .set({ refundedAt: new Date() })
    .where(
      and(
        eq(creditLedger.organizationId, organizationId),
        eq(creditLedger.revisionId, revisionId),
        eq(creditLedger.entry, 'TRANSACTION'),
        isNull(creditLedger.refundedAt),
      ),
    )
    .returning();
  const amount = refunded.reduce((sum, r) => sum - r.amount, 0);
  if (amount > 0) await logEvent(db, organizationId, 'DEPOSIT_CREDITS', amount, { refundOf: revisionId });
  return amount;
}

/** Refund the web searches charged to a discussion (plan mode: WEB_SEARCH_USAGE with its question's id). */
export async function refundDiscussionSearches(
  db: Db,
  organizationId: string,
  messageId: string,
): Promise<void> {
  const refunded = await db
    .update(creditLedger)
    .set({ refundedAt: new Date() })
    .where(
      and(
        eq(creditLedger.organizationId, organizationId),
        eq(creditLedger.type, 'WEB_SEARCH_USAGE'),
        eq(creditLedger.entry, 'TRANSACTION'),
        isNull(creditLedger.refundedAt),
        sql`${creditLedger.details}->>'discussionMessageId' = ${messageId}`,
      ),
    )
    .returning({ amount: creditLedger.amount });
  const amount = refunded.reduce((sum, r) => sum - r.amount, 0);
  if (amount > 0) await logEvent(db, organizationId, 'DEPOSIT_CREDITS', amount, { refundOf: messageId });
}

/** A platform ADMIN deposits credits with one of the spec's deposit reasons. */
export async function depositCredits(
  db: Db,
  user: User,
  input: { organizationId: string; amount: number; reason: string },
) {
  if (user.role !== 'ADMIN') throw new KilnError('forbidden', M.forbidden);
  if (!(CREDIT_DEPOSIT_REASONS as readonly string[]).includes(input.reason)) {
    throw new KilnError(
      'validation',
      `Unknown reason ${input.reason}: use one of ${CREDIT_DEPOSIT_REASONS.join(', ')}.`,
    );
  }
  if (!Number.isInteger(input.amount) || input.amount <= 0 || input.amount > 10_000_000) {
    throw new KilnError('validation', 'Deposit a whole number of credits between 1 and 10,000,000.');
  }
  const [org] = await db.select().from(organizations).where(eq(organizations.id, input.organizationId));
  if (!org) throw new KilnError('not_found', M.organizationNotFound);
  await db.insert(creditLedger).values({
    id: newId(),
    organizationId: input.organizationId,
    entry: 'DEPOSIT',
    type: input.reason as CreditDepositReason,
    amount: input.amount,
    userId: user.id,
  });
  await logEvent(db, input.organizationId, 'DEPOSIT_CREDITS', input.amount, { reason: input.reason });
  return creditBalance(db, input.organizationId);
}

/** Balance and recent ledger entries, for members (VIEWER and up). */
export async function creditsOf(db: Db, user: User, organizationId: string, limit = 50) {
  await requireRole(db, organizationId, user.id, 'VIEWER');
  await db.transaction((tx) => grantRefill(tx as unknown as Db, organizationId));
  const entries = await db
    .select()
    .from(creditLedger)
    .where(eq(creditLedger.organizationId, organizationId))
    .orderBy(desc(creditLedger.createdAt))
    .limit(Math.min(Math.max(1, limit), 500));
  return { balance: await creditBalance(db, organizationId), entries };
}

export async function eventsOf(db: Db, user: User, organizationId: string, limit = 50) {
  await requireRole(db, organizationId, user.id, 'ADMIN');
  return db
    .select()
    .from(eventLog)
    .where(eq(eventLog.organizationId, organizationId))
    .orderBy(desc(eventLog.createdAt))
    .limit(Math.min(Math.max(1, limit), 500));
}
