/**
 * Migrations, FUNCTION modules and the `package_documentation` tool end to end: `generate` through
 * `createModelProvider` over real HTTP against the scripted model server, in the OpenAI and Anthropic
 * streaming formats. A tool round is a second HTTP request carrying the reply so far and the tool result.
 */
import { describe, expect, it } from 'vitest';
import { generate } from '../src/generate.ts';
import { createModelProvider, type ModelSettings } from '../src/providers/index.ts';
import type { GenerateRequest, GenerationEvent, ModelProvider } from '../src/types.ts';
import { startScriptedModelServer } from './scripted-model-server.ts';

const OPENAI_KEY = 'sk-test-openai-0123456789abcdef';
const ANTHROPIC_KEY = 'sk-ant-test-0123456789abcdef';
const PAGE = 'apps/web/src/app/page.tsx';
const ROUTE = 'apps/web/src/app/api/todos/route.ts';
const CHART = 'apps/web/src/components/SpendingChart.tsx';

type Done = Extract<GenerationEvent, { type: 'done' }>;
type ToolEvent = Extract<GenerationEvent, { type: 'tool' }>;

const APIS = [
  {
    api: 'openai',
    spec: 'openai:gpt-4o-mini',
    settings: (url: string): ModelSettings => ({ openaiApiKey: OPENAI_KEY, baseUrl: url }),
  },
  {
    api: 'anthropic',
    spec: 'anthropic:claude-sonnet-4-5',
    settings: (url: string): ModelSettings => ({ anthropicApiKey: ANTHROPIC_KEY, baseUrl: url }),
  },
] as const;

async function run(
  req: GenerateRequest,
  provider: ModelProvider,
  opts: { signal?: AbortSignal; onEvent?: (ev: GenerationEvent) => void } = {},
): Promise<{ events: GenerationEvent[]; done: Done; tools: ToolEvent[] }> {
  const events: GenerationEvent[] = [];
  for await (const ev of generate(req, provider, opts.signal ? { signal: opts.signal } : {})) {
    events.push(ev);
    opts.onEvent?.(ev);
  }
  const done = events.at(-1);
  if (done?.type !== 'done') throw new Error('no done event');
  expect(events.filter((e) => e.type === 'done')).toHaveLength(1);
  return { events, done, tools: events.filter((e): e is ToolEvent => e.type === 'tool') };
}

const MIGRATION_SQL = `CREATE TABLE todos (
  id serial PRIMARY KEY,
  title text NOT NULL,
  done boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO todos (title) VALUES ('Try Kiln'), ('Ship it');
`;

const ROUTE_SOURCE = `import sql from '@/app/api/utils/sql';

export async function GET() {
  return Response.json(await sql\`SELECT * FROM todos ORDER BY created_at DESC\`);
}

export async function POST(request: Request) {
  const { title } = await request.json();
  if (!title) return Response.json({ error: 'A title is required.' }, { status: 400 });
  const [todo] = await sql\`INSERT INTO todos (title) VALUES (\${title}) RETURNING *\`;
  return Response.json(todo, { status: 201 });
}
`;

const PAGE_SOURCE = `import { useEffect, useState } from 'react';

export default function HomePage() {
  const [todos, setTodos] = useState<{ id: number; title: string }[]>([]);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    fetch('/api/todos')
      .then((r) => (r.ok ? r.json() : []))
      .then(setTodos)
      .catch(() => setTodos([]))
      .finally(() => setLoading(false));
  }, []);
  return <main className="p-8">{loading ? 'Loading…' : todos.map((t) => <p key={t.id}>{t.title}</p>)}</main>;
}
`;

const BACKEND_REPLY = `<kiln:thinking>A todos table, a function, a page.</kiln:thinking>
Your todo list now saves to a database.
<kiln:migration name="create_todos">
${MIGRATION_SQL}</kiln:migration>
<kiln:file path="${ROUTE}" type="FUNCTION">
${ROUTE_SOURCE}</kiln:file>
<kiln:file path="${PAGE}" type="PAGE">
${PAGE_SOURCE}</kiln:file>
Add a todo to try it.`;

const CHART_SOURCE = `export default function SpendingChart() {
  return <div className="h-64 rounded-xl border p-4">Chart</div>;
}
`;

