/**
 * @module Never silent (issue 20): what the worker does with the parts of a reply that were not applied. Codegen
 * reports them in `done.problems` (one per block that did not make it: a missed edit, a path that cannot be
 * made valid, a reply cut off at the token limit, code it could not read) and, before that, `done.missedEdits`.
 * Any of them makes the revision INVALID_CODE (so the automatic fix or Fix it is offered) instead of VALID; the
 * chat lists each one with its reason; the message blocks keep only the modules that really changed.
 */
import type { GenerationEvent, GenerationProblem, MessageBlock, MissedEdit } from '@kiln/codegen';
import { MESSAGES } from '@kiln/core';
import type { CodeFailure } from './autofix';

/** One block of a reply that was not applied in the end. */
export type ReplyProblem = GenerationProblem;

type Done = Extract<GenerationEvent, { type: 'done' }>;

/** How many problems the chat lists one by one; more are counted on one line. */
export const MAX_LISTED_PROBLEMS = 10;

/** A missed edit as a problem, in the chat's words. */
export function missedEditProblem(missed: MissedEdit): ReplyProblem {
  const blocks = missed.missed === 1 ? '1 SEARCH block' : `${missed.missed} SEARCH blocks`;
  const message =
    missed.reason === 'no-file'
      ? 'the edit is for a file that does not exist'
      : missed.reason === 'overlap'
        ? 'its SEARCH blocks overlap'
        : `${blocks} did not match the file`;
  return { kind: 'missed-edit', filePath: missed.filePath, message };
}

/**
 * The problems of a finished generation: `done.problems` when codegen sends them (they already account for
 * its own retries), else every `done.missedEdits` entry.
 */
export function problemsOf(done: Done): ReplyProblem[] {
  const reported = done.problems;
  if (reported) return reported.filter((p) => p.message.trim() !== '');
  return (done.missedEdits ?? []).map(missedEditProblem);
}

/** The chat's list of what was not applied: one line per problem, `path`: reason. Empty when none. */
export function problemsText(problems: readonly ReplyProblem[]): string {
  if (problems.length === 0) return '';
  const listed = problems.slice(0, MAX_LISTED_PROBLEMS).map((p) => {
    const reason = p.message.trim().replace(/\s+/g, ' ');
    return p.filePath ? `- \`${p.filePath}\`: ${reason}` : `- ${reason}`;
  });
  const more = problems.length - listed.length;
  if (more > 0) listed.push(`- and ${more} more`);
  const head =
    problems.length === 1
      ? 'One part of this reply was not applied:'
      : `${problems.length} parts of this reply were not applied:`;
  return [head, ...listed].join('\n');
}

/**
 * What the automatic fix and Fix it are told: the first problem, on its module (or on the module the reply
 * touched first, for a problem without a path, such as a cut-off reply).
 */
export function problemFailure(
  problems: readonly ReplyProblem[],
  fallbackPath: string,
): CodeFailure | undefined {
  const first = problems[0];
  if (!first) return undefined;
  const detail = first.kind === 'truncated' ? first.message : `Not applied: ${first.message}`;
  return { filePath: first.filePath ?? fallbackPath, message: detail };
}

/**
 * The message blocks that describe what really happened: a module block is kept only when the module was
 * created (absent before, present after), edited (present in both, content or type changed) or deleted
 * (present before, absent after), as the block says; anything else is dropped.
 */
export function truthfulBlocks(
  blocks: readonly MessageBlock[],
  before: readonly { filePath: string; moduleType: string; content: string }[],
  after: readonly { filePath: string; moduleType: string; content: string }[],
): MessageBlock[] {
  const was = new Map(before.map((m) => [m.filePath, m]));
  const is = new Map(after.map((m) => [m.filePath, m]));
  return blocks.filter((b) => {
    if (!('filePath' in b)) return true;
    const old = was.get(b.filePath);
    const now = is.get(b.filePath);
    if (b.change === 'created') return !old && now !== undefined;
    if (b.change === 'deleted') return old !== undefined && !now;
    return (
      old !== undefined &&
      now !== undefined &&
      (old.content !== now.content || old.moduleType !== now.moduleType)
    );
  });
}

const PAGE_TYPES = new Set([
  'PAGE',
  'EXPO_PAGE',
  'AUTH_PAGE_SIGN_IN',
  'AUTH_PAGE_SIGN_UP',
  'AUTH_PAGE_LOGOUT',
]);

/**
 * A first generation that wrote modules but no page (say, the whole app as one component): the app would show
 * nothing at any route, so the code is INVALID_CODE and the fix is told to write the home page.
 */
export function missingPageFailure(
  action: string,
  modules: readonly { filePath: string; moduleType: string }[],
): CodeFailure | null {
  if (action !== 'INITIAL' || modules.length === 0) return null;
  if (modules.some((m) => PAGE_TYPES.has(m.moduleType) || m.moduleType === 'FUNCTION')) return null;
  return { filePath: 'apps/web/src/app/page.tsx', message: MESSAGES.appHasNoPage };
}

/**
 * True when a later revision (a chat or a fix) changed no module: its answer then says "No files were changed.",
 * whatever the model's text claims.
 */
export function changedNothing(
  action: string,
  before: readonly { filePath: string; moduleType: string; content: string }[],
  after: readonly { filePath: string; moduleType: string; content: string }[],
  migrations: number,
): boolean {
  if (action === 'INITIAL' || migrations > 0 || before.length !== after.length) return false;
  const was = new Map(before.map((m) => [m.filePath, m]));
  return after.every((m) => {
    const old = was.get(m.filePath);
    return old !== undefined && old.content === m.content && old.moduleType === m.moduleType;
  });
}
