/**
 * One generation: builds the prompt, streams the provider's tagged reply through the output parser,
 * continues a reply cut off at the token limit, answers its tool calls (up to two rounds, each a new provider
 * request that continues the same reply), retries edits that did not apply once, and yields
 * `GenerationEvent`s that end with exactly one `done`.
 *
 * This file is the controller: everything that talks to the provider. What each parsed block does to the
 * project (files, edits, deletes, renames, migrations, message blocks, problems) is the pure block reducer
 * (`block-reducer.ts`) over the run's state (`generation-state.ts`); tool answers are `tool-calls.ts`, the
 * missed-edit retry request `edit-retry.ts`.
 * @module
 */

import { isAuthPageModuleType, isKilnError } from '@kiln/core';
import { reduceBlocks, toolStatus } from './block-reducer.ts';
import { detectAppType } from './detect-app-type.ts';
import { missedEditProblem, retryRequest, stillMissedAfterRetry } from './edit-retry.ts';
import { parseForeignReply } from './foreign-formats.ts';
import {
  initialRunState,
  MAX_CONTINUATIONS,
  type RunContext,
  type RunState,
  resolveBlocks,
  type ToolCall,
} from './generation-state.ts';
import type { NpmDocs } from './library-docs.ts';
import type { ParsedBlockEvent } from './output-parser.ts';
import { createOutputParser } from './output-parser.ts';
import { buildPrompt, requestAction } from './prompt.ts';
import { loadProseTailParser } from './prose-tail.ts';
import type { ProviderStream } from './providers/provider-stream.ts';
import { reportedUsage } from './providers/provider-stream.ts';
import { deterministicRepair } from './repairs.ts';
import { answerToolCall, offeredTools, toolResult, WEB_SEARCH_PROMPT } from './tool-calls.ts';
import type {
  GenerateRequest,
  GenerationEvent,
  GenToolStatus,
  GenWebSearch,
  ModelProvider,
  ProviderMessage,
  Usage,
} from './types.ts';
import { estimateTokens } from './usage.ts';

export { MAX_CONTINUATIONS } from './generation-state.ts';
export { WEB_SEARCH_PROMPT } from './tool-calls.ts';

/**
 * Rounds of tool calls `generate` answers in one generation; a call after that is not answered and the
 * generation ends with what it has.
 */
export const MAX_TOOL_ROUNDS = 2;

/** What a continue request says after a reply cut off at the token limit. */
export const CONTINUE_MESSAGE =
  'Your reply was cut off at your output limit. Continue exactly where it stopped, without repeating anything, as if you had never stopped (the text you send is appended to what you wrote).';

/** Options of `generate`. */
export interface GenerateOptions {
  signal?: AbortSignal;
  /** Overrides the context budget (default: the provider's, else 24 000 tokens). */
  budgetTokens?: number;
  /** Answers the model's `web_search` calls; absent (default): the tool is not offered. */
  webSearch?: GenWebSearch;
  /**
   * Documentation of npm packages outside the catalogue (their README and type declarations), asked for the
   * names `package_documentation` does not know; absent: those are answered as not available.
   */
  npmDocs?: NpmDocs;
}

/**
 * One generation's run: its state (replaced by each reducer step, never changed in place) and the usage it
 * has summed. `feed` runs parser events through the block reducer and yields what each step yields.
 */
class GenerationRun {
  state: RunState;
  readonly usage: Usage = { inputTokens: 0, outputTokens: 0 };

  constructor(
    req: GenerateRequest,
    readonly ctx: RunContext,
  ) {
    this.state = initialRunState(req);
  }

  *feed(evs: Iterable<ParsedBlockEvent>): Generator<GenerationEvent> {
    const step = reduceBlocks(this.state, evs, this.ctx);
    this.state = step.state;
    yield* step.events;
  }

  *tool(call: ToolCall, status: GenToolStatus, output?: string): Generator<GenerationEvent> {
    const step = toolStatus(this.state, call, status, this.ctx, output);
    this.state = step.state;
    yield* step.events;
  }

  set(patch: Partial<RunState>): void {
    this.state = { ...this.state, ...patch };
  }

