/**
 * Real model providers end to end: `generate` through `createModelProvider` over real HTTP against the
 * scripted model server, in both the OpenAI and the Anthropic streaming wire formats.
 */
import { createServer as createTcpServer, type Socket } from 'node:net';
import { isKilnError, type KilnError } from '@kiln/core';
import { describe, expect, it } from 'vitest';
import { CONTINUE_MESSAGE, generate } from '../src/generate.ts';
import { SYSTEM_PROMPT } from '../src/prompt.ts';
import type { ModelSettings, ProviderStream } from '../src/providers/index.ts';
import {
  createModelProvider,
  describeModels,
  modelSettingsFromEnv,
  reportedUsage,
} from '../src/providers/index.ts';
import type { GenerateRequest, GenerationEvent, GenModule, ModelProvider } from '../src/types.ts';
import { readFixture, type ScriptedModelServer, startScriptedModelServer } from './scripted-model-server.ts';

const OPENAI_KEY = 'sk-test-openai-0123456789abcdef';
const ANTHROPIC_KEY = 'sk-ant-test-0123456789abcdef';
const PAGE = 'apps/web/src/app/page.tsx';
const HABIT_ROW = 'apps/web/src/components/HabitRow.tsx';

type Done = Extract<GenerationEvent, { type: 'done' }>;

/** Runs one generation to its end; a thrown provider error is returned beside the events seen before it. */
async function run(
  req: GenerateRequest,
  provider: ModelProvider,
  opts: { signal?: AbortSignal; onEvent?: (ev: GenerationEvent) => void } = {},
): Promise<{ events: GenerationEvent[]; done: Done | undefined; error: KilnError | undefined }> {
  const events: GenerationEvent[] = [];
  try {
    for await (const ev of generate(req, provider, opts.signal ? { signal: opts.signal } : {})) {
      events.push(ev);
      opts.onEvent?.(ev);
    }
  } catch (e) {
    if (!isKilnError(e)) throw e;
    return { events, done: undefined, error: e };
  }
  const done = events.at(-1);
  return { events, done: done?.type === 'done' ? done : undefined, error: undefined };
}

/** The files a fixture writes, as the modules a project holds after it. */
function fixtureModules(name: string): GenModule[] {
  const re = /<kiln:file path="([^"]+)" type="(\w+)">\n([\s\S]*?)<\/kiln:file>/g;
  return [...readFixture(name).matchAll(re)].map((m) => ({
    filePath: m[1] ?? '',
    moduleType: m[2] as GenModule['moduleType'],
    content: m[3] ?? '',
  }));
}

function moduleOf(done: Done | undefined, filePath: string): GenModule | undefined {
  return done?.modules.find((m) => m.filePath === filePath);
}

/** The last draft `generate` streamed for a file. */
function lastDraft(
  events: GenerationEvent[],
  filePath: string,
): { content: string; done: boolean } | undefined {
  const drafts = events.filter(
    (e): e is Extract<GenerationEvent, { type: 'module' }> =>
      e.type === 'module' && e.module.filePath === filePath,
  );
  const last = drafts.at(-1);
  return last && { content: last.module.content, done: last.done };
}

/** Wraps a provider so a test can read what its last stream reported beside the text. */
function capturing(provider: ModelProvider): {
  provider: ModelProvider;
  usage: () => ReturnType<typeof reportedUsage>;
  finishReason: () => Promise<unknown>;
} {
  let last: AsyncIterable<string> = (async function* () {})();
  return {
    provider: {
      id: provider.id,
      stream(req) {
        last = provider.stream(req);
        return last;
      },
    },
    usage: () => reportedUsage(last),
    finishReason: () => (last as Partial<ProviderStream>).finishReason ?? Promise.resolve(undefined),
  };
}

