/**
 * @module Plan mode in the builder: whether a discussion question still waits for its answer, and the message
 * "Implement this plan" sends (a CHAT carrying the plan, core's IMPLEMENT_PLAN_PREFIX first).
 */
import { IMPLEMENT_PLAN_PREFIX } from '@kiln/core';

/** True while the newest message is a DISCUSSION question without its answer (the server is thinking). */
export function awaitingDiscussion(messages: readonly { role: string; mode: string }[] | undefined): boolean {
  const last = messages?.at(-1);
  return last?.role === 'user' && last.mode === 'DISCUSSION';
}

/** The CHAT message that builds a discussion's plan. */
export function implementPlanMessage(plan: string): string {
  return `${IMPLEMENT_PLAN_PREFIX}\n\n${plan.trim()}`;
}
