import { describe, expect, it } from 'vitest';
import { isRevisionBuilding, REVISION_STATUSES, type RevisionStatus } from './enums';
import { isKilnError } from './errors';
import {
  defineLifecycle,
  JOB_LIFECYCLE,
  type Lifecycle,
  PROJECT_GROUP_REVISION_STATUS_LIFECYCLE,
  PUBLISH_LIFECYCLE,
  REVISION_STATUS_LIFECYCLE,
  RUN_LIFECYCLE,
  SANDBOX_LIFECYCLE,
} from './lifecycles';

/** Every pair (from, to) of a lifecycle, with whether the table says it is allowed. */
function pairs<S extends string>(lc: Lifecycle<S>, allowed: readonly string[]): [S, S, boolean][] {
  return lc.states.flatMap((from) =>
    lc.states.map((to): [S, S, boolean] => [from, to, allowed.includes(`${from}>${to}`)]),
  );
}

function checkAll<S extends string>(lc: Lifecycle<S>, allowed: readonly string[]) {
  it.each(pairs(lc, allowed))(`${lc.name}: %s → %s allowed=%s`, (from, to, ok) => {
    expect(lc.canTransition(from, to)).toBe(ok);
    if (ok) {
      expect(lc.transition(from, to)).toBe(to);
    } else {
      let error: unknown;
      try {
        lc.transition(from, to);
      } catch (e) {
        error = e;
      }
      expect(isKilnError(error) && error.kind).toBe('conflict');
      expect((error as Error).message).toBe(`Cannot move ${lc.name} from ${from} to ${to}`);
    }
  });
}

describe('run lifecycle: RUNNING ends in FINISHED, CANCELED or FAILED', () => {
  checkAll(RUN_LIFECYCLE, ['RUNNING>FINISHED', 'RUNNING>CANCELED', 'RUNNING>FAILED']);
  it('starts RUNNING; the end states are terminal', () => {
    expect(RUN_LIFECYCLE.initial).toBe('RUNNING');
    expect(RUN_LIFECYCLE.terminal).toEqual(['CANCELED', 'FINISHED', 'FAILED']);
  });
});

describe('job lifecycle: PENDING, RUNNING, then an end state', () => {
  checkAll(JOB_LIFECYCLE, [
    'PENDING>RUNNING',
    'RUNNING>COMPLETED',
    'RUNNING>FAILED',
    'RUNNING>SYSTEM_FAILED',
    'RUNNING>STALLED',
  ]);
  it('starts PENDING', () => {
    expect(JOB_LIFECYCLE.initial).toBe('PENDING');
    expect(JOB_LIFECYCLE.next('RUNNING')).toEqual(['COMPLETED', 'FAILED', 'SYSTEM_FAILED', 'STALLED']);
    expect(JOB_LIFECYCLE.isTerminal('STALLED')).toBe(true);
    expect(JOB_LIFECYCLE.isTerminal('RUNNING')).toBe(false);
  });
});

describe('sandbox lifecycle: BOOTING, STARTING, RUNNING, STOPPING, STOPPED (and boot again)', () => {
  checkAll(SANDBOX_LIFECYCLE, [
    'BOOTING>STARTING',
    'STARTING>RUNNING',
    'RUNNING>STOPPING',
    'STOPPING>STOPPED',
    'STOPPED>BOOTING',
  ]);
  it('has no terminal state', () => {
    expect(SANDBOX_LIFECYCLE.terminal).toEqual([]);
  });
});

describe('publish lifecycle: UNPUBLISHED, PUBLISHING, PUBLISHED', () => {
  checkAll(PUBLISH_LIFECYCLE, [
    'UNPUBLISHED>PUBLISHING',
    'PUBLISHING>PUBLISHED',
    'PUBLISHING>UNPUBLISHED',
    'PUBLISHED>PUBLISHING',
    'PUBLISHED>UNPUBLISHED',
  ]);
});

describe('revision status lifecycle: the building/finished split', () => {
  const waiting: RevisionStatus[] = ['QUEUED', 'CREATED', 'ENHANCING_PROMPT'];
  const allowed = REVISION_STATUSES.flatMap((from) =>
    REVISION_STATUSES.filter(
      (to) => to !== from && (isRevisionBuilding(from) || waiting.includes(from) || isRevisionBuilding(to)),
    ).map((to) => `${from}>${to}`),
  );
  checkAll(REVISION_STATUS_LIFECYCLE, allowed);

  it.each<[RevisionStatus, RevisionStatus, boolean]>([
    ['QUEUED', 'ENHANCING_PROMPT', true],
    ['ENHANCING_PROMPT', 'BUILDING', true],
    ['BUILDING', 'BUILDING_UI', true],
    ['BUILDING_UI', 'BUILDING_FUNCTIONALITY', true],
    ['BUILDING_FUNCTIONALITY', 'VALID', true],
    ['BUILDING', 'INVALID_CODE', true],
    ['INVALID_CODE', 'BUILDING', true],
    ['VALID', 'INVALID', false],
    ['FAILED', 'VALID', false],
    ['VALID', 'VALID', false],
  ])('%s → %s: %s', (from, to, ok) => {
    expect(REVISION_STATUS_LIFECYCLE.canTransition(from, to)).toBe(ok);
  });
});

describe('project-group revision status lifecycle', () => {
  checkAll(PROJECT_GROUP_REVISION_STATUS_LIFECYCLE, [
    'CREATED>INVALID_PROMPT',
    'CREATED>VALID',
    'CREATED>INVALID',
    'CREATED>BUILDING',
    'BUILDING>INVALID_PROMPT',
    'BUILDING>CREATED',
    'BUILDING>VALID',
    'BUILDING>INVALID',
    'VALID>BUILDING',
    'INVALID>BUILDING',
    'INVALID_PROMPT>BUILDING',
  ]);
});

describe('defineLifecycle', () => {
  it('rejects states it does not know', () => {
    const lc = defineLifecycle('door', ['OPEN', 'CLOSED'] as const, 'CLOSED', {
      OPEN: ['CLOSED'],
      CLOSED: ['OPEN'],
    });
    expect(lc.canTransition('OPEN' as never, 'AJAR' as never)).toBe(false);
    expect(lc.canTransition('AJAR' as never, 'OPEN' as never)).toBe(false);
    expect(lc.next('AJAR' as never)).toEqual([]);
  });
});
