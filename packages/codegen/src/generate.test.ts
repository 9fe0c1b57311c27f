import { describe, expect, it } from 'vitest';
import { generate } from './generate.ts';
import { SYSTEM_PROMPT } from './prompt.ts';
import type { GenerationEvent, GenModule, ModelProvider, ProviderMessage } from './types.ts';

/** A provider that replays a scripted reply in fixed chunks (with several, one per request; the last repeats). */
function scripted(
  replies: string | string[],
  chunkSize = 7,
): ModelProvider & { seen: { system: string; content: string }[] } {
  const seen: { system: string; content: string }[] = [];
  const list = typeof replies === 'string' ? [replies] : replies;
  return {
    id: 'scripted',
    seen,
    async *stream({ system, messages }) {
      const reply = list[Math.min(seen.length, list.length - 1)] ?? '';
      seen.push({ system, content: messages.map((m) => m.content).join('\n') });
      for (let i = 0; i < reply.length; i += chunkSize) yield reply.slice(i, i + chunkSize);
    },
  };
}

async function collect(it: AsyncIterable<GenerationEvent>): Promise<GenerationEvent[]> {
  const out: GenerationEvent[] = [];
  for await (const e of it) out.push(e);
  return out;
}

function doneOf(events: GenerationEvent[]) {
  const done = events.filter((e) => e.type === 'done');
  expect(done).toHaveLength(1);
  expect(events.at(-1)?.type).toBe('done');
  return done[0] as Extract<GenerationEvent, { type: 'done' }>;
}

const CARD: GenModule = {
  filePath: 'apps/web/src/components/Card.tsx',
  moduleType: 'COMPONENT',
  content: 'export default function Card() {\n  return <div className="bg-indigo-600">Hi</div>;\n}\n',
};

