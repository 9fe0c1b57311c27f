/**
 * Lifecycles (spec §4) as small state machines: each lists its allowed transitions; `transition` returns the
 * next state or throws `KilnError('conflict')`. Pure: no clocks, no I/O.
 * @module
 */
import {
  isProjectGroupRevisionBuilding,
  isRevisionBuilding,
  JOB_STATUSES,
  PROJECT_GROUP_REVISION_STATUSES,
  type ProjectGroupRevisionStatus,
  PUBLISH_STATUSES,
  REVISION_STATUSES,
  type RevisionStatus,
  RUN_STATUSES,
  SANDBOX_STATES,
} from './enums';
import { KilnError } from './errors';
import { MESSAGES } from './messages';

export type Lifecycle<S extends string> = {
  /** Name used in error messages ("run", "job", …). */
  readonly name: string;
  readonly states: readonly S[];
  readonly initial: S;
  /** States with no way out. */
  readonly terminal: readonly S[];
  /** Whether `from → to` is allowed. */
  canTransition(from: S, to: S): boolean;
  /** The states reachable from `from` in one step. */
  next(from: S): readonly S[];
  /** Returns `to` when `from → to` is allowed; otherwise throws `KilnError('conflict')`. */
  transition(from: S, to: S): S;
  /** Whether `state` is terminal. */
  isTerminal(state: S): boolean;
};

/** Builds a lifecycle from a table of allowed transitions. */
export function defineLifecycle<S extends string>(
  name: string,
  states: readonly S[],
  initial: S,
  allowed: Readonly<Record<S, readonly S[]>>,
): Lifecycle<S> {
  const terminal = states.filter((s) => allowed[s].length === 0);
  const canTransition = (from: S, to: S) => allowed[from]?.includes(to) ?? false;
  return Object.freeze({
    name,
    states,
    initial,
    terminal,
    canTransition,
    next: (from: S) => allowed[from] ?? [],
    transition(from: S, to: S): S {
      if (!canTransition(from, to)) {
        throw new KilnError('conflict', MESSAGES.invalidTransition(name, from, to), {
          lifecycle: name,
          from,
          to,
        });
      }
      return to;
    },
    isTerminal: (state: S) => terminal.includes(state),
  });
}

/** Run: RUNNING ends in FINISHED, CANCELED or FAILED. */
export const RUN_LIFECYCLE = defineLifecycle('run', RUN_STATUSES, 'RUNNING', {
  RUNNING: ['FINISHED', 'CANCELED', 'FAILED'],
  FINISHED: [],
  CANCELED: [],
  FAILED: [],
});

/** Job: PENDING → RUNNING → COMPLETED, FAILED, SYSTEM_FAILED or STALLED. */
export const JOB_LIFECYCLE = defineLifecycle('job', JOB_STATUSES, 'PENDING', {
  PENDING: ['RUNNING'],
  RUNNING: ['COMPLETED', 'FAILED', 'SYSTEM_FAILED', 'STALLED'],
  COMPLETED: [],
  FAILED: [],
  SYSTEM_FAILED: [],
  STALLED: [],
});

/** Sandbox: BOOTING → STARTING → RUNNING → STOPPING → STOPPED; a stopped sandbox may boot again. */
export const SANDBOX_LIFECYCLE = defineLifecycle('sandbox', SANDBOX_STATES, 'BOOTING', {
  BOOTING: ['STARTING'],
  STARTING: ['RUNNING'],
  RUNNING: ['STOPPING'],
  STOPPING: ['STOPPED'],
  STOPPED: ['BOOTING'],
});

/**
 * Publish: UNPUBLISHED → PUBLISHING → PUBLISHED. A failed publish falls back to UNPUBLISHED, a published
 * app may publish again (its updates) or be unpublished.
 */
export const PUBLISH_LIFECYCLE = defineLifecycle('publish', PUBLISH_STATUSES, 'UNPUBLISHED', {
  UNPUBLISHED: ['PUBLISHING'],
  PUBLISHING: ['PUBLISHED', 'UNPUBLISHED'],
  PUBLISHED: ['PUBLISHING', 'UNPUBLISHED'],
});

/** Statuses a revision waits in before it builds: they may move to any status. */
const REVISION_WAITING_STATUSES: readonly RevisionStatus[] = ['QUEUED', 'CREATED', 'ENHANCING_PROMPT'];

function revisionTargets(from: RevisionStatus): RevisionStatus[] {
  return REVISION_STATUSES.filter((to) => {
    if (to === from) return false;
    if (isRevisionBuilding(from) || REVISION_WAITING_STATUSES.includes(from)) return true;
    return isRevisionBuilding(to);
  });
}

/**
 * Revision status (project), built on the spec's building/finished split: a building status, or a waiting
 * one (QUEUED, CREATED, ENHANCING_PROMPT), may move to any other status; any other finished status may only
 * start building again (a fix or rebuild).
 */
export const REVISION_STATUS_LIFECYCLE = defineLifecycle(
  'revision',
  REVISION_STATUSES,
  'QUEUED',
  Object.fromEntries(REVISION_STATUSES.map((s) => [s, revisionTargets(s)])) as Record<
    RevisionStatus,
    RevisionStatus[]
  >,
);

/**
 * Project-group revision status: BUILDING, or CREATED (not yet built), may move to any other status; any
 * other finished status may only build again.
 */
export const PROJECT_GROUP_REVISION_STATUS_LIFECYCLE = defineLifecycle(
  'project-group revision',
  PROJECT_GROUP_REVISION_STATUSES,
  'CREATED',
  Object.fromEntries(
    PROJECT_GROUP_REVISION_STATUSES.map((from) => [
      from,
      PROJECT_GROUP_REVISION_STATUSES.filter(
        (to) =>
          to !== from &&
          (from === 'CREATED' || isProjectGroupRevisionBuilding(from) || isProjectGroupRevisionBuilding(to)),
      ),
    ]),
  ) as Record<ProjectGroupRevisionStatus, ProjectGroupRevisionStatus[]>,
);
