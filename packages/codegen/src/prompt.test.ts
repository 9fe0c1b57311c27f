import { encode } from 'gpt-tokenizer';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTEXT_BUDGET_TOKENS, moduleBlockTokens, selectContext } from './context-budget.ts';
import { generate } from './generate.ts';
import { createOutputParser } from './output-parser.ts';
import {
  buildPrompt,
  databaseSection,
  MAX_UPFRONT_DOCS,
  readRequestMessage,
  SYSTEM_PROMPT,
} from './prompt.ts';
import type { GenDatabase, GenModule, ModelProvider } from './types.ts';
import { estimateTokens } from './usage.ts';

/** A component of about `tokens` tokens. */
function component(name: string, tokens = 1_000, extra = ''): GenModule {
  const body = `  // ${'x'.repeat(Math.max(0, tokens * 4 - 120))}\n`;
  return {
    filePath: `apps/web/src/components/${name}.tsx`,
    moduleType: 'COMPONENT',
    content: `${extra}export default function ${name}() {\n${body}  return <div />;\n}\n`,
  };
}

function page(segment: string, tokens = 1_000, extra = ''): GenModule {
  const name = `${segment.replace(/(^|-)([a-z])/g, (_m, _d, c: string) => c.toUpperCase()) || 'Home'}Page`;
  return {
    filePath: segment ? `apps/web/src/app/${segment}/page.tsx` : 'apps/web/src/app/page.tsx',
    moduleType: 'PAGE',
    content: `${extra}export default function ${name}() {\n  // ${'y'.repeat(Math.max(0, tokens * 4 - 120))}\n  return <main />;\n}\n`,
  };
}

/** A synthetic project of ~90k tokens: 10 pages, 60 components, 10 functions. */
function largeProject(): GenModule[] {
  const modules: GenModule[] = [page('')];
  for (let i = 0; i < 9; i++) modules.push(page(`section-${i}`));
  for (let i = 0; i < 60; i++) modules.push(component(`Widget${i}`));
  for (let i = 0; i < 10; i++) {
    modules.push({
      filePath: `apps/web/src/app/api/thing-${i}/route.ts`,
      moduleType: 'FUNCTION',
      content: `export async function GET() {\n  // ${'z'.repeat(3_900)}\n  return Response.json({});\n}\n`,
    });
  }
  return modules;
}

const sum = (ms: GenModule[]) => ms.reduce((n, m) => n + moduleBlockTokens(m), 0);