  /** Takes the tool calls not answered yet out of the state. */
  takePendingCalls(): readonly ToolCall[] {
    const calls = this.state.pendingCalls;
    this.set({ pendingCalls: [] });
    return calls;
  }

  addUsage(round: Usage): void {
    this.usage.inputTokens += round.inputTokens;
    this.usage.outputTokens += round.outputTokens;
  }
}

/**
 * Streams one generation for `req` from `provider`. Provider errors are thrown; an aborted `signal` stops
 * reading and ends with a `done` marked `aborted` that holds everything received so far. `budgetTokens`
 * overrides the context budget (default: the provider's, else 24 000 tokens; see `buildPrompt`).
 *
 * A FIX_CHANGE first tries the deterministic repairs (`deterministicRepair`): when one repairs the failing
 * module, its reply streams through the same parser and events instead of the provider's, the provider is
 * never called, and `usage` is zero.
 *
 * A reply that ends with unanswered `<kiln:tool-call>`s gets their answers (`<kiln:tool-result>`) in a new
 * user message after the reply, and the provider is asked again; the parser and modules carry on, and
 * `usage` sums every request. At most `MAX_TOOL_ROUNDS` rounds.
 */
export async function* generate(
  req: GenerateRequest,
  provider: ModelProvider,
  opts: GenerateOptions = {},
): AsyncIterable<GenerationEvent> {
  const action = requestAction(req);
  const repair = action === 'FIX_CHANGE' ? deterministicRepair(req) : null;
  const { system, messages } = repair ? { system: '', messages: [] } : promptFor(req, provider, opts);
  const run = new GenerationRun(req, {
    canAskAgain: provider.id !== 'builtin' && !repair,
    appliedMigrations: new Set(req.database?.migrations ?? []),
    tools: offeredTools(opts.webSearch),
  });
  const { canAskAgain } = run.ctx;
  const parser = createOutputParser();
  const signal = opts.signal;

  // The tsx grammar that finds where a block without its closer ends (models' replies only).
  if (canAskAgain) await loadProseTailParser();
  if (action === 'INITIAL') yield { type: 'status', status: 'ENHANCING_PROMPT' };
  yield { type: 'status', status: 'BUILDING' };

  let aborted = signal?.aborted ?? false;
  const conversation: ProviderMessage[] = [...messages];
  let toolRounds = 0;
  let continuations = 0;
  let reply = '';
  let failedContinue = false;
  while (!aborted) {
    reply = '';
    const stream = repair
      ? chunked(repair.reply)
      : provider.stream(
          signal ? { system, messages: [...conversation], signal } : { system, messages: [...conversation] },
        );
    try {
      for await (const chunk of stream) {
        reply += chunk;
        yield* run.feed(parser.push(chunk));
        if (signal?.aborted) break;
      }
    } catch (e) {
      // Providers throw an AbortError when cancelled; that is a cancellation, not a failure. A continue
      // request that fails leaves the reply cut off (reported), not the generation lost.
      if (!signal?.aborted && !(continuations > 0 && isKilnError(e))) throw e;
      if (!signal?.aborted) failedContinue = true;
    }
    aborted = signal?.aborted ?? false;
    // Real providers report tokens; the builtin generator does not, so its usage is estimated (chars / 4).
    // A deterministic repair called no model: it uses nothing.
    const reported = repair ? { inputTokens: 0, outputTokens: 0 } : await reportedUsage(stream);
    run.addUsage(
      reported ?? {
        inputTokens: estimateTokens(system + conversation.map((m) => m.content).join('')),
        outputTokens: estimateTokens(reply),
      },
    );
    if (aborted) break;
    if (failedContinue) {
      run.set({ cutOff: true });
      break;
    }
    // A reply cut off at the token limit: ask the model to go on; the parser carries on inside the open block.
    if ((await finishReasonOf(stream)) === 'length') {
      if (canAskAgain && continuations < MAX_CONTINUATIONS) {
        continuations++;
        conversation.push({ role: 'assistant', content: reply }, { role: 'user', content: CONTINUE_MESSAGE });
        continue;
      }
      run.set({ cutOff: true });
      break;
    }
    // The reply ended: a block it left open (a tool call without its closer) ends with it.
    yield* run.feed(parser.endReply());
    if (repair || run.state.pendingCalls.length === 0) break;
    const results = yield* answerCalls(run, run.takePendingCalls(), ++toolRounds, req, opts);
    if (!results) break;
    conversation.push({ role: 'assistant', content: reply }, { role: 'user', content: results.join('\n') });
    aborted = signal?.aborted ?? false;
    // The next reply's chat text starts on a line of its own.
    if (run.state.message.trim() && !run.state.message.endsWith('\n')) {
      run.set({ message: `${run.state.message}\n` });
      yield { type: 'text', text: '\n' };
    }
  }
  yield* endParse(run, parser, !aborted && !repair);

  // One retry for edits that did not apply: the model gets the files as they are and rewrites them.
  // A discussion applies nothing, so its missed edits are never worth another request.
  if (!aborted && canAskAgain && action !== 'DISCUSSION' && run.state.missedEdits.length > 0) {
    yield* retryMissedEdits(
      run,
      provider,
      system,
      [...conversation, { role: 'assistant', content: reply }],
      signal,
    );
    aborted = signal?.aborted ?? false;
  }
  yield doneEvent(run, req, action, aborted);
}

