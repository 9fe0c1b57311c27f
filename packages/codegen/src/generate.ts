/**
 * One generation: builds the prompt, streams the provider's tagged reply through the output parser,
 * applies files, edits, deletes and renames to the request's modules, collects the migrations it writes,
 * answers its `package_documentation` tool calls (up to two rounds, each a new provider request that
 * continues the same reply), records what the reply did as message blocks, and yields `GenerationEvent`s
 * that end with exactly one `done`.
 * @module
 */

import type { ModuleType } from '@kiln/core';
import { isAuthPageModuleType, isKilnError, isModuleType, moduleName, moduleTypeFromPath } from '@kiln/core';
import { applyEdits, EditOverlapError } from './apply-edits.ts';
import { blockKindOf } from './block-kinds.ts';
import { detectAppType } from './detect-app-type.ts';
import { parseForeignReply } from './foreign-formats.ts';
import { type NpmDocs, packageDocumentationWithNpm } from './library-docs.ts';
import { repairModulePath } from './module-path-repair.ts';
import type { ParsedBlockEvent } from './output-parser.ts';
import { createOutputParser } from './output-parser.ts';
import { buildPrompt, requestAction } from './prompt.ts';
import { loadProseTailParser, splitProseTail } from './prose-tail.ts';
import type { ProviderStream } from './providers/provider-stream.ts';
import { reportedUsage } from './providers/provider-stream.ts';
import { deterministicRepair } from './repairs.ts';
import type {
  GenerateRequest,
  GenerationEvent,
  GenerationProblem,
  GenMigration,
  GenModule,
  GenToolKind,
  GenToolStatus,
  GenWebSearch,
  MessageBlock,
  MissedEdit,
  ModelProvider,
  ProviderMessage,
  Usage,
} from './types.ts';
import { estimateTokens } from './usage.ts';
import type { VerifyWalkStep } from './verify-walk.ts';

/**
 * Rounds of tool calls `generate` answers in one generation; a call after that is not answered and the
 * generation ends with what it has.
 */
export const MAX_TOOL_ROUNDS = 2;

/**
 * Continue requests `generate` makes for a reply that stopped at the model's output-token limit
 * (finish reason `length`); after that the cut-off block is reported as a `truncated` problem.
 */
export const MAX_CONTINUATIONS = 2;

/** What a continue request says after a reply cut off at the token limit. */
export const CONTINUE_MESSAGE =
  'Your reply was cut off at your output limit. Continue exactly where it stopped, without repeating anything, as if you had never stopped (the text you send is appended to what you wrote).';

/** The tool a model calls with `<kiln:tool-call name="package_documentation">`. */
const PACKAGE_DOCUMENTATION = 'package_documentation' as const;

/** The tool a model calls with `<kiln:tool-call name="web_search">`, offered only with `webSearch`. */
const WEB_SEARCH = 'web_search' as const;