describe('context budget', () => {
  it('sends every module of a project that fits', () => {
    const modules = [page(''), component('Card', 200)];
    const { messages } = buildPrompt({ prompt: 'make it blue', modules });
    const msg = readRequestMessage(messages[0]?.content ?? '');
    expect(msg.files.map((f) => f.filePath)).toEqual(modules.map((m) => m.filePath));
    expect(msg.otherFiles).toEqual([]);
    expect(messages[0]?.content).not.toContain('<kiln:context>');
  });

  it('over the budget sends the relevant modules in full, lists the others by path and says so', () => {
    const modules = largeProject();
    expect(sum(modules)).toBeGreaterThan(3 * DEFAULT_CONTEXT_BUDGET_TOKENS);
    const prompt = 'Change the Widget42 colours on the section-3 page';
    const { messages } = buildPrompt({ prompt, modules });
    const content = messages[0]?.content ?? '';
    const msg = readRequestMessage(content);
    const sent = msg.files.map((f) => f.filePath);
    // Named by component name and by route.
    expect(sent).toContain('apps/web/src/components/Widget42.tsx');
    expect(sent).toContain('apps/web/src/app/section-3/page.tsx');
    // Pages before components before functions.
    expect(sent).toContain('apps/web/src/app/page.tsx');
    expect(sent.filter((p) => p.includes('/api/'))).toEqual([]);
    // Within the budget, every module accounted for exactly once.
    const fullModules = modules.filter((m) => sent.includes(m.filePath));
    expect(sum(fullModules)).toBeLessThanOrEqual(DEFAULT_CONTEXT_BUDGET_TOKENS);
    expect(sent.length + msg.otherFiles.length).toBe(modules.length);
    expect(new Set([...sent, ...msg.otherFiles.map((f) => f.filePath)]).size).toBe(modules.length);
    expect(content).toMatch(
      /<kiln:context>The project has 80 files \(about \d+ tokens\), more than the context budget of 24000 tokens\./,
    );
    // The whole request stays near the budget: far smaller than the project.
    expect(estimateTokens(content)).toBeLessThan(DEFAULT_CONTEXT_BUDGET_TOKENS * 1.1);
    expect(msg.prompt).toBe(prompt);
  });

  it('sends what a named module imports, and recently changed modules, before the rest', () => {
    const modules = largeProject();
    modules[0] = page(
      '',
      1_000,
      "import Widget7 from '@/components/Widget7';\nimport Widget50 from '../components/Widget50';\n",
    );
    const selection = selectContext(
      { prompt: 'the home page looks off', modules, recentPaths: ['apps/web/src/components/Widget33.tsx'] },
      6_000,
    );
    const full = selection.full.map((m) => m.filePath);
    expect(full).toContain('apps/web/src/app/page.tsx');
    expect(full).toContain('apps/web/src/components/Widget7.tsx');
    expect(full).toContain('apps/web/src/components/Widget50.tsx');
    expect(full).toContain('apps/web/src/components/Widget33.tsx');
    expect(sum(selection.full)).toBeLessThanOrEqual(6_000);
  });

  it('names modules by path and file name too', () => {
    const modules = largeProject();
    const byPath = selectContext({ prompt: 'fix apps/web/src/app/api/thing-4/route.ts', modules }, 3_000);
    expect(byPath.full.map((m) => m.filePath)).toContain('apps/web/src/app/api/thing-4/route.ts');
    const byFile = selectContext({ prompt: 'open Widget12.tsx', modules }, 3_000);
    expect(byFile.full.map((m) => m.filePath)).toContain('apps/web/src/components/Widget12.tsx');
  });

  it('always sends the FIX_CHANGE failing module, even over the budget, and only it', () => {
    const modules = largeProject();
    const failing = component('Huge', 30_000);
    modules.push(failing);
    const selection = selectContext(
      { prompt: 'Fix it', modules, error: { filePath: failing.filePath, message: 'x is not defined' } },
      1_000,
    );
    expect(selection.full.map((m) => m.filePath)).toEqual([failing.filePath]);
    const { messages } = buildPrompt({
      prompt: 'Fix it',
      modules,
      action: 'FIX_CHANGE',
      error: { filePath: failing.filePath, message: 'x is not defined' },
    });
    const msg = readRequestMessage(messages[0]?.content ?? '');
    expect(msg.files.map((f) => f.filePath)).toEqual([failing.filePath]);
    expect(msg.otherFiles).toHaveLength(modules.length - 1);
  });

  it('takes a smaller module that still fits after a larger one did not', () => {
    const modules = [page('', 900), component('Big', 900), component('Small', 50)];
    const selection = selectContext({ prompt: 'tweak', modules }, 1_000);
    expect(selection.full.map((m) => m.filePath)).toEqual([
      'apps/web/src/app/page.tsx',
      'apps/web/src/components/Small.tsx',
    ]);
  });

  it('generate passes the budget on; the builtin provider reads the whole project', async () => {
    const modules = largeProject();
    const seen: string[] = [];
    const recorder = (budget?: number): ModelProvider => ({
      id: 'recorder',
      ...(budget !== undefined ? { contextBudgetTokens: budget } : {}),
      async *stream({ messages }) {
        seen.push(messages[0]?.content ?? '');
        yield 'ok';
      },
    });
    for await (const _ of generate({ prompt: 'hi', modules }, recorder())) void _;
    for await (const _ of generate({ prompt: 'hi', modules }, recorder(), { budgetTokens: 2_000 })) void _;
    for await (const _ of generate({ prompt: 'hi', modules }, recorder(Number.POSITIVE_INFINITY))) void _;
    const files = seen.map((c) => readRequestMessage(c).files.length);
    expect(files[0]).toBeLessThan(modules.length);
    expect(files[1]).toBeLessThan(files[0] ?? 0);
    expect(files[2]).toBe(modules.length);
  });
});

