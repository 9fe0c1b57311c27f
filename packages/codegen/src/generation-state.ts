/**
 * The state of one generation run (`generate`): the modules as the reply has changed them so far, the chat
 * message, what the reply did (its message-block slots), the problems and missed edits it left, its
 * migrations and unanswered tool calls. `block-reducer.ts` moves it forward one parser event at a time;
 * `generate.ts` drives the provider and turns the final state into the `done` event.
 *
 * The state is immutable: every step returns a new object and leaves the previous one as it was, so a step
 * can be tested as a table of (state, event) → (state, events).
 * @module
 */

import { isAuthPageModuleType, moduleName } from '@kiln/core';
import { blockKindOf } from './block-kinds.ts';
import type {
  GenerateRequest,
  GenerationProblem,
  GenMigration,
  GenModule,
  GenToolKind,
  MessageBlock,
  MissedEdit,
} from './types.ts';
import type { VerifyWalkStep } from './verify-walk.ts';

/**
 * Continue requests `generate` makes for a reply that stopped at the model's output-token limit
 * (finish reason `length`); after that the cut-off block is reported as a `truncated` problem.
 */
export const MAX_CONTINUATIONS = 2;

/**
 * One entry of what the reply did, in order: a message block, or a module placeholder resolved at the end
 * against the request's modules (created, edited, deleted, or no change at all; `resolveBlocks`).
 */
export type Slot = MessageBlock | { kind: 'module'; filePath: string };

/** A tool call whose block ended; `slot` is the index of its message block (offered tools only). */
export interface ToolCall {
  readonly name: string;
  readonly input: string;
  readonly slot?: number;
}

/** What a run knows from the start and never changes: the reducer's fixed inputs. */
export interface RunContext {
  /** The models' own providers get retries and continue requests; the builtin generator never needs them. */
  readonly canAskAgain: boolean;
  /** Migration names the request's database has applied already (`database.migrations`). */
  readonly appliedMigrations: ReadonlySet<string>;
  /** The tools this generation offers, by the name a model calls them. */
  readonly tools: readonly GenToolKind[];
}

/** Everything one generation has done so far. Never mutated: each step makes a new one. */
export interface RunState {
  /** The project's modules after the changes so far, in the order they were first seen. */
  readonly modules: ReadonlyMap<string, GenModule>;
  /** The chat text so far (untrimmed). */
  readonly message: string;
  /** What the reply did, in order (`done.blocks` once resolved). */
  readonly slots: readonly Slot[];
  /** Paths that have a module slot already (a module gets one block, at its first write or delete). */
  readonly touched: ReadonlySet<string>;
  /** The index in `slots` of the thinking block still streaming, or -1. */
  readonly thinking: number;
  readonly problems: readonly GenerationProblem[];
  readonly missedEdits: readonly MissedEdit[];
  readonly migrations: readonly GenMigration[];
  /** Tool calls whose block ended and that were not answered yet. */
  readonly pendingCalls: readonly ToolCall[];
  /** The model's `<kiln:verify>` walk, if it wrote one (verify-walk.ts). */
  readonly walk: readonly VerifyWalkStep[] | undefined;
  /**
   * Whether a Kiln block that changes the project (file, edit, delete, rename, migration) was seen: without
   * one, foreign formats are tried on the chat text (a reply may think in Kiln tags and write fenced files).
   */
  readonly sawBlock: boolean;
  readonly sawUi: boolean;
  readonly sawFunctionality: boolean;
  /** The module a whole-file block started from, restored when the block is cut off. */
  readonly fileBase: { readonly path: string; readonly module: GenModule | undefined } | null;
  /** The content of the module an edit block started from, so partial edits re-apply to the same base. */
  readonly editBase: { readonly path: string; readonly content: string | null } | null;
  /** True while the one retry request for missed edits streams: files it writes are recorded in `retried`. */
  readonly retrying: boolean;
  readonly retried: ReadonlySet<string>;
  /** True once the reply was cut off for good (no continue request left): open blocks are not applied. */
  readonly cutOff: boolean;
  /** True when the retry reply (which is never continued) was the one cut off. */
  readonly retryCutOff: boolean;
}

/** The state before the reply: the request's modules (auth pages flagged `withCustomAuth`) and nothing done. */
export function initialRunState(req: Pick<GenerateRequest, 'modules'>): RunState {
  return {
    modules: new Map(
      req.modules.map((m) => [
        m.filePath,
        isAuthPageModuleType(m.moduleType) ? { ...m, withCustomAuth: true } : { ...m },
      ]),
    ),
    message: '',
    slots: [],
    touched: new Set(),
    thinking: -1,
    problems: [],
    missedEdits: [],
    migrations: [],
    pendingCalls: [],
    walk: undefined,
    sawBlock: false,
    sawUi: false,
    sawFunctionality: false,
    fileBase: null,
    editBase: null,
    retrying: false,
    retried: new Set(),
    cutOff: false,
    retryCutOff: false,
  };
}

/**
 * The message blocks of a reply from its slots: thinking trimmed (empty dropped), each module the reply wrote or
 * deleted compared with the request's modules (`created`, `edited`, `deleted`; one whose content and type
 * came back unchanged, or that was created and deleted again, is left out).
 */
export function resolveBlocks(
  slots: readonly Slot[],
  requestModules: readonly GenModule[],
  after: ReadonlyMap<string, GenModule>,
): MessageBlock[] {
  const before = new Map(requestModules.map((m) => [m.filePath, m]));
  const blocks: MessageBlock[] = [];
  for (const slot of slots) {
    if (slot.kind === 'module') {
      const old = before.get(slot.filePath);
      const now = after.get(slot.filePath);
      const module = now ?? old;
      if (!module || (old && now && old.content === now.content && old.moduleType === now.moduleType))
        continue;
      blocks.push({
        kind: blockKindOf(module.moduleType),
        filePath: slot.filePath,
        name: moduleName(slot.filePath),
        moduleType: module.moduleType,
        change: !old ? 'created' : now ? 'edited' : 'deleted',
      });
    } else if (slot.kind === 'thinking') {
      const text = slot.text.trim();
      if (text) blocks.push({ kind: 'thinking', text });
    } else if (slot.kind === 'choices') blocks.push({ kind: 'choices', choices: [...slot.choices] });
    else blocks.push({ ...slot });
  }
  return blocks;
}