const APIS = [
  {
    api: 'openai',
    spec: 'openai:gpt-4o-mini',
    key: OPENAI_KEY,
    settings: (url: string): ModelSettings => ({ openaiApiKey: OPENAI_KEY, baseUrl: url }),
    sentKey: (s: ScriptedModelServer) => s.requests[0]?.headers.authorization,
    expectedSentKey: `Bearer ${OPENAI_KEY}`,
  },
  {
    api: 'anthropic',
    spec: 'anthropic:claude-sonnet-4-5',
    key: ANTHROPIC_KEY,
    settings: (url: string): ModelSettings => ({ anthropicApiKey: ANTHROPIC_KEY, baseUrl: url }),
    sentKey: (s: ScriptedModelServer) => s.requests[0]?.headers['x-api-key'],
    expectedSentKey: ANTHROPIC_KEY,
  },
] as const;

describe.each(APIS)('$api over real HTTP', ({ api, spec, key, settings, sentKey, expectedSentKey }) => {
  it('builds a multi-file app into its page and component modules, with the usage the provider reported', async () => {
    await using server = await startScriptedModelServer([
      {
        reply: readFixture('multi-file-app'),
        chunkSize: 17,
        usage: { inputTokens: 1234, outputTokens: 567 },
      },
    ]);
    const { provider, usage, finishReason } = capturing(createModelProvider(spec, settings(server.url)));
    const { events, done, error } = await run(
      { prompt: 'a habit tracker with streaks', modules: [] },
      provider,
    );

    expect(error).toBeUndefined();
    expect(done?.modules).toEqual(fixtureModules('multi-file-app'));
    expect(done?.message).toBe(
      'Here is your habit tracker. Tick a habit each day to grow its streak.\n\nAdd a few habits to get started.',
    );
    expect(events.filter((e) => e.type === 'status').map((e) => e.status)).toEqual([
      'ENHANCING_PROMPT',
      'BUILDING',
      'BUILDING_UI',
    ]);
    expect(await usage()).toEqual({ inputTokens: 1234, outputTokens: 567 });
    expect(await finishReason()).toBe('stop');

    const [request] = server.requests;
    expect(request?.api).toBe(api);
    expect(request?.body.stream).toBe(true);
    expect(request?.system).toBe(SYSTEM_PROMPT);
    expect(request?.messages).toHaveLength(1);
    expect(request?.messages[0]?.content).toContain(
      '<kiln:request action="INITIAL">\na habit tracker with streaks',
    );
    expect(sentKey(server)).toBe(expectedSentKey);
  });

  it('applies a search/replace edit to the given modules', async () => {
    await using server = await startScriptedModelServer([{ reply: readFixture('search-replace-edit') }]);
    const modules = fixtureModules('multi-file-app');
    const { done, error } = await run(
      { prompt: 'rename it to Habitly and make the streak bold', modules },
      createModelProvider(spec, settings(server.url)),
    );

    expect(error).toBeUndefined();
    expect(done?.missedEdits).toBeUndefined();
    const page = moduleOf(done, PAGE)?.content ?? '';
    expect(page).toContain("document.title = 'Habitly';");
    expect(page).toContain('text-emerald-700">Habitly</h1>');
    expect(page).not.toContain('Streaks');
    expect(moduleOf(done, HABIT_ROW)?.content).toContain(
      '<Flame className="h-4 w-4" /> <strong>{props.streak}</strong>',
    );
    // Everything else is untouched.
    expect(page.replaceAll('Habitly', 'Streaks')).toBe(modules[0]?.content);
    // The model was sent the current files and a CHAT request.
    const sent = server.requests[0]?.messages[0]?.content ?? '';
    expect(sent).toContain(`<kiln:file path="${HABIT_ROW}" type="COMPONENT">`);
    expect(sent).toContain('<kiln:request action="CHAT">');
  });

  it('FIX_CHANGE: repairs "useState is not defined" without a model request; another error goes to the model', async () => {
    await using server = await startScriptedModelServer([{ reply: readFixture('fix-change') }]);
    const [page, row] = fixtureModules('multi-file-app') as [GenModule, GenModule];
    const broken = {
      ...page,
      content: page.content.replace(
        "import { useEffect, useState } from 'react';",
        "import { useEffect } from 'react';",
      ),
    };
    expect(broken.content).not.toBe(page.content);
    const repaired = await run(
      {
        prompt: 'Fix the error',
        action: 'FIX_CHANGE',
        modules: [broken, row],
        error: { filePath: PAGE, message: 'ReferenceError: useState is not defined' },
      },
      createModelProvider(spec, settings(server.url)),
    );

    expect(repaired.error).toBeUndefined();
    expect(server.requests).toHaveLength(0);
    expect(repaired.done?.modules).toEqual([page, row]);
    expect(repaired.done?.usage).toEqual({ inputTokens: 0, outputTokens: 0 });
    expect(repaired.done?.message).toContain('Imported useState from react.');
    // Streamed through the same events as a model's edit: a status, the chat text and the module's drafts.
    expect(repaired.events.map((e) => e.type)).toEqual(
      expect.arrayContaining(['status', 'text', 'module', 'done']),
    );
    expect(repaired.events).toContainEqual({ type: 'status', status: 'BUILDING_UI' });
    expect(lastDraft(repaired.events, PAGE)).toEqual({ content: page.content, done: true });

    // Not a name it can import: the model is asked, and sent only the failing module.
    const brokenRow = { ...row, content: row.content.replace('{props.streak}', '{streak}') };
    const asked = await run(
      {
        prompt: 'Fix the error',
        action: 'FIX_CHANGE',
        modules: [page, brokenRow],
        error: { filePath: HABIT_ROW, message: 'ReferenceError: streak is not defined' },
      },
      createModelProvider(spec, settings(server.url)),
    );
    expect(asked.error).toBeUndefined();
    expect(server.requests).toHaveLength(1);
    expect(moduleOf(asked.done, HABIT_ROW)?.content).toBe(row.content);
    expect(asked.done?.usage.outputTokens).toBeGreaterThan(0);
  });

  it('asks the model again for a file whose SEARCH matched nothing, and applies the whole file it sends back', async () => {
    const modules = fixtureModules('multi-file-app');
    const fixed = (modules[1]?.content ?? '').replace('text-orange-500', 'text-red-500');
    await using server = await startScriptedModelServer([
      { reply: readFixture('edit-search-misses'), chunkSize: 9 },
      { reply: `Here it is.\n<kiln:file path="${HABIT_ROW}">\n${fixed}</kiln:file>\n`, chunkSize: 7 },
    ]);
    const { done, error } = await run(
      { prompt: 'rounder add button, red flame', modules },
      createModelProvider(spec, settings(server.url)),
    );

    expect(error).toBeUndefined();
    expect(done?.missedEdits).toBeUndefined();
    expect(done?.problems).toBeUndefined();
    expect(moduleOf(done, HABIT_ROW)?.content).toBe(fixed);
    // The edit that did match in the same reply is applied.
    expect(moduleOf(done, PAGE)?.content).toContain('className="rounded-full bg-emerald-600');
    expect(done?.message).toBe('Made the add button rounder and changed the flame colour.');
    expect(server.requests).toHaveLength(2);
    const retry = server.requests[1]?.messages.at(-1)?.content ?? '';
    expect(retry).toContain(`- ${HABIT_ROW}: 1 SEARCH block matched nothing in the file.`);
    expect(retry).toContain(`<kiln:file path="${HABIT_ROW}" type="COMPONENT">\n${modules[1]?.content}`);
  });

  it('reports a SEARCH that still matches nothing after the retry as a missed-edit problem, and leaves that file as it was', async () => {
    await using server = await startScriptedModelServer([
      { reply: readFixture('edit-search-misses') },
      { reply: readFixture('edit-search-misses').split('\n').slice(8).join('\n') },
    ]);
    const modules = fixtureModules('multi-file-app');
    const { done, error } = await run(
      { prompt: 'rounder add button, red flame', modules },
      createModelProvider(spec, settings(server.url)),
    );

    expect(error).toBeUndefined();
    expect(done?.missedEdits).toEqual([{ filePath: HABIT_ROW, missed: 1, reason: 'no-match' }]);
    expect(done?.problems).toEqual([
      {
        kind: 'missed-edit',
        filePath: HABIT_ROW,
        message: `The edit to ${HABIT_ROW} did not match the file, even after asking the model again.`,
      },
    ]);
    expect(moduleOf(done, HABIT_ROW)?.content).toBe(modules[1]?.content);
    expect(moduleOf(done, PAGE)?.content).toContain('className="rounded-full bg-emerald-600');
  });

  it('keeps what arrived before a cut-off stream and fails with a clear external error', async () => {
    const reply = readFixture('multi-file-app');
    const cutAt = reply.indexOf('export default function HabitRow') + 40;
    await using server = await startScriptedModelServer([{ reply, chunkSize: 23, cutAfterChars: cutAt }]);
    const { events, done, error } = await run(
      { prompt: 'a habit tracker', modules: [] },
      createModelProvider(spec, settings(server.url)),
    );

    expect(done).toBeUndefined();
    expect(error?.kind).toBe('external');
    expect(error?.message).toMatch(new RegExp(`cut off after ${cutAt} characters`));
    expect(error?.details).toMatchObject({ cutOff: true, receivedChars: cutAt });
    // The page was complete before the cut; the component's draft holds everything up to the cut.
    expect(lastDraft(events, PAGE)).toEqual({
      content: fixtureModules('multi-file-app')[0]?.content,
      done: true,
    });
    const draft = lastDraft(events, HABIT_ROW);
    expect(draft?.done).toBe(false);
    expect(draft?.content).toContain('export default function HabitRow');
    expect(reply.slice(0, cutAt)).toContain(draft?.content ?? '<missing>');
    expect(server.requests).toHaveLength(1);
  });

  it('retries after a 429 and then succeeds', async () => {
    await using server = await startScriptedModelServer([
      { reply: '', status: 429 },
      { reply: readFixture('multi-file-app') },
    ]);
    const { done, error } = await run(
      { prompt: 'a habit tracker', modules: [] },
      createModelProvider(spec, settings(server.url)),
    );

    expect(error).toBeUndefined();
    expect(done?.modules.map((m) => m.filePath)).toEqual([PAGE, HABIT_ROW]);
    expect(server.requests).toHaveLength(2);
  });

  it('continues a reply cut off at the token limit (finish reason length) with a continue request', async () => {
    const whole = readFixture('multi-file-app');
    const cut = whole.indexOf('</kiln:file>') - 40;
    await using server = await startScriptedModelServer([
      { reply: whole.slice(0, cut), finish: 'length', chunkSize: 13 },
      { reply: whole.slice(cut), chunkSize: 11 },
    ]);
    const { provider, finishReason } = capturing(createModelProvider(spec, settings(server.url)));
    const { done } = await run({ prompt: 'a habit tracker', modules: [] }, provider);

    expect(done?.modules).toEqual(fixtureModules('multi-file-app'));
    expect(done?.problems).toBeUndefined();
    expect(await finishReason()).toBe('stop');
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]?.messages.slice(-2)).toEqual([
      { role: 'assistant', content: whole.slice(0, cut) },
      { role: 'user', content: CONTINUE_MESSAGE },
    ]);
  });

  it('fails with rate_limited when every retry gets a 429', async () => {
    await using server = await startScriptedModelServer([
      { reply: '', status: 429 },
      { reply: '', status: 429 },
      { reply: '', status: 429 },
    ]);
    const { error } = await run(
      { prompt: 'a habit tracker', modules: [] },
      createModelProvider(spec, settings(server.url)),
    );

    expect(error?.kind).toBe('rate_limited');
    expect(error?.message).toMatch(/rate-limiting requests \(HTTP 429\) after 3 attempts/);
    expect(server.requests).toHaveLength(3);
  });

  it('turns a 500 that outlasts the retries into a clear external error', async () => {
    await using server = await startScriptedModelServer([
      { reply: '', status: 500 },
      { reply: '', status: 500 },
      { reply: '', status: 500 },
    ]);
    const { events, error } = await run(
      { prompt: 'a habit tracker', modules: [] },
      createModelProvider(spec, settings(server.url)),
    );

    expect(error?.kind).toBe('external');
    expect(error?.message).toBe(
      `${api === 'openai' ? 'OpenAI' : 'Anthropic'} answered HTTP 500 after 3 attempts: The server had an error.`,
    );
    expect(error?.details).toMatchObject({ status: 500, attempts: 3 });
    expect(events.some((e) => e.type === 'module')).toBe(false);
    expect(server.requests).toHaveLength(3);
  });

  it('never puts the API key in the error when the provider echoes it back', async () => {
    await using server = await startScriptedModelServer([
      {
        reply: '',
        status: 401,
        errorMessage: `Incorrect API key provided: ${key}. Find your key in settings.`,
      },
    ]);
    const { error } = await run(
      { prompt: 'a habit tracker', modules: [] },
      createModelProvider(spec, settings(server.url)),
    );

    expect(error?.kind).toBe('external');
    expect(error?.message).toMatch(/rejected the API key \(HTTP 401\)/);
    expect(error?.message).toContain(api === 'openai' ? 'OPENAI_API_KEY' : 'ANTHROPIC_API_KEY');
    expect(error?.message).not.toContain(key);
    expect(JSON.stringify(error?.toJSON())).not.toContain(key);
    expect(server.requests).toHaveLength(1);
  });

  it('recovers modules from malformed tags: an unclosed file tag, code outside tags, a file left open at the end', async () => {
    await using server = await startScriptedModelServer([
      { reply: readFixture('malformed-tags'), chunkSize: 7 },
    ]);
    const { done, error } = await run(
      { prompt: 'a counter', modules: [] },
      createModelProvider(spec, settings(server.url)),
    );

    expect(error).toBeUndefined();
    expect(done?.modules.map((m) => [m.filePath, m.moduleType])).toEqual([
      [PAGE, 'PAGE'],
      ['apps/web/src/components/Counter.tsx', 'COMPONENT'],
      ['apps/web/src/components/Footer.tsx', 'COMPONENT'],
    ]);
    expect(moduleOf(done, PAGE)?.content).toContain('<Counter start={0} />');
    expect(moduleOf(done, PAGE)?.content).not.toContain('<kiln:file');
    // `n < 10` only looks like a tag: it stays code.
    expect(moduleOf(done, 'apps/web/src/components/Counter.tsx')?.content).toContain('{n < 10 ? `Clicked');
    expect(moduleOf(done, 'apps/web/src/components/Footer.tsx')?.content).toContain('Made with Kiln');
    // Code written outside any tag is chat text, not a module, and is not lost.
    expect(done?.modules.some((m) => m.filePath.includes('ResetButton'))).toBe(false);
    expect(done?.message).toContain('export default function ResetButton()');
  });
});