const CHART_PAGE = `import { Bar, BarChart, ResponsiveContainer, XAxis } from 'recharts';
import SpendingChart from '@/components/SpendingChart';

const data = [{ month: 'Jan', total: 420 }, { month: 'Feb', total: 380 }];

export default function HomePage() {
  return (
    <main className="p-8">
      <SpendingChart />
      <ResponsiveContainer width="100%" height={240}>
        <BarChart data={data}><XAxis dataKey="month" /><Bar dataKey="total" fill="#6366f1" /></BarChart>
      </ResponsiveContainer>
    </main>
  );
}
`;

const CALL_RECHARTS = `I'll check how charts work here.
<kiln:file path="${CHART}" type="COMPONENT">
${CHART_SOURCE}</kiln:file>
<kiln:tool-call name="package_documentation">recharts</kiln:tool-call>`;

const WRITE_PAGE = `<kiln:file path="${PAGE}" type="PAGE">
${CHART_PAGE}</kiln:file>
Your spending chart is ready.`;

describe.each(APIS)('$api over real HTTP', ({ spec, settings }) => {
  it('a reply with a migration and a FUNCTION file gives done.migrations, the function module and BUILDING_FUNCTIONALITY', async () => {
    await using server = await startScriptedModelServer([{ reply: BACKEND_REPLY, chunkSize: 13 }]);
    const { events, done } = await run(
      { prompt: 'a todo list app that saves my todos', modules: [] },
      createModelProvider(spec, settings(server.url)),
    );

    expect(done.migrations).toEqual([{ name: 'create_todos', sql: MIGRATION_SQL }]);
    expect(done.modules.map((m) => [m.filePath, m.moduleType])).toEqual([
      [ROUTE, 'FUNCTION'],
      [PAGE, 'PAGE'],
    ]);
    expect(done.modules[0]?.content).toBe(ROUTE_SOURCE);
    expect(done.message).toBe('Your todo list now saves to a database.\n\nAdd a todo to try it.');
    // The migration is backend work: functionality first, then the UI.
    expect(events.filter((e) => e.type === 'status').map((e) => e.status)).toEqual([
      'ENHANCING_PROMPT',
      'BUILDING',
      'BUILDING_FUNCTIONALITY',
      'BUILDING_UI',
    ]);
    const migrationEvents = events.filter(
      (e): e is Extract<GenerationEvent, { type: 'migration' }> => e.type === 'migration',
    );
    expect(migrationEvents.length).toBeGreaterThan(3);
    expect(migrationEvents.filter((e) => e.done)).toEqual([
      { type: 'migration', migration: { name: 'create_todos', sql: MIGRATION_SQL }, done: true },
    ]);
    for (const e of migrationEvents) expect(MIGRATION_SQL.startsWith(e.migration.sql)).toBe(true);
    expect(server.requests).toHaveLength(1);
  });

  it('calls package_documentation, gets recharts docs in a second request and writes the page with them', async () => {
    await using server = await startScriptedModelServer([
      { reply: CALL_RECHARTS, chunkSize: 11, usage: { inputTokens: 1500, outputTokens: 60 } },
      { reply: WRITE_PAGE, chunkSize: 11, usage: { inputTokens: 1900, outputTokens: 140 } },
    ]);
    const { events, done, tools } = await run(
      { prompt: 'a spending tracker', modules: [] },
      createModelProvider(spec, settings(server.url)),
    );

    expect(server.requests).toHaveLength(2);
    const [first, second] = server.requests;
    expect(first?.messages.map((m) => m.role)).toEqual(['user']);
    // The second request: the same request, the reply so far, then the tool result with recharts' docs.
    expect(second?.system).toBe(first?.system);
    expect(second?.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(second?.messages[0]?.content).toBe(first?.messages[0]?.content);
    expect(second?.messages[1]?.content).toBe(CALL_RECHARTS);
    const result = second?.messages[2]?.content ?? '';
    expect(result).toMatch(
      /^<kiln:tool-result name="package_documentation">\n<kiln:doc name="recharts" version="[^"]+" platform="web">\nimport \{[^}]*ResponsiveContainer[^}]*\} from 'recharts';/,
    );
    expect(result).toContain('</kiln:doc>\n</kiln:tool-result>');

    // The component written before the call is kept; the page came after the answer.
    expect(done.modules.map((m) => [m.filePath, m.content])).toEqual([
      [CHART, CHART_SOURCE],
      [PAGE, CHART_PAGE],
    ]);
    expect(done.usage).toEqual({ inputTokens: 3400, outputTokens: 200 });
    expect(done.message).toBe("I'll check how charts work here.\n\nYour spending chart is ready.");
    expect(done.aborted).toBeUndefined();
    expect(tools.map((t) => [t.tool, t.status, t.input])).toEqual([
      ['package_documentation', 'running', 'recharts'],
      ['package_documentation', 'success', 'recharts'],
    ]);
    expect(tools[1]?.output).toBe(
      result.replace(/^<kiln:tool-result[^>]*>\n/, '').replace(/\n<\/kiln:tool-result>$/, ''),
    );
    // running comes when the call's block ends, before the second request's page drafts.
    const at = (pred: (e: GenerationEvent) => boolean) => events.findIndex(pred);
    expect(at((e) => e.type === 'tool' && e.status === 'success')).toBeLessThan(
      at((e) => e.type === 'module' && e.module.filePath === PAGE),
    );
  });
});