/** What the system prompt adds when the caller offers web search (`GenerateOptions.webSearch`). */
export const WEB_SEARCH_PROMPT = `# Web search
- <kiln:tool-call name="web_search">stripe checkout session api</kiln:tool-call> searches the web (one query per call; each search costs the user credits): use it only for facts you do not know (a current API, a library's latest usage). End your reply there; the top results (title, url, snippet) come next, then continue.`;

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
  const budgetTokens = opts.budgetTokens ?? provider.contextBudgetTokens;
  const built = repair
    ? { system: '', messages: [] }
    : buildPrompt(req, budgetTokens !== undefined ? { budgetTokens } : {});
  const webSearch = opts.webSearch;
  const messages = built.messages;
  const system = webSearch && built.system ? `${built.system}\n\n${WEB_SEARCH_PROMPT}` : built.system;
  /** The tools this generation offers, by the name a model calls them. */
  const tools: readonly GenToolKind[] = webSearch
    ? [PACKAGE_DOCUMENTATION, WEB_SEARCH]
    : [PACKAGE_DOCUMENTATION];
  const toolOf = (name: string): GenToolKind | undefined => tools.find((t) => t === name);
  const modules = new Map<string, GenModule>(
    req.modules.map((m) => [
      m.filePath,
      isAuthPageModuleType(m.moduleType) ? { ...m, withCustomAuth: true } : { ...m },
    ]),
  );
  let missedEdits: MissedEdit[] = [];
  const problems: GenerationProblem[] = [];
  /** The models' own providers get retries and continue requests; the builtin generator never needs them. */
  const canAskAgain = provider.id !== 'builtin' && !repair;
  /** True while the one retry request for missed edits streams: files it writes are recorded in `retried`. */
  let retrying = false;
  const retried = new Set<string>();
  /** True once the reply was cut off for good (no continue request left): open blocks are not applied. */
  let cutOff = false;
  /** True when the retry reply (which is never continued) was the one cut off. */
  let retryCutOff = false;
  /**
   * Whether a Kiln block that changes the project (file, edit, delete, rename, migration) was seen: without
   * one, foreign formats are tried on the chat text (a reply may think in Kiln tags and write fenced files).
   */
  let sawBlock = false;
  /** The module a whole-file block started from, restored when the block is cut off. */
  let fileBase: { path: string; module: GenModule | undefined } | null = null;
  const migrations: GenMigration[] = [];
  const appliedMigrations = new Set(req.database?.migrations ?? []);
  /** Tool calls whose block ended and that were not answered yet. */
  const pendingCalls: { name: string; input: string }[] = [];
  const parser = createOutputParser();
  const signal = opts.signal;
  let message = '';
  /** The model's `<kiln:verify>` walk, if it wrote one (verify-walk.ts). */
  let walk: VerifyWalkStep[] | undefined;
  let sawUi = false;
  let sawFunctionality = false;
  /** The content of the module an edit block started from, so partial edits re-apply to the same base. */
  let editBase: { path: string; content: string | null } | null = null;
  /**
   * What the reply did, in order (`done.blocks`). A module is a placeholder at its first write or delete,
   * resolved at the end against the request's modules (created, edited, deleted, or no change at all).
   */
  const slots: (MessageBlock | { kind: 'module'; filePath: string })[] = [];
  const touched = new Set<string>();
  let thinking: { kind: 'thinking'; text: string } | null = null;
  const toolBlocks = new Map<{ name: string; input: string }, Extract<MessageBlock, { kind: 'tool-call' }>>();

  function touch(filePath: string): void {
    if (touched.has(filePath)) return;
    touched.add(filePath);
    slots.push({ kind: 'module', filePath });
  }

  function* statusFor(moduleType: ModuleType): Generator<GenerationEvent> {
    if (moduleType === 'FUNCTION') {
      if (!sawFunctionality) {
        sawFunctionality = true;
        yield { type: 'status', status: 'BUILDING_FUNCTIONALITY' };
      }
    } else if (!sawUi) {
      sawUi = true;
      yield { type: 'status', status: 'BUILDING_UI' };
    }
  }

  /** A migration name not applied before and not written earlier in this generation (`x`, `x_2`, `x_3`…). */
  function uniqueMigrationName(name: string): string {
    const taken = (n: string) => appliedMigrations.has(n) || migrations.some((m) => m.name === n);
    if (!taken(name)) return name;
    let i = 2;
    while (taken(`${name}_${i}`)) i++;
    return `${name}_${i}`;
  }

  function toolEvent(
    call: { name: string; input: string },
    status: GenToolStatus,
    output?: string,
  ): GenerationEvent[] {
    // The event names the offered tools only; a call to a tool that does not exist is answered quietly.
    const tool = toolOf(call.name);
    if (!tool) return [];
    const block = toolBlocks.get(call);
    if (block) block.status = status;
    else {
      const created = { kind: 'tool-call' as const, tool, input: call.input, status };
      toolBlocks.set(call, created);
      slots.push(created);
    }
    return [
      {
        type: 'tool',
        tool,
        status,
        input: call.input,
        ...(output !== undefined ? { output } : {}),
      },
    ];
  }

  function put(filePath: string, moduleType: ModuleType, content: string): GenModule {
    // Auth pages carry the spec's withCustomAuth flag (§5: allowed only with custom auth on).
    const module: GenModule = isAuthPageModuleType(moduleType)
      ? { filePath, moduleType, content, withCustomAuth: true }
      : { filePath, moduleType, content };
    modules.set(filePath, module);
    touch(filePath);
    if (retrying) retried.add(filePath);
    return module;
  }

  /** The valid module path a block's path means, or null after reporting it (once per path) as a problem. */
  function pathOf(raw: string, report: boolean): string | null {
    if (!raw.trim()) {
      if (report)
        problems.push({
          kind: 'unparsed',
          message: 'The model wrote an edit without a file path, so it could not be applied.',
        });
      return null;
    }
    const repaired = repairModulePath(raw, modules.keys());
    if ('path' in repaired) return repaired.path;
    if (report && !problems.some((p) => p.kind === 'invalid-path' && p.filePath === raw.trim())) {
      problems.push({ kind: 'invalid-path', filePath: raw.trim(), message: `${repaired.error}: not saved.` });
    }
    return null;
  }

  /** Puts back the module a cut-off block started from, and reports the block as truncated. */
  function* undoCutOff(filePath: string, base: GenModule | undefined): Generator<GenerationEvent> {
    // A file the retry did not finish does not answer the retry.
    retried.delete(filePath);
    if (base) {
      modules.set(filePath, { ...base });
      yield { type: 'module', module: { ...base }, done: true };
    } else if (modules.delete(filePath)) {
      yield { type: 'delete', filePath };
    }
    problems.push({
      kind: 'truncated',
      filePath,
      message: `The model's reply was cut off at its output limit while writing ${filePath}${canAskAgain && !retryCutOff ? `, even after asking it to continue ${MAX_CONTINUATIONS} times` : ''}; that file was not changed.`,
    });
  }

  function* handle(ev: ParsedBlockEvent): Generator<GenerationEvent> {
    if (['file', 'edit', 'delete', 'rename', 'migration'].includes(ev.type)) sawBlock = true;
    // The retry reply is asked for files only: its chat text and any other block are not part of the answer.
    if (retrying && ev.type !== 'file' && ev.type !== 'edit') return;
    switch (ev.type) {
      case 'text':
        message += ev.text;
        yield { type: 'text', text: ev.text };
        return;
      case 'thinking':
        if (ev.done) thinking = null;
        else if (thinking) thinking.text += ev.text;
        else {
          thinking = { kind: 'thinking', text: ev.text };
          slots.push(thinking);
        }
        return;
      case 'tool-result':
        // A tool result in the model's own reply was made up by the model: never shown, never used.
        return;
      case 'choices':
        if (ev.choices.length > 0) slots.push({ kind: 'choices', choices: [...ev.choices] });
        return;
      case 'publish':
        // One suggestion to publish is enough, however often a reply makes it.
        if (!slots.some((b) => b.kind === 'publish'))
          slots.push(ev.reason ? { kind: 'publish', reason: ev.reason } : { kind: 'publish' });
        return;
      case 'verify':
        // The last walk of a reply is the one verification performs.
        if (ev.steps.length > 0) walk = ev.steps;
        return;
      case 'knowledge':
        // A proposal made twice in one reply is shown once.
        if (!slots.some((b) => b.kind === 'knowledge' && b.text === ev.text))
          slots.push({ kind: 'knowledge', text: ev.text });
        return;
      case 'secret':
        // One request per name: the chat shows one input for it.
        if (!slots.some((b) => b.kind === 'secret' && b.name === ev.name))
          slots.push(
            ev.reason
              ? { kind: 'secret', name: ev.name, reason: ev.reason }
              : { kind: 'secret', name: ev.name },
          );
        return;
      case 'migration': {
        if (!ev.sql.trim()) return;
        yield* statusFor('FUNCTION');
        const migration = { name: uniqueMigrationName(ev.name), sql: ev.sql };
        if (ev.done) {
          migrations.push(migration);
          slots.push({ kind: 'function', migration: migration.name });
        }
        yield { type: 'migration', migration: { ...migration }, done: ev.done };
        return;
      }
      case 'tool-call': {
        const call = { name: ev.name || PACKAGE_DOCUMENTATION, input: ev.input };
        pendingCalls.push(call);
        yield* toolEvent(call, 'running');
        return;
      }
      case 'file': {
        let filePath: string | null;
        if (ev.path.trim()) {
          filePath = pathOf(ev.path, ev.done);
          if (!filePath) return;
        } else {
          // A block without a path: decided only once it is complete, so its drafts never become modules.
          if (!ev.done) return;
          filePath = pathFromContent(ev.content);
          if (!filePath) {
            // Without a path the code cannot become a module; keep it visible rather than lose it.
            if (ev.content.trim()) {
              const text = `\n\`\`\`tsx\n${ev.content}\`\`\`\n`;
              message += text;
              yield { type: 'text', text };
              problems.push({
                kind: 'unparsed',
                message:
                  'The model wrote a file without a path, so it could not be saved; its code is shown above.',
              });
            }
            return;
          }
        }
        if (fileBase?.path !== filePath) fileBase = { path: filePath, module: modules.get(filePath) };
        if (ev.done && !ev.closed && cutOff) {
          const base = fileBase.module;
          fileBase = null;
          yield* undoCutOff(filePath, base);
          return;
        }
        if (ev.done) fileBase = null;
        const moduleType = typeFor(filePath, ev.moduleType, modules.get(filePath)?.moduleType);
        yield* statusFor(moduleType);
        // A block whose closer is missing ends where the module does; prose after it is chat text.
        const split = ev.done && !ev.closed ? splitProseTail(ev.content) : null;
        const content = split ? split.code : ev.content;
        yield { type: 'module', module: { ...put(filePath, moduleType, content) }, done: ev.done };
        if (split && !retrying) {
          const text = `\n${split.prose}\n`;
          message += text;
          yield { type: 'text', text };
        }
        return;
      }
      case 'edit': {
        const filePath = pathOf(ev.path, ev.done);
        if (!filePath) return;
        if (editBase?.path !== filePath)
          editBase = { path: filePath, content: modules.get(filePath)?.content ?? null };
        if (ev.done && !ev.closed && cutOff) {
          const base = editBase.content;
          const module = modules.get(filePath);
          editBase = null;
          yield* undoCutOff(filePath, base === null || !module ? undefined : { ...module, content: base });
          return;
        }
        const existing = modules.get(filePath);
        const moduleType = typeFor(filePath, null, existing?.moduleType);
        if (ev.wholeFile !== undefined) {
          yield* statusFor(moduleType);
          yield { type: 'module', module: { ...put(filePath, moduleType, ev.wholeFile) }, done: true };
          editBase = null;
          return;
        }
        const base = editBase.content;
        if (ev.done) editBase = null;
        if (base === null) {
          // Editing a file that does not exist: only empty SEARCH blocks (appends) can create it.
          if (ev.edits.length > 0 && ev.edits.every((e) => e.search.trim() === '')) {
            const { content } = applyEdits('', ev.edits);
            yield* statusFor(moduleType);
            yield { type: 'module', module: { ...put(filePath, moduleType, content) }, done: ev.done };
          } else if (ev.done && ev.edits.length > 0) {
            missedEdits.push({ filePath, missed: ev.edits.length, reason: 'no-file' });
          }
          return;
        }
        let result: { content: string; missed: number };
        try {
          result = applyEdits(base, ev.edits);
        } catch (e) {
          if (!(e instanceof EditOverlapError)) throw e;
          if (ev.done) missedEdits.push({ filePath, missed: ev.edits.length, reason: 'overlap' });
          if (!ev.done) return;
          result = { content: base, missed: ev.edits.length };
        }
        if (
          ev.done &&
          result.missed > 0 &&
          !missedEdits.some((m) => m.filePath === filePath && m.reason === 'overlap')
        ) {
          missedEdits.push({ filePath, missed: result.missed, reason: 'no-match' });
        }
        yield* statusFor(moduleType);
        yield { type: 'module', module: { ...put(filePath, moduleType, result.content) }, done: ev.done };
        return;
      }
      case 'delete': {
        const filePath = pathOf(ev.path, false) ?? normalisePath(ev.path);
        if (!modules.delete(filePath)) return;
        touch(filePath);
        yield { type: 'delete', filePath };
        return;
      }
      case 'rename': {
        const from = pathOf(ev.from, false) ?? normalisePath(ev.from);
        const to = pathOf(ev.to, true);
        if (!to) return;
        const existing = modules.get(from);
        if (!existing || from === to) return;
        modules.delete(from);
        touch(from);
        yield { type: 'delete', filePath: from };
        const inferred = moduleTypeFromPath(to);
        const moduleType = inferred === 'FILE' ? existing.moduleType : inferred;
        yield { type: 'module', module: { ...put(to, moduleType, existing.content) }, done: true };
        return;
      }
    }
  }

  // The tsx grammar that finds where a block without its closer ends (models' replies only).
  if (canAskAgain) await loadProseTailParser();
  if (action === 'INITIAL') yield { type: 'status', status: 'ENHANCING_PROMPT' };
  yield { type: 'status', status: 'BUILDING' };

  let aborted = signal?.aborted ?? false;
  const conversation: ProviderMessage[] = [...messages];
  const usage: Usage = { inputTokens: 0, outputTokens: 0 };
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
        for (const ev of parser.push(chunk)) yield* handle(ev);
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
    const round = reported ?? {
      inputTokens: estimateTokens(system + conversation.map((m) => m.content).join('')),
      outputTokens: estimateTokens(reply),
    };
    usage.inputTokens += round.inputTokens;
    usage.outputTokens += round.outputTokens;
    if (aborted) break;
    if (failedContinue) {
      cutOff = true;
      break;
    }
    // A reply cut off at the token limit: ask the model to go on; the parser carries on inside the open block.
    if ((await finishReasonOf(stream)) === 'length') {
      if (canAskAgain && continuations < MAX_CONTINUATIONS) {
        continuations++;
        conversation.push({ role: 'assistant', content: reply }, { role: 'user', content: CONTINUE_MESSAGE });
        continue;
      }
      cutOff = true;
      break;
    }
    // The reply ended: a block it left open (a tool call without its closer) ends with it.
    for (const ev of parser.endReply()) yield* handle(ev);
    if (repair || pendingCalls.length === 0) break;
    const calls = pendingCalls.splice(0);
    if (toolRounds >= MAX_TOOL_ROUNDS) {
      for (const call of calls) {
        yield* toolEvent(
          call,
          'error',
          `Not answered: a generation may look documentation up in at most ${MAX_TOOL_ROUNDS} rounds.`,
        );
      }
      break;
    }
    toolRounds++;
    const results: string[] = [];
    for (const call of calls) {
      const answer =
        call.name === PACKAGE_DOCUMENTATION
          ? await packageDocumentationWithNpm(call.input, platformsOf(req), opts.npmDocs)
          : call.name === WEB_SEARCH && webSearch
            ? await searchTheWeb(webSearch, call.input, signal)
            : {
                status: 'error' as const,
                output: `There is no tool "${call.name}". ${tools.length > 1 ? `The tools are ${tools.join(' and ')}` : `The only tool is ${PACKAGE_DOCUMENTATION}`}.`,
              };
      results.push(
        `<kiln:tool-result name="${escapeAttr(call.name)}">\n${answer.output}\n</kiln:tool-result>`,
      );
      yield* toolEvent(call, answer.status, answer.output);
    }
    conversation.push({ role: 'assistant', content: reply }, { role: 'user', content: results.join('\n') });
    aborted = signal?.aborted ?? false;
    // The next reply's chat text starts on a line of its own.
    if (message.trim() && !message.endsWith('\n')) {
      message += '\n';
      yield { type: 'text', text: '\n' };
    }
  }
  const before = problems.length;
  for (const ev of parser.end()) yield* handle(ev);
  if (cutOff && !problems.slice(before).some((p) => p.kind === 'truncated')) {
    problems.push({
      kind: 'truncated',
      message: `The model's reply was cut off at its output limit${canAskAgain ? `, even after asking it to continue ${MAX_CONTINUATIONS} times` : ''}; the rest of what it meant to write is missing.`,
    });
  }
  // Calls the abort left unanswered.
  for (const call of pendingCalls.splice(0)) yield* toolEvent(call, 'cancelled');

  // No Kiln block at all: the model may have used another tool's format (bolt, Dyad, fenced files, aider).
  if (!aborted && !sawBlock && !repair) {
    const foreign = parseForeignReply(message);
    if (foreign) {
      message = foreign.text;
      for (const ev of foreign.events) yield* handle(ev);
    }
  }

  // One retry for edits that did not apply: the model gets the files as they are and rewrites them.
  // A discussion applies nothing, so its missed edits are never worth another request.
  if (!aborted && canAskAgain && action !== 'DISCUSSION' && missedEdits.length > 0) {
    const missed = missedEdits;
    missedEdits = [];
    const retryParser = createOutputParser();
    retrying = true;
    const retryConversation: ProviderMessage[] = [
      ...conversation,
      { role: 'assistant', content: reply },
      { role: 'user', content: retryRequest(missed, modules) },
    ];
    try {
      const stream = provider.stream(
        signal ? { system, messages: retryConversation, signal } : { system, messages: retryConversation },
      );
      let retryReply = '';
      for await (const chunk of stream) {
        retryReply += chunk;
        for (const ev of retryParser.push(chunk)) yield* handle(ev);
        if (signal?.aborted) break;
      }
      // A retry cut off at the token limit is not continued: the block it was writing is not applied.
      if ((await finishReasonOf(stream)) === 'length') {
        cutOff = true;
        retryCutOff = true;
      }
      if (!signal?.aborted) for (const ev of retryParser.end()) yield* handle(ev);
      const reported = await reportedUsage(stream);
      usage.inputTokens +=
        reported?.inputTokens ?? estimateTokens(system + retryConversation.map((m) => m.content).join(''));
      usage.outputTokens += reported?.outputTokens ?? estimateTokens(retryReply);
    } catch (e) {
      // A failed retry leaves the edits reported, as without one; a cancellation ends the generation.
      if (!signal?.aborted && !isKilnError(e)) throw e;
    }
    retrying = false;
    aborted = signal?.aborted ?? false;
    const stillMissed = missedEdits;
    // An edit of a file that does not exist is answered by a change to the file the model meant instead.
    const redirected = stillMissed.length === 0 && retried.size > 0;
    missedEdits = [
      ...missed.filter(
        (m) =>
          !retried.has(m.filePath) &&
          !(m.reason === 'no-file' && redirected) &&
          !stillMissed.some((s) => s.filePath === m.filePath),
      ),
      ...stillMissed,
    ];
  }
  for (const m of missedEdits) problems.push(missedEditProblem(m, canAskAgain));

  const done: Extract<GenerationEvent, { type: 'done' }> = {
    type: 'done',
    modules: [...modules.values()].map((m) => ({ ...m })),
    message: message
      .replace(/[ \t]+\n/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim(),
    blocks: resolveBlocks(slots, req.modules, modules),
    usage,
  };
  if (action === 'INITIAL' || req.modules.length === 0) {
    const appType = detectAppType(req.prompt);
    if (appType) done.appType = appType;
  }
  if (migrations.length > 0) done.migrations = migrations.map((m) => ({ ...m }));
  if (missedEdits.length > 0) done.missedEdits = missedEdits;
  if (problems.length > 0) done.problems = problems;
  if (aborted) done.aborted = true;
  if (done.modules.some((m) => isAuthPageModuleType(m.moduleType))) done.withCustomAuth = true;
  if (walk) done.walk = walk;
  yield done;
}

