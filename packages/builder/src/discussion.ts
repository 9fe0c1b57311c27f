/**
 * @module Plan mode in the builder: whether a discussion question still waits for its answer, and the message
 * "Implement this plan" sends (a CHAT carrying the plan, core's IMPLEMENT_PLAN_PREFIX first).
 */
import { DISCUSSION_NOT_APPLIED_NOTE, DISCUSSION_STOPPED, IMPLEMENT_PLAN_PREFIX, MESSAGES } from '@kiln/core';

/** True while the newest message is a DISCUSSION question without its answer (the server is thinking). */
export function awaitingDiscussion(messages: readonly { role: string; mode: string }[] | undefined): boolean {
  const last = messages?.at(-1);
  return last?.role === 'user' && last.mode === 'DISCUSSION';
}

/** Whether a message is a discussion answer with a plan to build (not a line saying it failed or was stopped). */
export function implementable(message: { role: string; mode: string; text: string }): boolean {
  return (
    message.role === 'assistant' &&
    message.mode === 'DISCUSSION' &&
    !message.text.startsWith(MESSAGES.somethingWentWrong) &&
    message.text !== DISCUSSION_STOPPED
  );
}

/** The CHAT message that builds a discussion's plan (without the note that the reply's files were not applied). */
export function implementPlanMessage(plan: string): string {
  return `${IMPLEMENT_PLAN_PREFIX}\n\n${plan.replace(DISCUSSION_NOT_APPLIED_NOTE, '').trim()}`;
}