/**
 * Answers one round of tool calls (round 1, 2…), yielding their events; returns the `<kiln:tool-result>`s to
 * send, or null past `MAX_TOOL_ROUNDS` (then each call is an error, not answered).
 */
async function* answerCalls(
  run: GenerationRun,
  calls: readonly ToolCall[],
  round: number,
  req: GenerateRequest,
  opts: GenerateOptions,
): AsyncGenerator<GenerationEvent, string[] | null> {
  if (round > MAX_TOOL_ROUNDS) {
    for (const call of calls) {
      yield* run.tool(
        call,
        'error',
        `Not answered: a generation may look documentation up in at most ${MAX_TOOL_ROUNDS} rounds.`,
      );
    }
    return null;
  }
  const results: string[] = [];
  // read_file and grep_codebase read the project as the reply has changed it so far.
  const now = { ...req, modules: [...run.state.modules.values()] };
  for (const call of calls) {
    const answer = await answerToolCall(call, run.ctx.tools, now, opts);
    results.push(toolResult(call, answer));
    yield* run.tool(call, answer.status, answer.output);
  }
  return results;
}

/**
 * The replies are over: blocks still open end (a reply cut off for good is a `truncated` problem), calls the
 * abort left unanswered are cancelled, and with `foreign` a reply without any Kiln block that changes the
 * project is read for another tool's format (bolt, Dyad, fenced files, aider).
 */
function* endParse(
  run: GenerationRun,
  parser: ReturnType<typeof createOutputParser>,
  foreign: boolean,
): Generator<GenerationEvent> {
  const before = run.state.problems.length;
  yield* run.feed(parser.end());
  if (run.state.cutOff && !run.state.problems.slice(before).some((p) => p.kind === 'truncated')) {
    run.set({
      problems: [
        ...run.state.problems,
        {
          kind: 'truncated',
          message: `The model's reply was cut off at its output limit${run.ctx.canAskAgain ? `, even after asking it to continue ${MAX_CONTINUATIONS} times` : ''}; the rest of what it meant to write is missing.`,
        },
      ],
    });
  }
  for (const call of run.takePendingCalls()) yield* run.tool(call, 'cancelled');
  if (!foreign || run.state.sawBlock) return;
  const read = parseForeignReply(run.state.message);
  if (read) {
    run.set({ message: read.text });
    yield* run.feed(read.events);
  }
}

/** The system prompt and messages of a provider request (the context budget applied; web search offered). */
function promptFor(
  req: GenerateRequest,
  provider: ModelProvider,
  opts: GenerateOptions,
): { system: string; messages: ProviderMessage[] } {
  const budgetTokens = opts.budgetTokens ?? provider.contextBudgetTokens;
  const built = buildPrompt(req, budgetTokens !== undefined ? { budgetTokens } : {});
  const system = opts.webSearch && built.system ? `${built.system}\n\n${WEB_SEARCH_PROMPT}` : built.system;
  return { system, messages: built.messages };
}