describe('package_documentation over real HTTP (OpenAI format)', () => {
  const provider = (url: string) =>
    createModelProvider('openai:gpt-4o-mini', { openaiApiKey: OPENAI_KEY, baseUrl: url });

  it('an unknown package is answered as not available, with the packages there are', async () => {
    await using server = await startScriptedModelServer([
      { reply: '<kiln:tool-call name="package_documentation">chart.js</kiln:tool-call>' },
      { reply: WRITE_PAGE },
    ]);
    const { done, tools } = await run({ prompt: 'a spending tracker', modules: [] }, provider(server.url));

    expect(tools.map((t) => t.status)).toEqual(['running', 'error']);
    expect(tools[1]?.output).toMatch(/^Not available: chart\.js\. Available packages: .*\brecharts\b/);
    expect(tools[1]?.output).toContain('@/components/ui/button');
    expect(tools[1]?.output).not.toContain('react-native');
    const result = server.requests[1]?.messages[2]?.content ?? '';
    expect(result).toContain('Not available: chart.js.');
    expect(done.modules.map((m) => m.filePath)).toEqual([PAGE]);
  });

  it('answers a call whose closer the reply left out, and several packages in one call', async () => {
    await using server = await startScriptedModelServer([
      { reply: 'Checking.\n<kiln:tool-call name="package_documentation">\ndate-fns\nzustand\n' },
      { reply: WRITE_PAGE },
    ]);
    const { tools } = await run({ prompt: 'a habit tracker', modules: [] }, provider(server.url));

    expect(tools.map((t) => [t.status, t.input])).toEqual([
      ['running', 'date-fns\nzustand'],
      ['success', 'date-fns\nzustand'],
    ]);
    const result = server.requests[1]?.messages[2]?.content ?? '';
    expect(result).toContain('<kiln:doc name="date-fns"');
    expect(result).toContain('<kiln:doc name="zustand"');
  });

  it('answers two rounds; a third call gets no answer and the generation ends with what it has', async () => {
    await using server = await startScriptedModelServer([
      { reply: '<kiln:tool-call name="package_documentation">recharts</kiln:tool-call>' },
      {
        reply: `<kiln:file path="${CHART}" type="COMPONENT">\n${CHART_SOURCE}</kiln:file>\n<kiln:tool-call name="package_documentation">date-fns</kiln:tool-call>`,
      },
      { reply: 'One more.\n<kiln:tool-call name="package_documentation">zustand</kiln:tool-call>' },
      { reply: WRITE_PAGE },
    ]);
    const { done, tools } = await run({ prompt: 'a spending tracker', modules: [] }, provider(server.url));

    expect(server.requests).toHaveLength(3);
    expect(server.pending()).toBe(1);
    expect(tools.map((t) => [t.status, t.input])).toEqual([
      ['running', 'recharts'],
      ['success', 'recharts'],
      ['running', 'date-fns'],
      ['success', 'date-fns'],
      ['running', 'zustand'],
      ['error', 'zustand'],
    ]);
    expect(tools[5]?.output).toBe(
      'Not answered: a generation may look documentation up in at most 2 rounds.',
    );
    // The third request carried both earlier rounds.
    expect(server.requests[2]?.messages.map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
    ]);
    expect(done.aborted).toBeUndefined();
    expect(done.modules.map((m) => m.filePath)).toEqual([CHART]);
    expect(done.message).toBe('One more.');
  });

  it('an abort during the second round cancels the call not yet answered and ends with an aborted done', async () => {
    await using server = await startScriptedModelServer([
      { reply: '<kiln:tool-call name="package_documentation">recharts</kiln:tool-call>' },
      {
        reply: `${WRITE_PAGE}\n<kiln:tool-call name="package_documentation">date-fns</kiln:tool-call>\nand then some more text that never arrives`,
        chunkSize: 30,
        delayMs: 10,
      },
      { reply: 'never requested' },
    ]);
    const controller = new AbortController();
    const { done, tools } = await run({ prompt: 'a spending tracker', modules: [] }, provider(server.url), {
      signal: controller.signal,
      onEvent: (ev) => {
        if (ev.type === 'tool' && ev.input === 'date-fns' && ev.status === 'running') controller.abort();
      },
    });

    expect(tools.map((t) => [t.status, t.input])).toEqual([
      ['running', 'recharts'],
      ['success', 'recharts'],
      ['running', 'date-fns'],
      ['cancelled', 'date-fns'],
    ]);
    expect(done.aborted).toBe(true);
    expect(done.modules.find((m) => m.filePath === PAGE)?.content).toBe(CHART_PAGE);
    expect(server.requests).toHaveLength(2);
    expect(server.pending()).toBe(1);
  });

  it('an abort while a call waits for its answer cancels it and sends no second request', async () => {
    await using server = await startScriptedModelServer([
      { reply: 'Looking it up.\n<kiln:tool-call name="package_documentation">recharts</kiln:tool-call>' },
      { reply: WRITE_PAGE },
    ]);
    const controller = new AbortController();
    const { done, tools } = await run({ prompt: 'a spending tracker', modules: [] }, provider(server.url), {
      signal: controller.signal,
      onEvent: (ev) => {
        if (ev.type === 'tool' && ev.status === 'running') controller.abort();
      },
    });

    expect(tools.map((t) => t.status)).toEqual(['running', 'cancelled']);
    expect(done.aborted).toBe(true);
    expect(done.message).toBe('Looking it up.');
    expect(server.requests).toHaveLength(1);
  });
});

