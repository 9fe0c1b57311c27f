/**
 * Plan mode's decisions in the builder: which answers offer "Implement this plan", and what it sends.
 */
import { DISCUSSION_NOT_APPLIED_NOTE, DISCUSSION_STOPPED, IMPLEMENT_PLAN_PREFIX, MESSAGES } from '@kiln/core';
import { describe, expect, it } from 'vitest';
import { awaitingDiscussion, implementable, implementPlanMessage } from '../src/discussion.ts';

describe('plan mode', () => {
  it('offers Implement this plan under an answer, never under a question, a build, a failure or a stop', () => {
    const answer = { role: 'assistant', mode: 'DISCUSSION', text: '1. Add tags.' };
    expect(implementable(answer)).toBe(true);
    expect(implementable({ ...answer, role: 'user' })).toBe(false);
    expect(implementable({ ...answer, text: DISCUSSION_STOPPED })).toBe(false);
    expect(implementable({ ...answer, mode: 'CHAT' })).toBe(false);
    expect(
      implementable({ ...answer, text: `${MESSAGES.somethingWentWrong} The model stopped responding.` }),
    ).toBe(false);
  });

  it('sends the plan after the prefix, without the note that the reply was not applied', () => {
    expect(implementPlanMessage(`1. Add tags.\n2. Show them.\n\n${DISCUSSION_NOT_APPLIED_NOTE}`)).toBe(
      `${IMPLEMENT_PLAN_PREFIX}\n\n1. Add tags.\n2. Show them.`,
    );
  });

  it('waits while the newest message is an unanswered question', () => {
    expect(awaitingDiscussion([{ role: 'user', mode: 'DISCUSSION' }])).toBe(true);
    expect(
      awaitingDiscussion([
        { role: 'user', mode: 'DISCUSSION' },
        { role: 'assistant', mode: 'DISCUSSION' },
      ]),
    ).toBe(false);
    expect(awaitingDiscussion(undefined)).toBe(false);
  });
});