describe('library docs in the request', () => {
  it('the system prompt names the catalogue libraries, the auth contract and Expo pages', () => {
    for (const piece of [
      'recharts',
      'date-fns',
      'zustand',
      '@/components/ui/button',
      "import useUser from '@/utils/useUser'",
      'signInWithCredentials, signUpWithCredentials, signInWithGoogle, signOut',
      "'@expo/vector-icons'",
      'EXPO_PAGE',
      'AUTH_PAGE_SIGN_IN',
      '<kiln:docs>',
      '<kiln:tool-call name="package_documentation">',
    ])
      expect(SYSTEM_PROMPT, piece).toContain(piece);
  });

  it('sends the docs of libraries the prompt asks for by use case, in a <kiln:docs> section', () => {
    const { messages } = buildPrompt({
      prompt: 'A finance dashboard with charts of my monthly expenses',
      modules: [],
    });
    const content = messages[0]?.content ?? '';
    expect(content).toMatch(/<kiln:docs>\n<kiln:doc name="recharts" version="3\.10\.1" platform="web">/);
    expect(content).toContain('ResponsiveContainer');
    // The request is still read back intact.
    expect(readRequestMessage(content).prompt).toBe('A finance dashboard with charts of my monthly expenses');
  });

  it('sends the docs of libraries the modules import, and mobile docs only for mobile work', () => {
    const modules = [page('', 100, "import { format } from 'date-fns';\n")];
    const web = buildPrompt({ prompt: 'make the header bigger', modules }).messages[0]?.content ?? '';
    expect(web).toContain('<kiln:doc name="date-fns"');
    expect(web).not.toContain('<kiln:doc name="react-native"');
    const mobile = buildPrompt({ prompt: 'a mobile app with icons', modules: [] }).messages[0]?.content ?? '';
    expect(mobile).toContain('<kiln:doc name="react-native"');
    expect(mobile).toContain('<kiln:doc name="@expo/vector-icons"');
    expect(mobile).not.toContain('<kiln:doc name="lucide-react"');
  });

  it(`sends at most the ${MAX_UPFRONT_DOCS} best matches up front; the rest are for the tool`, () => {
    const prompt =
      'a booking calendar for my salon with a form, a modal dialog, tabs and a table of appointments';
    const content = buildPrompt({ prompt, modules: [] }).messages[0]?.content ?? '';
    expect((content.match(/<kiln:doc /g) ?? []).length).toBe(MAX_UPFRONT_DOCS);
  });

  it('keeps the docs within a quarter of the budget', () => {
    const prompt =
      'a dashboard with charts, a calendar, a modal dialog, tabs, a table, a dropdown, animations, a drawer and a form';
    const small = buildPrompt({ prompt, modules: [] }, { budgetTokens: 1_200 }).messages[0]?.content ?? '';
    const docs = /<kiln:docs>[\s\S]*<\/kiln:docs>/.exec(small)?.[0] ?? '';
    expect(docs).not.toBe('');
    expect(estimateTokens(docs)).toBeLessThanOrEqual(300 + 10);
    const large = buildPrompt({ prompt, modules: [] }).messages[0]?.content ?? '';
    expect((large.match(/<kiln:doc /g) ?? []).length).toBeGreaterThan(
      (small.match(/<kiln:doc /g) ?? []).length,
    );
  });
});

