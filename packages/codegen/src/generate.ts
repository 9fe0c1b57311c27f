/**
 * One generation: builds the prompt, streams the provider's tagged reply through the output parser,
 * applies files, edits, deletes and renames to the request's modules, and yields `GenerationEvent`s that
 * end with exactly one `done`.
 * @module
 */

import type { ModuleType } from '@kiln/core';
import { isAuthPageModuleType, isModuleType, moduleTypeFromPath } from '@kiln/core';
import { applyEdits, EditOverlapError } from './apply-edits.ts';
import { detectAppType } from './detect-app-type.ts';
import type { ParsedBlockEvent } from './output-parser.ts';
import { createOutputParser } from './output-parser.ts';
import { buildPrompt, requestAction } from './prompt.ts';
import { reportedUsage } from './providers/provider-stream.ts';
import { deterministicRepair } from './repairs.ts';
import type { GenerateRequest, GenerationEvent, GenModule, MissedEdit, ModelProvider } from './types.ts';
import { estimateTokens } from './usage.ts';

/**
 * Streams one generation for `req` from `provider`. Provider errors are thrown; an aborted `signal` stops
 * reading and ends with a `done` marked `aborted` that holds everything received so far. `budgetTokens`
 * overrides the context budget (default: the provider's, else 24 000 tokens; see `buildPrompt`).
 *
 * A FIX_CHANGE first tries the deterministic repairs (`deterministicRepair`): when one repairs the failing
 * module, its reply streams through the same parser and events instead of the provider's, the provider is
 * never called, and `usage` is zero.
 */