/**
 * The one retry request for missed edits: the conversation so far, then a user message listing what failed
 * with each file as it is. Files and edits in its reply are applied; a retry cut off at the token limit is
 * not continued (the block it was writing is not applied), and a retry that fails leaves the edits missed.
 */
async function* retryMissedEdits(
  run: GenerationRun,
  provider: ModelProvider,
  system: string,
  conversation: ProviderMessage[],
  signal: AbortSignal | undefined,
): AsyncGenerator<GenerationEvent> {
  const missed = run.state.missedEdits;
  run.set({ missedEdits: [], retrying: true });
  const retryParser = createOutputParser();
  const retryConversation: ProviderMessage[] = [
    ...conversation,
    { role: 'user', content: retryRequest(missed, run.state.modules) },
  ];
  try {
    const stream = provider.stream(
      signal ? { system, messages: retryConversation, signal } : { system, messages: retryConversation },
    );
    let retryReply = '';
    for await (const chunk of stream) {
      retryReply += chunk;
      yield* run.feed(retryParser.push(chunk));
      if (signal?.aborted) break;
    }
    if ((await finishReasonOf(stream)) === 'length') run.set({ cutOff: true, retryCutOff: true });
    if (!signal?.aborted) yield* run.feed(retryParser.end());
    const reported = await reportedUsage(stream);
    run.addUsage({
      inputTokens:
        reported?.inputTokens ?? estimateTokens(system + retryConversation.map((m) => m.content).join('')),
      outputTokens: reported?.outputTokens ?? estimateTokens(retryReply),
    });
  } catch (e) {
    // A failed retry leaves the edits reported, as without one; a cancellation ends the generation.
    if (!signal?.aborted && !isKilnError(e)) throw e;
  }
  run.set({
    retrying: false,
    missedEdits: stillMissedAfterRetry(missed, run.state.missedEdits, run.state.retried),
  });
}

/** The one `done` event: the run's final state, with every missed edit reported as a problem. */
function doneEvent(
  run: GenerationRun,
  req: GenerateRequest,
  action: ReturnType<typeof requestAction>,
  aborted: boolean,
): Extract<GenerationEvent, { type: 'done' }> {
  const { state, usage } = run;
  const problems = [
    ...state.problems,
    ...state.missedEdits.map((m) => missedEditProblem(m, run.ctx.canAskAgain)),
  ];
  const done: Extract<GenerationEvent, { type: 'done' }> = {
    type: 'done',
    modules: [...state.modules.values()].map((m) => ({ ...m })),
    message: state.message
      .replace(/[ \t]+\n/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim(),
    blocks: resolveBlocks(state.slots, req.modules, state.modules),
    usage,
  };
  if (action === 'INITIAL' || req.modules.length === 0) {
    const appType = detectAppType(req.prompt);
    if (appType) done.appType = appType;
  }
  if (state.migrations.length > 0) done.migrations = state.migrations.map((m) => ({ ...m }));
  if (state.missedEdits.length > 0) done.missedEdits = [...state.missedEdits];
  if (problems.length > 0) done.problems = problems;
  if (aborted) done.aborted = true;
  if (done.modules.some((m) => isAuthPageModuleType(m.moduleType))) done.withCustomAuth = true;
  if (state.walk) done.walk = [...state.walk];
  return done;
}

/** Why a provider's stream ended (`length`: cut off at the output-token limit), or null when it did not say. */
async function finishReasonOf(stream: AsyncIterable<string>): Promise<string | null> {
  const reason = (stream as Partial<ProviderStream>).finishReason;
  return reason instanceof Promise ? await reason : null;
}

/** A repair's reply in chunks the size a provider streams, so drafts and text arrive as they would. */
async function* chunked(reply: string, size = 64): AsyncIterable<string> {
  for (let i = 0; i < reply.length; i += size) yield reply.slice(i, i + size);
}