const TODOS_DB: GenDatabase = {
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
    {
      name: 'expenses',
      columns: [
        { name: 'id', type: 'integer' },
        { name: 'amount', type: 'numeric(10,2)' },
        { name: 'spent_on', type: 'timestamp with time zone' },
      ],
    },
  ],
  migrations: ['create_todos', 'create_expenses'],
};

describe('the database in the request', () => {
  it('puts the tables (one line each) and the applied migrations in <kiln:database>, before the files', () => {
    const content =
      buildPrompt({ prompt: 'add a due date', modules: [page('')], database: TODOS_DB }).messages[0]
        ?.content ?? '';
    expect(content).toContain(
      [
        '<kiln:database>',
        'todos(id integer, title text, done boolean, created_at timestamptz)',
        'expenses(id integer, amount numeric(10,2), spent_on timestamp with time zone)',
        'Migrations applied: create_todos, create_expenses',
        '</kiln:database>',
      ].join('\n'),
    );
    expect(content.indexOf('<kiln:database>')).toBeLessThan(content.indexOf('<kiln:project>'));
    // Read back as it was given.
    expect(readRequestMessage(content).database).toEqual(TODOS_DB);
    expect(readRequestMessage(content).prompt).toBe('add a due date');
  });

  it('says when there are no tables yet, sends nothing without a database, and goes with a fix too', () => {
    const empty =
      buildPrompt({ prompt: 'a todo app', modules: [], database: { tables: [], migrations: [] } }).messages[0]
        ?.content ?? '';
    expect(empty).toContain('<kiln:database>\nNo tables yet.\nMigrations applied: none\n</kiln:database>');
    expect(readRequestMessage(empty).database).toEqual({ tables: [], migrations: [] });
    const none = buildPrompt({ prompt: 'a todo app', modules: [] }).messages[0]?.content ?? '';
    expect(none).not.toContain('<kiln:database>');
    expect(readRequestMessage(none).database).toBeUndefined();
    const fix =
      buildPrompt({
        prompt: 'Fix it',
        action: 'FIX_CHANGE',
        modules: [page('')],
        error: { filePath: 'apps/web/src/app/page.tsx', message: 'x is not defined' },
        database: TODOS_DB,
      }).messages[0]?.content ?? '';
    expect(fix).toContain('todos(id integer, title text, done boolean, created_at timestamptz)');
  });

  it('stays within the budget for a large project with a large database', () => {
    const modules = largeProject();
    const database: GenDatabase = {
      tables: Array.from({ length: 300 }, (_, i) => ({
        name: `table_${i}`,
        columns: Array.from({ length: 12 }, (_, j) => ({
          name: `column_${j}`,
          type: 'timestamp with time zone',
        })),
      })),
      migrations: Array.from({ length: 400 }, (_, i) => `migration_number_${i}`),
    };
    const content =
      buildPrompt({ prompt: 'add a chart to the section-2 page', modules, database }).messages[0]?.content ??
      '';
    const section = /<kiln:database>[\s\S]*?<\/kiln:database>/.exec(content)?.[0] ?? '';
    expect(estimateTokens(section)).toBeLessThanOrEqual(DEFAULT_CONTEXT_BUDGET_TOKENS / 4);
    expect(estimateTokens(content)).toBeLessThan(DEFAULT_CONTEXT_BUDGET_TOKENS * 1.1);
    // The first tables in full, the others named, the newest migrations listed.
    expect(section).toContain('table_0(column_0 timestamp with time zone,');
    expect(section).toMatch(/\n\d+ more tables: table_\d+, /);
    expect(section).toMatch(
      /Migrations applied: \(\d+ earlier\), migration_number_\d+, .*migration_number_399\n/,
    );
    const read = readRequestMessage(content).database;
    expect(read?.tables).toHaveLength(300);
    expect(read?.migrations.at(-1)).toBe('migration_number_399');
    // The files still got most of the budget.
    expect(readRequestMessage(content).files.length).toBeGreaterThan(10);
  });

  it('databaseSection writes a table without columns by name', () => {
    expect(databaseSection({ tables: [{ name: 'a', columns: [] }], migrations: ['x'] })).toBe(
      '<kiln:database>\na()\nMigrations applied: x\n</kiln:database>',
    );
  });
});