export async function* generate(
  req: GenerateRequest,
  provider: ModelProvider,
  opts: { signal?: AbortSignal; budgetTokens?: number } = {},
): AsyncIterable<GenerationEvent> {
  const action = requestAction(req);
  const repair = action === 'FIX_CHANGE' ? deterministicRepair(req) : null;
  const budgetTokens = opts.budgetTokens ?? provider.contextBudgetTokens;
  const { system, messages } = repair
    ? { system: '', messages: [] }
    : buildPrompt(req, budgetTokens !== undefined ? { budgetTokens } : {});
  const inputTokens = estimateTokens(system + messages.map((m) => m.content).join(''));
  const modules = new Map<string, GenModule>(
    req.modules.map((m) => [
      m.filePath,
      isAuthPageModuleType(m.moduleType) ? { ...m, withCustomAuth: true } : { ...m },
    ]),
  );
  const missedEdits: MissedEdit[] = [];
  const parser = createOutputParser();
  const signal = opts.signal;
  let output = '';
  let message = '';
  let sawUi = false;
  let sawFunctionality = false;
  /** The content of the module an edit block started from, so partial edits re-apply to the same base. */
  let editBase: { path: string; content: string | null } | null = null;

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

  function put(filePath: string, moduleType: ModuleType, content: string): GenModule {
    // Auth pages carry the spec's withCustomAuth flag (§5: allowed only with custom auth on).
    const module: GenModule = isAuthPageModuleType(moduleType)
      ? { filePath, moduleType, content, withCustomAuth: true }
      : { filePath, moduleType, content };
    modules.set(filePath, module);
    return module;
  }

  function* handle(ev: ParsedBlockEvent): Generator<GenerationEvent> {
    switch (ev.type) {
      case 'text':
        message += ev.text;
        yield { type: 'text', text: ev.text };
        return;
      case 'thinking':
        return;
      case 'file': {
        const filePath = normalisePath(ev.path) || pathFromContent(ev.content);
        if (!filePath) {
          // Without a path the code cannot become a module; keep it visible rather than lose it.
          if (ev.done && ev.content.trim()) {
            const text = `\n\`\`\`tsx\n${ev.content}\`\`\`\n`;
            message += text;
            yield { type: 'text', text };
          }
          return;
        }
        const moduleType = typeFor(filePath, ev.moduleType, modules.get(filePath)?.moduleType);
        yield* statusFor(moduleType);
        yield { type: 'module', module: { ...put(filePath, moduleType, ev.content) }, done: ev.done };
        return;
      }
      case 'edit': {
        const filePath = normalisePath(ev.path);
        if (editBase?.path !== filePath)
          editBase = { path: filePath, content: modules.get(filePath)?.content ?? null };
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
        const filePath = normalisePath(ev.path);
        if (modules.delete(filePath)) yield { type: 'delete', filePath };
        return;
      }
      case 'rename': {
        const from = normalisePath(ev.from);
        const to = normalisePath(ev.to);
        const existing = modules.get(from);
        if (!existing || from === to) return;
        modules.delete(from);
        yield { type: 'delete', filePath: from };
        const inferred = moduleTypeFromPath(to);
        const moduleType = inferred === 'FILE' ? existing.moduleType : inferred;
        yield { type: 'module', module: { ...put(to, moduleType, existing.content) }, done: true };
        return;
      }
    }
  }

  if (action === 'INITIAL') yield { type: 'status', status: 'ENHANCING_PROMPT' };
  yield { type: 'status', status: 'BUILDING' };

  let aborted = signal?.aborted ?? false;
  let stream: AsyncIterable<string> | undefined;
  if (!aborted) {
    stream = repair
      ? chunked(repair.reply)
      : provider.stream(signal ? { system, messages, signal } : { system, messages });
    try {
      for await (const chunk of stream) {
        output += chunk;
        for (const ev of parser.push(chunk)) yield* handle(ev);
        if (signal?.aborted) break;
      }
    } catch (e) {
      // Providers throw an AbortError when cancelled; that is a cancellation, not a failure.
      if (!signal?.aborted) throw e;
    }
    aborted = signal?.aborted ?? false;
  }
  for (const ev of parser.end()) yield* handle(ev);
  // Real providers report tokens; the builtin generator does not, so its usage is estimated (chars / 4).
  // A deterministic repair called no model: it uses nothing.
  const reported = repair ? { inputTokens: 0, outputTokens: 0 } : stream ? await reportedUsage(stream) : null;

  const done: Extract<GenerationEvent, { type: 'done' }> = {
    type: 'done',
    modules: [...modules.values()].map((m) => ({ ...m })),
    message: message
      .replace(/[ \t]+\n/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim(),
    usage: reported ?? { inputTokens, outputTokens: estimateTokens(output) },
  };
  if (action === 'INITIAL' || req.modules.length === 0) {
    const appType = detectAppType(req.prompt);
    if (appType) done.appType = appType;
  }
  if (missedEdits.length > 0) done.missedEdits = missedEdits;
  if (aborted) done.aborted = true;
  if (done.modules.some((m) => isAuthPageModuleType(m.moduleType))) done.withCustomAuth = true;
  yield done;
}

/** A repair's reply in chunks the size a provider streams, so drafts and text arrive as they would. */
async function* chunked(reply: string, size = 64): AsyncIterable<string> {
  for (let i = 0; i < reply.length; i += size) yield reply.slice(i, i + size);
}

/** The module type of a file: the tag's `type` when valid, the path's, or the type it already had. */
function typeFor(filePath: string, declared: string | null, existing: ModuleType | undefined): ModuleType {
  if (declared && isModuleType(declared)) return declared;
  const inferred = moduleTypeFromPath(filePath);
  if (inferred === 'FILE' && existing) return existing;
  return inferred;
}

function normalisePath(path: string): string {
  return path
    .trim()
    .replace(/\\/g, '/')
    .replace(/^\.?\//, '');
}

/** A component path for a pathless block that declares `export default function Name`. */
function pathFromContent(content: string): string {
  const name = /export\s+default\s+function\s+([A-Z][A-Za-z0-9]*)/.exec(content)?.[1];
  return name ? `apps/web/src/components/${name}.tsx` : '';
}