describe('the database in the request (OpenAI format)', () => {
  it('sends the tables and applied migrations, and a new migration never reuses an applied name', async () => {
    await using server = await startScriptedModelServer([
      {
        reply:
          '<kiln:migration name="create_todos">CREATE TABLE todos (id serial primary key);</kiln:migration>\n<kiln:migration>ALTER TABLE todos ADD COLUMN due_date date;</kiln:migration>\n<kiln:migration>ALTER TABLE todos ADD COLUMN notes text;</kiln:migration>',
      },
    ]);
    const { done } = await run(
      {
        prompt: 'add due dates and notes',
        modules: [{ filePath: PAGE, moduleType: 'PAGE', content: PAGE_SOURCE }],
        database: {
          tables: [
            {
              name: 'todos',
              columns: [
                { name: 'id', type: 'integer' },
                { name: 'title', type: 'text' },
                { name: 'done', type: 'boolean' },
                { name: 'created_at', type: 'timestamptz' },
              ],
            },
          ],
          migrations: ['create_todos', 'migration'],
        },
      },
      createModelProvider('openai:gpt-4o-mini', { openaiApiKey: OPENAI_KEY, baseUrl: server.url }),
    );

    const sent = server.requests[0]?.messages[0]?.content ?? '';
    expect(sent).toContain(
      '<kiln:database>\ntodos(id integer, title text, done boolean, created_at timestamptz)\nMigrations applied: create_todos, migration\n</kiln:database>',
    );
    expect(sent.indexOf('<kiln:database>')).toBeLessThan(sent.indexOf('<kiln:project>'));
    expect(done.migrations?.map((m) => m.name)).toEqual(['create_todos_2', 'migration_2', 'migration_3']);
    expect(done.migrations?.[1]?.sql).toBe('ALTER TABLE todos ADD COLUMN due_date date;\n');
  });
});