describe('generate', () => {
  it('streams statuses, text and module drafts, and ends with one done holding the modules', async () => {
    const reply =
      'Here you go.\n<kiln:file path="apps/web/src/app/page.tsx" type="PAGE">\nexport default function HomePage() {\n  return <main className="p-8">Hello</main>;\n}\n</kiln:file>\n<kiln:file path="apps/web/src/app/api/hello/route.ts">\nexport async function GET() {\n  return Response.json({ ok: true });\n}\n</kiln:file>\nAll set.';
    const events = await collect(generate({ prompt: 'A todo list app', modules: [] }, scripted(reply)));
    const statuses = events.filter((e) => e.type === 'status').map((e) => e.status);
    expect(statuses).toEqual(['ENHANCING_PROMPT', 'BUILDING', 'BUILDING_UI', 'BUILDING_FUNCTIONALITY']);
    const drafts = events.filter((e) => e.type === 'module' && !e.done);
    expect(drafts.length).toBeGreaterThan(3);
    const done = doneOf(events);
    expect(done.modules.map((m) => [m.filePath, m.moduleType])).toEqual([
      ['apps/web/src/app/page.tsx', 'PAGE'],
      ['apps/web/src/app/api/hello/route.ts', 'FUNCTION'],
    ]);
    expect(done.message).toBe('Here you go.\n\nAll set.');
    expect(done.appType).toBe('TODO_LIST_APP');
    expect(done.usage.outputTokens).toBe(Math.ceil(reply.length / 4));
    expect(done.usage.inputTokens).toBeGreaterThan(100);
    expect(done.missedEdits).toBeUndefined();
  });

  it('sends the current modules and the prompt to the provider', async () => {
    const provider = scripted('ok');
    await collect(generate({ prompt: 'make it teal', modules: [CARD] }, provider));
    expect(provider.seen[0]?.content).toContain(CARD.content);
    expect(provider.seen[0]?.content).toContain(
      '<kiln:request action="CHAT">\nmake it teal\n</kiln:request>',
    );
    expect(provider.seen[0]?.system).toContain('<<<<<<< SEARCH');
  });

  it('applies edits to the existing module, asks once again for a miss, and reports it when the retry writes nothing', async () => {
    const reply = `<kiln:edit path="${CARD.filePath}">\n<<<<<<< SEARCH\nbg-indigo-600\n=======\nbg-teal-600\n>>>>>>> REPLACE\n<<<<<<< SEARCH\nnot in the file\n=======\nx\n>>>>>>> REPLACE\n</kiln:edit>`;
    const provider = scripted([reply, 'Sorry, I cannot.'], 5);
    const events = await collect(generate({ prompt: 'teal', modules: [CARD], action: 'CHAT' }, provider));
    const done = doneOf(events);
    expect(done.modules[0]?.content).toContain('bg-teal-600');
    expect(done.missedEdits).toEqual([{ filePath: CARD.filePath, missed: 1, reason: 'no-match' }]);
    expect(done.problems).toEqual([
      {
        kind: 'missed-edit',
        filePath: CARD.filePath,
        message: `The edit to ${CARD.filePath} did not match the file, even after asking the model again.`,
      },
    ]);
    expect(provider.seen).toHaveLength(2);
    expect(provider.seen[1]?.content).toContain('1 SEARCH block matched nothing in the file');
    // The retry's chat text is not the reply's message.
    expect(done.message).toBe('');
    expect(done.appType).toBeUndefined();
    expect(events.filter((e) => e.type === 'status').map((e) => e.status)).toEqual([
      'BUILDING',
      'BUILDING_UI',
    ]);
  });

  it('keeps the module unchanged when edits overlap and records it', async () => {
    const reply = `<kiln:edit path="${CARD.filePath}">\n<<<<<<< SEARCH\nbg-indigo-600\n=======\nbg-teal-600\n>>>>>>> REPLACE\n<<<<<<< SEARCH\nindigo\n=======\nrose\n>>>>>>> REPLACE\n</kiln:edit>`;
    const done = doneOf(await collect(generate({ prompt: 'x', modules: [CARD] }, scripted(reply))));
    expect(done.modules[0]?.content).toBe(CARD.content);
    expect(done.missedEdits).toEqual([{ filePath: CARD.filePath, missed: 2, reason: 'overlap' }]);
  });

  it('deletes and renames modules', async () => {
    const reply = `<kiln:rename from="${CARD.filePath}" to="apps/web/src/components/Tile.tsx"/><kiln:delete path="apps/web/src/app/page.tsx"/>`;
    const page: GenModule = { filePath: 'apps/web/src/app/page.tsx', moduleType: 'PAGE', content: 'x' };
    const events = await collect(generate({ prompt: 'x', modules: [CARD, page] }, scripted(reply)));
    expect(events.filter((e) => e.type === 'delete').map((e) => e.filePath)).toEqual([
      CARD.filePath,
      page.filePath,
    ]);
    expect(doneOf(events).modules.map((m) => [m.filePath, m.moduleType])).toEqual([
      ['apps/web/src/components/Tile.tsx', 'COMPONENT'],
    ]);
  });

  it('ends with an aborted done holding what arrived when the signal aborts', async () => {
    const controller = new AbortController();
    const provider: ModelProvider = {
      id: 'slow',
      async *stream({ signal }) {
        yield '<kiln:file path="apps/web/src/app/page.tsx">\nexport default function HomePage() {\n';
        controller.abort();
        if (signal?.aborted) throw new DOMException('aborted', 'AbortError');
        yield 'never';
      },
    };
    const events = await collect(
      generate({ prompt: 'x', modules: [] }, provider, { signal: controller.signal }),
    );
    const done = doneOf(events);
    expect(done.aborted).toBe(true);
    expect(done.modules[0]?.content).toBe('export default function HomePage() {\n');
  });

  it('throws provider errors that are not cancellations', async () => {
    const provider: ModelProvider = {
      id: 'broken',
      // biome-ignore lint/correctness/useYield: a provider that fails before its first chunk
      async *stream() {
        throw new Error('429 Too Many Requests');
      },
    };
    await expect(collect(generate({ prompt: 'x', modules: [] }, provider))).rejects.toThrow('429');
  });
});

/** A provider that answers each request with the next reply, recording the messages it was sent. */
function conversation(replies: string[]): ModelProvider & { seen: ProviderMessage[][] } {
  const seen: ProviderMessage[][] = [];
  return {
    id: 'conversation',
    seen,
    async *stream({ messages }) {
      seen.push(messages);
      const reply = replies[seen.length - 1] ?? '';
      for (let i = 0; i < reply.length; i += 9) yield reply.slice(i, i + 9);
    },
  };
}