describe('other providers and requests', () => {
  it('ollama: streams through the OpenAI-compatible provider and reports usage', async () => {
    await using server = await startScriptedModelServer([
      { reply: readFixture('multi-file-app'), usage: { inputTokens: 10, outputTokens: 20 } },
    ]);
    const { provider, usage } = capturing(
      createModelProvider('ollama:qwen2.5-coder:14b', { baseUrl: server.url }),
    );
    const { done, error } = await run({ prompt: 'a habit tracker', modules: [] }, provider);

    expect(error).toBeUndefined();
    expect(done?.modules).toEqual(fixtureModules('multi-file-app'));
    expect(await usage()).toEqual({ inputTokens: 10, outputTokens: 20 });
    expect(server.requests[0]?.model).toBe('qwen2.5-coder:14b');
    expect(server.requests[0]?.body.stream_options).toEqual({ include_usage: true });
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('a server that is not running gives a clear external error naming the provider', async () => {
    const port = await closedPort();
    const { error } = await run(
      { prompt: 'a habit tracker', modules: [] },
      createModelProvider('ollama:llama3.1', { baseUrl: `http://127.0.0.1:${port}/v1`, maxRetries: 0 }),
    );

    expect(error?.kind).toBe('external');
    expect(error?.message).toMatch(/^Could not reach Ollama: .*ECONNREFUSED.*KILN_MODEL_BASE_URL/);
  });

  it('FIX_CHANGE: sends only the failing module and its error, and applies the fix as an edit', async () => {
    await using server = await startScriptedModelServer([{ reply: readFixture('fix-change') }]);
    const [page, row] = fixtureModules('multi-file-app');
    const broken = { ...row, content: row?.content.replace('{props.streak}', '{streak}') ?? '' } as GenModule;
    const { done, error } = await run(
      {
        prompt: 'Fix the error',
        action: 'FIX_CHANGE',
        modules: [page as GenModule, broken],
        error: { filePath: HABIT_ROW, message: 'ReferenceError: streak is not defined' },
      },
      createModelProvider('openai:gpt-4o-mini', { openaiApiKey: OPENAI_KEY, baseUrl: server.url }),
    );

    expect(error).toBeUndefined();
    expect(moduleOf(done, HABIT_ROW)?.content).toBe(row?.content);
    const sent = server.requests[0]?.messages[0]?.content ?? '';
    expect(sent).toContain(`<kiln:error path="${HABIT_ROW}">\nReferenceError: streak is not defined`);
    expect(sent).toContain('<kiln:request action="FIX_CHANGE">');
    expect(sent).toContain(broken.content);
    expect(sent).not.toContain((page as GenModule).content);
    expect(moduleOf(done, (page as GenModule).filePath)?.content).toBe((page as GenModule).content);
  });

  it('an abort mid-stream ends with an aborted done that keeps what arrived', async () => {
    await using server = await startScriptedModelServer([
      { reply: readFixture('multi-file-app'), chunkSize: 50, delayMs: 15 },
    ]);
    const controller = new AbortController();
    const { done, error } = await run(
      { prompt: 'a habit tracker', modules: [] },
      createModelProvider('openai:gpt-4o-mini', { openaiApiKey: OPENAI_KEY, baseUrl: server.url }),
      {
        signal: controller.signal,
        onEvent: (ev) => {
          if (ev.type === 'module' && ev.module.filePath === PAGE) controller.abort();
        },
      },
    );

    expect(error).toBeUndefined();
    expect(done?.aborted).toBe(true);
    expect(moduleOf(done, PAGE)?.content).toContain('import');
    expect(moduleOf(done, HABIT_ROW)).toBeUndefined();
  });
});

describe('createModelProvider', () => {
  const url = 'http://127.0.0.1:9/v1';
  const ok: [string, ModelSettings, string][] = [
    ['builtin', {}, 'builtin'],
    ['', {}, 'builtin'],
    ['openai:gpt-4o-mini', { openaiApiKey: 'k' }, 'openai:gpt-4o-mini'],
    [' OpenAI:gpt-4o ', { apiKey: 'k' }, 'openai:gpt-4o'],
    ['anthropic:claude-sonnet-4-5', { anthropicApiKey: 'k' }, 'anthropic:claude-sonnet-4-5'],
    ['anthropic:claude-sonnet-4-5', { apiKey: 'k', baseUrl: url }, 'anthropic:claude-sonnet-4-5'],
    ['ollama:llama3.1:8b', {}, 'ollama:llama3.1:8b'],
    ['lmstudio:qwen2.5-coder-14b', {}, 'lmstudio:qwen2.5-coder-14b'],
    [
      'openai-compatible:meta-llama/llama-3.1-8b-instruct:free',
      { baseUrl: url },
      'openai-compatible:meta-llama/llama-3.1-8b-instruct:free',
    ],
  ];
  it.each(ok)('%j with %j → %s', (spec, settings, id) => {
    expect(createModelProvider(spec, settings).id).toBe(id);
  });

  const bad: [string, ModelSettings, RegExp][] = [
    ['openai:gpt-4o-mini', {}, /needs an API key: set OPENAI_API_KEY \(or KILN_MODEL_API_KEY\)/],
    ['openai:gpt-4o-mini', { anthropicApiKey: 'k' }, /OPENAI_API_KEY/],
    ['anthropic:claude-sonnet-4-5', { openaiApiKey: 'k' }, /needs an API key: set ANTHROPIC_API_KEY/],
    ['openai-compatible:my-model', {}, /needs the server's base URL: set KILN_MODEL_BASE_URL/],
    ['gpt-4o', {}, /KILN_MODEL="gpt-4o" names no known provider: set KILN_MODEL to builtin or to one of/],
    ['mistral:large', {}, /names no known provider/],
    ['openai:', { openaiApiKey: 'k' }, /names no model: set KILN_MODEL to openai:<model>/],
    ['ollama:llama3', { baseUrl: 'localhost:11434' }, /KILN_MODEL_BASE_URL must be an http/],
    ['ollama:llama3', { baseUrl: 'not a url' }, /KILN_MODEL_BASE_URL="not a url" is not a URL/],
    ['ollama:llama3', { maxRetries: -1 }, /maxRetries/],
  ];
  it.each(bad)('%j with %j → validation error %s', (spec, settings, message) => {
    let thrown: unknown;
    try {
      createModelProvider(spec, settings);
    } catch (e) {
      thrown = e;
    }
    expect(isKilnError(thrown) && thrown.kind).toBe('validation');
    expect((thrown as Error).message).toMatch(message);
  });
});

describe('modelSettingsFromEnv', () => {
  it('reads the documented variables and treats empty ones as unset', () => {
    expect(
      modelSettingsFromEnv({
        OPENAI_API_KEY: ' sk-1 ',
        ANTHROPIC_API_KEY: '',
        KILN_MODEL_API_KEY: 'k',
        KILN_MODEL_BASE_URL: 'http://127.0.0.1:8000/v1',
      }),
    ).toEqual({
      openaiApiKey: 'sk-1',
      anthropicApiKey: undefined,
      apiKey: 'k',
      baseUrl: 'http://127.0.0.1:8000/v1',
    });
  });

  it('the builtin provider reports no usage, so generate keeps its estimate', async () => {
    const { provider, usage } = capturing(createModelProvider('builtin', {}));
    const { done } = await run({ prompt: 'a todo list app', modules: [] }, provider);
    expect(done?.modules.length).toBeGreaterThan(0);
    expect(await usage()).toBeNull();
  });
});

describe('describeModels', () => {
  it('reports the active OpenAI-compatible server as reachable, with its models', async () => {
    await using server = await startScriptedModelServer();
    const rows = await describeModels({
      model: 'ollama:scripted-model',
      baseUrl: server.url,
      openaiApiKey: 'k',
    });
    const byId = Object.fromEntries(rows.map((r) => [r.id, r]));

    expect(rows.map((r) => r.id)).toEqual([
      'builtin',
      'openai',
      'anthropic',
      'ollama',
      'lmstudio',
      'openai-compatible',
    ]);
    expect(byId.ollama).toEqual({
      id: 'ollama',
      active: true,
      configured: true,
      reachable: true,
      detail: `${server.url} answered with 1 model; model scripted-model is available.`,
    });
    expect(byId.builtin).toMatchObject({ configured: true, reachable: null, active: false });
    expect(byId.openai).toMatchObject({ configured: true, reachable: null });
    expect(byId.anthropic).toMatchObject({ configured: false, reachable: null });
    expect(byId.anthropic?.detail).toContain('ANTHROPIC_API_KEY');
    expect(byId['openai-compatible']).toMatchObject({ configured: false, reachable: null });
    expect(byId['openai-compatible']?.detail).toContain('KILN_MODEL_BASE_URL');
  });

  it('reports a closed port as not reachable', async () => {
    const port = await closedPort();
    const rows = await describeModels({
      model: 'openai-compatible:m',
      baseUrl: `http://127.0.0.1:${port}/v1`,
    });
    const row = rows.find((r) => r.id === 'openai-compatible');

    expect(row).toMatchObject({ active: true, configured: true, reachable: false });
    expect(row?.detail).toBe(`http://127.0.0.1:${port}/v1 did not answer: ECONNREFUSED.`);
  });

  it('reports a server that never answers as not reachable once the timeout passes', async () => {
    const sockets = new Set<Socket>();
    const silent = createTcpServer((socket) => {
      sockets.add(socket);
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    await using _silent = {
      [Symbol.asyncDispose]: () => {
        for (const socket of sockets) socket.destroy();
        return new Promise<void>((resolve) => silent.close(() => resolve()));
      },
    };
    const port = (silent.address() as { port: number }).port;
    const rows = await describeModels({
      model: 'lmstudio:m',
      baseUrl: `http://127.0.0.1:${port}/v1`,
      timeoutMs: 200,
    });

    expect(rows.find((r) => r.id === 'lmstudio')).toMatchObject({
      reachable: false,
      detail: `http://127.0.0.1:${port}/v1 did not answer: no answer within 200 ms.`,
    });
  });
});

/** A port nothing listens on: bind one, then close it. */
async function closedPort(): Promise<number> {
  const server = createTcpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