describe('the system prompt', () => {
  it('teaches the backend contract, migrations and the documentation tool, compactly', () => {
    for (const piece of [
      'apps/web/src/app/api/{segment}/route.ts (dynamic [id] folders allowed), served at /api/{segment}',
      'GET/POST/PUT/PATCH/DELETE (or handler)',
      '(request: Request, { params }) => Response | Promise<Response>',
      'Response.json(data)',
      "import sql from '@/app/api/utils/sql'",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the prompt shows a tagged template literally
      'await sql`SELECT * FROM todos WHERE id = ${id}`',
      'sql(text, values)',
      'npm packages work, not Node-only ones; no file system',
      'read API keys as process.env.NAME',
      '<kiln:secret name="NAME">what it is for</kiln:secret>',
      "@/integrations/ai (the user's model), @/integrations/stripe (payments) and @/integrations/email",
      '<kiln:migration name="create_todos">',
      'Never change an applied migration: write a new one (ALTER TABLE ...)',
      "fetch('/api/...'), show a loading state, and still render when the request fails",
      '<kiln:database>',
      'recharts',
    ])
      expect(SYSTEM_PROMPT, piece).toContain(piece);
    // It was ~1,170 tokens before the backend and the tool; they added ~250, the example reply ~290 (issue 20),
    // any npm package (issue 16) ~30, fetch, process.env, the secret block and the integrations (issue 19) ~75,
    // the visitor's auth() in functions (issue 14) ~35, the Expo modules' names (issue 16) ~20, the optional
    // <kiln:verify> walk (issue 22) ~35, project knowledge in and proposed out (issue 22) ~55, npm packages in
    // functions (issue 16) ~5.
    expect(estimateTokens(SYSTEM_PROMPT)).toBeLessThanOrEqual(
      1_170 + 250 + 290 + 30 + 75 + 35 + 20 + 35 + 55 + 5,
    );
  });
});

describe('the system prompt as a contract for small models (issue 20)', () => {
  it('shows one complete example of each block kind, in a reply that the parser reads back whole', () => {
    const example = SYSTEM_PROMPT.slice(
      SYSTEM_PROMPT.indexOf('Example reply'),
      SYSTEM_PROMPT.indexOf('# File layout'),
    );
    for (const tag of ['thinking', 'migration', 'file', 'edit', 'choices']) {
      expect(example, tag).toContain(`<kiln:${tag}`);
      expect(example, tag).toContain(`</kiln:${tag}>`);
    }
    for (const tag of ['<kiln:delete path=', '<kiln:rename from=', '<kiln:publish/>', '<<<<<<< SEARCH'])
      expect(example, tag).toContain(tag);
    const parser = createOutputParser();
    const events = [...parser.push(example.slice(example.indexOf('\n') + 1)), ...parser.end()];
    const kinds = new Set(events.map((e) => e.type));
    for (const kind of ['thinking', 'migration', 'file', 'edit', 'delete', 'rename', 'choices', 'publish'])
      expect(kinds.has(kind as (typeof events)[number]['type']), kind).toBe(true);
    // Every block in the example is closed by its own closer.
    const ended = events.filter((e) => 'closed' in e && (!('done' in e) || e.done));
    expect(ended).toHaveLength(6);
    expect(ended.filter((e) => 'closed' in e && !e.closed)).toEqual([]);
  });

  it('is this exact prompt, of this many o200k tokens', () => {
    expect(SYSTEM_PROMPT).toMatchSnapshot();
    const tokens = encode(SYSTEM_PROMPT).length;
    expect(tokens).toMatchInlineSnapshot(`1948`);
    // Small local models get a 2k–8k context: the system prompt stays well under 2,000 tokens.
    expect(tokens).toBeLessThan(2_000);
  });
});