describe('generate: migrations', () => {
  it('keeps names unique within the generation and against the applied ones, and skips empty blocks', async () => {
    const reply = [
      '<kiln:migration name="create_todos">CREATE TABLE todos (id serial primary key);</kiln:migration>',
      '<kiln:migration name="create_todos">CREATE TABLE todo_tags (id serial primary key);</kiln:migration>',
      '<kiln:migration name="empty">\n</kiln:migration>',
      '<kiln:migration>CREATE TABLE notes (id int);</kiln:migration>',
    ].join('\n');
    const events = await collect(
      generate(
        { prompt: 'x', modules: [CARD], database: { tables: [], migrations: ['create_notes'] } },
        scripted(reply),
      ),
    );
    const done = doneOf(events);
    expect(done.migrations?.map((m) => m.name)).toEqual(['create_todos', 'create_todos_2', 'create_notes_2']);
    expect(
      events
        .filter((e) => e.type === 'migration' && e.done)
        .map((e) => e.type === 'migration' && e.migration.name),
    ).toEqual(['create_todos', 'create_todos_2', 'create_notes_2']);
    expect(events.filter((e) => e.type === 'status').map((e) => e.status)).toEqual([
      'BUILDING',
      'BUILDING_FUNCTIONALITY',
    ]);
  });

  it('has no migrations field when the reply wrote none', async () => {
    expect(
      doneOf(await collect(generate({ prompt: 'x', modules: [CARD] }, scripted('ok')))).migrations,
    ).toBeUndefined();
  });
});

describe('generate: tool calls', () => {
  it('sums the estimated usage of every round when the provider reports none', async () => {
    const first = '<kiln:tool-call name="package_documentation">clsx</kiln:tool-call>';
    const second = 'Done.';
    const provider = conversation([first, second]);
    const done = doneOf(await collect(generate({ prompt: 'x', modules: [] }, provider)));
    expect(provider.seen).toHaveLength(2);
    expect(done.usage.outputTokens).toBe(Math.ceil(first.length / 4) + Math.ceil(second.length / 4));
    const inputs = provider.seen.map((msgs) =>
      Math.ceil((SYSTEM_PROMPT + msgs.map((m) => m.content).join('')).length / 4),
    );
    expect(done.usage.inputTokens).toBe((inputs[0] ?? 0) + (inputs[1] ?? 0));
  });

  it('answers a call to a tool that does not exist without a tool event; a made-up result is ignored', async () => {
    const provider = conversation([
      'Hmm.<kiln:tool-call name="web_search">kiln</kiln:tool-call><kiln:tool-result name="web_search">made up</kiln:tool-result>',
      'Ok.',
    ]);
    const events = await collect(generate({ prompt: 'x', modules: [] }, provider));
    expect(events.filter((e) => e.type === 'tool')).toEqual([]);
    expect(provider.seen[1]?.[2]?.content).toBe(
      '<kiln:tool-result name="web_search">\nThere is no tool "web_search". The tools are package_documentation, read_file and grep_codebase.\n</kiln:tool-result>',
    );
    expect(doneOf(events).message).toBe('Hmm.\nOk.');
  });

  it('a call without a name is a package_documentation call; a mobile project is offered mobile packages', async () => {
    const provider = conversation(['<kiln:tool-call>charts-lib</kiln:tool-call>', 'Ok.']);
    const screen: GenModule = {
      filePath: 'apps/mobile/src/app/index.tsx',
      moduleType: 'EXPO_PAGE',
      content: "import { View } from 'react-native';\nexport default function Home() { return <View />; }\n",
    };
    const events = await collect(generate({ prompt: 'x', modules: [screen] }, provider));
    const tools = events.filter((e) => e.type === 'tool');
    expect(tools.map((t) => t.type === 'tool' && [t.tool, t.status])).toEqual([
      ['package_documentation', 'running'],
      ['package_documentation', 'error'],
    ]);
    const output = tools[1]?.type === 'tool' ? (tools[1].output ?? '') : '';
    expect(output).toContain('react-native');
    expect(output).not.toContain('@/components/ui/button');
  });

  it('a reply without tool calls makes one request', async () => {
    const provider = conversation([
      '<kiln:file path="apps/web/src/app/page.tsx">\nexport default function A() {}\n</kiln:file>',
    ]);
    const done = doneOf(await collect(generate({ prompt: 'x', modules: [] }, provider)));
    expect(provider.seen).toHaveLength(1);
    expect(done.modules).toHaveLength(1);
  });
});