/**
 * The message blocks of a reply from its slots: thinking trimmed (empty dropped), each module the reply wrote or
 * deleted compared with the request's modules (`created`, `edited`, `deleted`; one whose content and type
 * came back unchanged, or that was created and deleted again, is left out).
 */
function resolveBlocks(
  slots: readonly (MessageBlock | { kind: 'module'; filePath: string })[],
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

/** Why a provider's stream ended (`length`: cut off at the output-token limit), or null when it did not say. */
async function finishReasonOf(stream: AsyncIterable<string>): Promise<string | null> {
  const reason = (stream as Partial<ProviderStream>).finishReason;
  return reason instanceof Promise ? await reason : null;
}

/** The retry request for edits that did not apply: what went wrong, each file as it is now, what to send. */
function retryRequest(missed: readonly MissedEdit[], modules: ReadonlyMap<string, GenModule>): string {
  const lines = ['Some of your changes could not be applied:'];
  const files: string[] = [];
  for (const m of missed) {
    const module = modules.get(m.filePath);
    if (m.reason === 'no-file' || !module) {
      lines.push(`- ${m.filePath} does not exist, so it cannot be edited.`);
      continue;
    }
    lines.push(
      m.reason === 'overlap'
        ? `- ${m.filePath}: your SEARCH blocks overlap (Overlapping ranges when fixing code are an error).`
        : `- ${m.filePath}: ${m.missed} SEARCH block${m.missed === 1 ? '' : 's'} matched nothing in the file.`,
    );
    files.push(
      `<kiln:file path="${escapeAttr(m.filePath)}" type="${module.moduleType}">\n${module.content}</kiln:file>`,
    );
  }
  if (missed.some((m) => m.reason === 'no-file' || !modules.has(m.filePath))) {
    const paths = [...modules.keys()];
    lines.push(
      `The project's files are: ${paths.slice(0, 60).join(', ')}${paths.length > 60 ? `, and ${paths.length - 60} more` : ''}.`,
    );
  }
  if (files.length > 0) lines.push('', 'These files are now:', ...files);
  lines.push(
    '',
    'Reply with each of these files whole, in a <kiln:file path="..."> block with the change you meant (or with',
    'corrected <kiln:edit> blocks whose SEARCH text is copied exactly from the file above). A file that does not',
    'exist is written whole with <kiln:file>, or the change goes into the file you meant. Write nothing else.',
  );
  return lines.join('\n');
}

/** The problem a missed edit leaves when it is still missed at the end. */
function missedEditProblem(m: MissedEdit, retried: boolean): GenerationProblem {
  const again = retried ? ', even after asking the model again' : '';
  const message =
    m.reason === 'no-file'
      ? `The edit to ${m.filePath} was not applied: that file does not exist${again}.`
      : m.reason === 'overlap'
        ? `The edits to ${m.filePath} were not applied: they overlap (Overlapping ranges when fixing code are an error)${again}.`
        : `The edit to ${m.filePath} did not match the file${again}.`;
  return { kind: 'missed-edit', filePath: m.filePath, message };
}

/** One `web_search` call answered by the caller's search; a search that throws is an error answer, not a failure. */
async function searchTheWeb(
  search: GenWebSearch,
  input: string,
  signal: AbortSignal | undefined,
): Promise<{ status: 'success' | 'error'; output: string }> {
  const query = input.trim();
  if (!query) return { status: 'error', output: 'Write the search query inside the tool call.' };
  try {
    return await search(query, signal);
  } catch (err) {
    return {
      status: 'error',
      output: `The web search failed: ${err instanceof Error ? err.message : String(err)}`,
    };
  }
}

/** A repair's reply in chunks the size a provider streams, so drafts and text arrive as they would. */
async function* chunked(reply: string, size = 64): AsyncIterable<string> {
  for (let i = 0; i < reply.length; i += size) yield reply.slice(i, i + size);
}

/** Which platforms' libraries a request may use: mobile for Expo work, web otherwise (or both). */
function platformsOf(req: GenerateRequest): ('web' | 'mobile')[] {
  const mobile =
    req.modules.some((m) => m.moduleType === 'EXPO_PAGE') ||
    /\b(mobile|expo|react native|ios|android|iphone)\b/i.test(req.prompt);
  const web = !mobile || req.modules.some((m) => m.moduleType !== 'EXPO_PAGE');
  return [...(web ? (['web'] as const) : []), ...(mobile ? (['mobile'] as const) : [])];
}

function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The module type of a file: the tag's `type` when valid, the path's, or the type it already had. */
function typeFor(filePath: string, declared: string | null, existing: ModuleType | undefined): ModuleType {
  const inferred = moduleTypeFromPath(filePath);
  // The path decides (a `type` that disagrees with it is corrected), except an auth page kept at another
  // page path; a FILE path keeps the type the module had.
  if (declared && isModuleType(declared) && isAuthPageModuleType(declared) && inferred === 'PAGE')
    return declared;
  if (inferred !== 'FILE') return inferred;
  return existing ?? 'FILE';
}

function normalisePath(path: string): string {
  return path
    .trim()
    .replace(/\\/g, '/')
    .replace(/^\.?\//, '');
}

/**
 * The path of a pathless block from its `export default function Name`: the root page for App, Home,
 * HomePage, Index, Page, Main or Landing(Page); `app/{segment}/page.tsx` for another `…Page`; else the
 * component `components/{Name}.tsx`. Empty when it declares no such function.
 */
function pathFromContent(content: string): string {
  const name = /export\s+default\s+function\s+([A-Z][A-Za-z0-9]*)/.exec(content)?.[1];
  if (!name) return '';
  if (/^(?:App|Home|HomePage|Index|IndexPage|Page|Main|MainPage|Landing|LandingPage)$/.test(name))
    return 'apps/web/src/app/page.tsx';
  const page = /^([A-Z][A-Za-z0-9]*?)Page$/.exec(name)?.[1];
  if (page) return `apps/web/src/app/${page.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()}/page.tsx`;
  return `apps/web/src/components/${name}.tsx`;
}