describe('generate: message blocks', () => {
  const OLD: GenModule = {
    filePath: 'apps/web/src/components/Old.tsx',
    moduleType: 'COMPONENT',
    content: 'export default function Old() {\n  return null;\n}\n',
  };
  const SAME: GenModule = {
    filePath: 'apps/web/src/components/Same.tsx',
    moduleType: 'COMPONENT',
    content: 'export default function Same() {\n  return <p>same</p>;\n}\n',
  };
  const FIRST_REPLY = `<kiln:thinking>
Plan: a table, its function, then the page.
</kiln:thinking>
Working on it.
<kiln:migration name="create_todos">CREATE TABLE todos (id serial PRIMARY KEY, title text NOT NULL);</kiln:migration>
<kiln:file path="apps/web/src/app/api/todos/route.ts">
export async function GET() {
  return Response.json([]);
}
</kiln:file>
<kiln:tool-call name="package_documentation">recharts</kiln:tool-call>`;
  const SECOND_REPLY = `<kiln:file path="apps/web/src/app/page.tsx" type="PAGE">
export default function HomePage() {
  return <main>Todos</main>;
}
</kiln:file>
<kiln:edit path="apps/web/src/components/Card.tsx">
<<<<<<< SEARCH
bg-indigo-600
=======
bg-blue-600
>>>>>>> REPLACE
</kiln:edit>
<kiln:file path="apps/web/src/app/page.tsx" type="PAGE">
export default function HomePage() {
  return <main>My todos</main>;
}
</kiln:file>
<kiln:delete path="apps/web/src/components/Old.tsx"/>
<kiln:file path="apps/web/src/components/Same.tsx">
${SAME.content}</kiln:file>
Done.
<kiln:choices>
make it blue
add a page called About
</kiln:choices>
<kiln:publish/>`;

  it('lists what the reply did, in order: plan, migration, files once each, tool call, choices, publish', async () => {
    const provider = conversation([FIRST_REPLY, SECOND_REPLY]);
    const done = doneOf(
      await collect(generate({ prompt: 'add todos', modules: [CARD, OLD, SAME] }, provider)),
    );
    expect(done.blocks).toEqual([
      { kind: 'thinking', text: 'Plan: a table, its function, then the page.' },
      { kind: 'function', migration: 'create_todos' },
      {
        kind: 'function',
        filePath: 'apps/web/src/app/api/todos/route.ts',
        name: 'Todos',
        moduleType: 'FUNCTION',
        change: 'created',
      },
      { kind: 'tool-call', tool: 'package_documentation', input: 'recharts', status: 'success' },
      {
        kind: 'page',
        filePath: 'apps/web/src/app/page.tsx',
        name: 'Homepage',
        moduleType: 'PAGE',
        change: 'created',
      },
      {
        kind: 'component',
        filePath: 'apps/web/src/components/Card.tsx',
        name: 'Card',
        moduleType: 'COMPONENT',
        change: 'edited',
      },
      {
        kind: 'component',
        filePath: 'apps/web/src/components/Old.tsx',
        name: 'Old',
        moduleType: 'COMPONENT',
        change: 'deleted',
      },
      { kind: 'choices', choices: ['make it blue', 'add a page called About'] },
      { kind: 'publish' },
    ]);
    // Suggestions and the publish block are not chat text.
    expect(done.message).toBe('Working on it.\n\nDone.');
  });

  it('has a cancelled tool call and what arrived when aborted; no blocks for a plain answer', async () => {
    const ctrl = new AbortController();
    const provider: ModelProvider = {
      id: 'stops',
      async *stream() {
        yield '<kiln:thinking>Look it up.</kiln:thinking><kiln:tool-call name="package_documentation">zustand</kiln:tool-call>';
        ctrl.abort();
      },
    };
    const done = doneOf(
      await collect(generate({ prompt: 'x', modules: [] }, provider, { signal: ctrl.signal })),
    );
    expect(done.aborted).toBe(true);
    expect(done.blocks).toEqual([
      { kind: 'thinking', text: 'Look it up.' },
      { kind: 'tool-call', tool: 'package_documentation', input: 'zustand', status: 'cancelled' },
    ]);
    const plain = doneOf(await collect(generate({ prompt: 'x', modules: [] }, scripted('Hello.'))));
    expect(plain.blocks).toEqual([]);
  });
});
