import { describe, expect, it } from 'vitest';
import { expectValidModules } from '../../test/expect-valid-modules.ts';
import { generate } from '../generate.ts';
import { createOutputParser } from '../output-parser.ts';
import { buildPrompt } from '../prompt.ts';
import type { GenerationEvent, GenModule } from '../types.ts';
import { addFieldTarget } from './add-field.ts';
import { migrationBlock } from './format.ts';
import { createBuiltinProvider } from './provider.ts';

async function run(prompt: string, modules: GenModule[] = []) {
  const events: GenerationEvent[] = [];
  for await (const e of generate({ prompt, modules }, createBuiltinProvider())) events.push(e);
  const done = events.at(-1);
  if (done?.type !== 'done') throw new Error('no done event');
  return { events, done };
}

/** The raw reply the builtin provider streams for a prompt on a project. */
async function rawReply(prompt: string, modules: GenModule[] = []): Promise<string> {
  const { system, messages } = buildPrompt({ prompt, modules });
  let text = '';
  for await (const c of createBuiltinProvider().stream({ system, messages })) text += c;
  return text;
}

const API = 'apps/web/src/app/api';

/** Each app with a backend: its prompt, the tables its migrations create and its function paths. */
const BACKED: { name: string; prompt: string; tables: string[]; functions: string[] }[] = [
  {
    name: 'TODO_LIST_APP',
    prompt: 'A todo list app with due dates',
    tables: ['todos'],
    functions: [`${API}/todos/route.ts`, `${API}/todos/[id]/route.ts`],
  },
  {
    name: 'NOTES_APP',
    prompt: 'A notes app with tags and pinned notes',
    tables: ['notes'],
    functions: [`${API}/notes/route.ts`, `${API}/notes/[id]/route.ts`],
  },
  {
    name: 'LEAD_GEN_TOOL',
    prompt: 'A landing page that collects leads for my accounting firm',
    tables: ['leads'],
    functions: [`${API}/leads/route.ts`],
  },
  {
    name: 'SURVEY_TOOL',
    prompt: 'A customer satisfaction survey',
    tables: ['responses'],
    functions: [`${API}/responses/route.ts`],
  },
  {
    name: 'FEEDBACK_TOOL',
    prompt: 'A feedback form for my restaurant',
    tables: ['responses'],
    functions: [`${API}/responses/route.ts`],
  },
  {
    name: 'PERSONAL_WEBSITE (contact form)',
    prompt: 'A personal website for Jane Doe, a product designer',
    tables: ['messages'],
    functions: [`${API}/messages/route.ts`],
  },
  {
    name: 'LINK_IN_BIO (newsletter sign-up)',
    prompt: 'A link in bio page for my Instagram',
    tables: ['subscribers'],
    functions: [`${API}/subscribers/route.ts`],
  },
];

describe('migrationBlock', () => {
  it('writes the migration tag around the SQL, with a trailing newline', () => {
    expect(
      migrationBlock('create_todos', 'CREATE TABLE todos (id text);\nINSERT INTO todos VALUES (1);'),
    ).toBe(
      '<kiln:migration name="create_todos">CREATE TABLE todos (id text);\nINSERT INTO todos VALUES (1);</kiln:migration>\n',
    );
  });

  it('is read back by the output parser as one migration', () => {
    const parser = createOutputParser();
    const events = [
      ...parser.push(migrationBlock('create_notes', 'CREATE TABLE notes (id text);')),
      ...parser.end(),
    ];
    expect(events.filter((e) => e.type === 'migration' && e.done)).toEqual([
      {
        type: 'migration',
        name: 'create_notes',
        sql: 'CREATE TABLE notes (id text);\n',
        done: true,
        closed: true,
      },
    ]);
  });
});

describe.each(BACKED)('the INITIAL $name reply', ({ prompt, tables, functions }) => {
  it('writes the migration, then the functions, then the UI, then the summary', async () => {
    const reply = await rawReply(prompt);
    const at = (needle: string) => {
      const i = reply.indexOf(needle);
      expect(i, needle).toBeGreaterThanOrEqual(0);
      return i;
    };
    const migration = at('<kiln:migration name="create_');
    expect(at('</kiln:thinking>')).toBeLessThan(migration);
    const functionsAt = functions.map((path) => at(`<kiln:file path="${path}" type="FUNCTION">`));
    for (const f of functionsAt) expect(f).toBeGreaterThan(migration);
    const firstUi = Math.min(at('type="PAGE"'), at('type="COMPONENT"'));
    for (const f of functionsAt) expect(f).toBeLessThan(firstUi);
    expect(reply.lastIndexOf('</kiln:file>')).toBeLessThan(at('I built **'));
    for (const table of tables)
      expect(reply).toMatch(new RegExp(`<kiln:migration name="create_${table}">CREATE TABLE ${table} \\(`));
  });

  it('gives done.migrations and FUNCTION modules that use the sql helper; every module is valid', async () => {
    const { done, events } = await run(prompt);
    expect(done.migrations?.map((m) => m.name)).toEqual(tables.map((t) => `create_${t}`));
    for (const [i, table] of tables.entries())
      expect(done.migrations?.[i]?.sql).toContain(`CREATE TABLE ${table} (`);
    const fns = done.modules.filter((m) => m.moduleType === 'FUNCTION');
    expect(fns.map((m) => m.filePath)).toEqual(functions);
    for (const f of fns) expect(f.content).toContain("import sql from '@/app/api/utils/sql';");
    const statuses = events.flatMap((e) => (e.type === 'status' ? [e.status] : []));
    expect(statuses.indexOf('BUILDING_FUNCTIONALITY')).toBeLessThan(statuses.indexOf('BUILDING_UI'));
    expectValidModules(done.modules);
  });

  it('has pages that fetch their functions and fall back to the browser', async () => {
    const { done } = await run(prompt);
    const ui = done.modules.filter((m) => m.moduleType !== 'FUNCTION').map((m) => m.content);
    const routes = functions.map((f) => f.slice(API.length, -'/route.ts'.length).replace('/[id]', ''));
    for (const route of new Set(routes)) expect(ui.join('\n')).toContain(`'/api${route}`);
    expect(ui.join('\n')).toContain('localStorage');
  });
});

describe('apps without an obvious store keep their data in the browser', () => {
  it.each(['A weather app'])('"%s" writes no migration and no function', async (prompt) => {
    const { done } = await run(prompt);
    expect(done.migrations).toBeUndefined();
    expect(done.modules.some((m) => m.moduleType === 'FUNCTION')).toBe(false);
    expect(await rawReply(prompt)).not.toContain('<kiln:migration');
  });
});

describe('follow-ups on the apps with a backend', () => {
  it.each(BACKED)(
    '$name: rename, recolour and a new page work with edits only and leave the functions alone',
    async ({ prompt }) => {
      const { done: built } = await run(prompt);
      const { done } = await run(
        'rename the app to Nova, make it cyan and add a page called Pricing',
        built.modules,
      );
      expect(done.missedEdits).toBeUndefined();
      expect(done.message).toMatch(/Renamed[\s\S]*Added[\s\S]*Changed/);
      expect(done.migrations).toBeUndefined();
      const before = built.modules.filter((m) => m.moduleType === 'FUNCTION');
      expect(done.modules.filter((m) => m.moduleType === 'FUNCTION')).toEqual(before);
      const ui = done.modules
        .filter((m) => m.moduleType !== 'FUNCTION')
        .map((m) => m.content)
        .join('\n');
      expect(ui).toMatch(/\b(bg|text)-cyan-\d00\b/);
      expect(ui).toContain('Nova');
      expectValidModules(done.modules);
    },
  );

  it('the todo app recolours every accent class, not the notice or the loading hint', async () => {
    const { done: built } = await run('A todo list app with due dates');
    const { done } = await run('change the colour to emerald', built.modules);
    const all = done.modules.map((m) => m.content).join('\n');
    expect(all).not.toMatch(/indigo/);
    expect(all).toContain('text-amber-300');
    expect(all).toContain('animate-spin');
  });

  it.each([
    ['A todo list app with due dates', 'todo'],
    ['A notes app', 'notes'],
  ])('"%s": sign-in and a mobile version still work', async (prompt) => {
    const { done: built } = await run(prompt);
    const signedIn = await run('add sign-in', built.modules);
    expect(signedIn.done.withCustomAuth).toBe(true);
    const mobile = await run('make a mobile version', signedIn.done.modules);
    expect(mobile.done.modules.some((m) => m.moduleType === 'EXPO_PAGE')).toBe(true);
    expect(mobile.done.modules.filter((m) => m.moduleType === 'FUNCTION')).toEqual(
      built.modules.filter((m) => m.moduleType === 'FUNCTION'),
    );
    expectValidModules(mobile.done.modules);
  });

  it('an INITIAL prompt with login keeps each visitor’s own rows: user_id, and functions that ask auth()', async () => {
    const { done } = await run('A todo list app with login');
    expect(done.withCustomAuth).toBe(true);
    expect(done.migrations?.map((m) => m.name)).toEqual(['create_todos', 'own_todos']);
    expect(done.migrations?.[1]?.sql).toContain('ALTER TABLE todos ADD COLUMN user_id text;');
    const route = done.modules.find((m) => m.filePath === `${API}/todos/route.ts`)?.content ?? '';
    expect(route).toContain("import { auth } from '@/auth';");
    expect(route).toMatch(/WHERE user_id = \$\{session\.user\.id\}/);
    const notes = (await run('a notes app with login')).done;
    expect(notes.migrations?.map((m) => m.name)).toEqual(['create_notes', 'own_notes']);
    const byId = notes.modules.find((m) => m.filePath === `${API}/notes/[id]/route.ts`)?.content ?? '';
    expect(byId).toMatch(/AND user_id = \$\{session\.user\.id\}/);
  });

  it.each([
    ['a contact manager with login', 'contacts', ['contacts/route.ts', 'contacts/[id]/route.ts']],
    [
      'a personal budget tracker with login',
      'transactions',
      ['transactions/route.ts', 'transactions/[id]/route.ts'],
    ],
    ['a fitness tracker with login', 'workouts', ['workouts/route.ts', 'workouts/[id]/route.ts']],
    [
      'a cryptocurrency portfolio tracker with login',
      'holdings',
      ['holdings/route.ts', 'holdings/[id]/route.ts'],
    ],
  ])(
    '%s keeps each visitor’s %s: a user_id migration, every function asks auth() and filters by it',
    async (prompt, table, files) => {
      const { done } = await run(prompt);
      expect(done.migrations?.map((m) => m.name)).toEqual([
        expect.stringMatching(/^create_/),
        `own_${table}`,
      ]);
      expect(done.migrations?.[1]?.sql).toContain(`ALTER TABLE ${table} ADD COLUMN user_id text;`);
      for (const file of files) {
        const route = done.modules.find((m) => m.filePath === `${API}/${file}`)?.content ?? '';
        expect(route).toContain("import { auth } from '@/auth';");
        const handlers = route.match(/^export async function \w+/gm) ?? [];
        expect(handlers.length).toBeGreaterThan(0);
        expect(route.match(/const session = await auth\(\);/g)).toHaveLength(handlers.length);
        expect(route).toMatch(/user_id = \$\{session\.user\.id\}|\(id, user_id, /);
      }
      expectValidModules(done.modules);
      // Without login the same app is shared: no user_id, no auth().
      const plain = (await run(prompt.replace(' with login', ''))).done;
      expect(plain.migrations).toHaveLength(1);
      expect(plain.modules.some((m) => m.content.includes("from '@/auth'"))).toBe(false);
    },
  );

  it('the notes and todo pages with login show "Sign in to see your …" to a signed-out visitor', async () => {
    const apps: [string, string][] = [
      ['a notes app with login', 'notes'],
      ['A todo list app with login', 'todos'],
    ];
    for (const [prompt, what] of apps) {
      const { done } = await run(prompt);
      const page = done.modules.find((m) => m.filePath === 'apps/web/src/app/page.tsx')?.content ?? '';
      expect(page).toContain("setSource(data.signIn ? 'signed-out' : 'server');");
      expect(page).toContain(`Sign in to see your ${what}`);
      expect(page).toContain('href="/account/signin?callbackUrl=%2F"');
      expectValidModules(done.modules);
      const plain = (await run(prompt.replace(' with login', ''))).done;
      const plainPage = plain.modules.find((m) => m.filePath === 'apps/web/src/app/page.tsx')?.content ?? '';
      expect(plainPage).not.toContain('signed-out');
    }
  });

  it('an INITIAL mobile app has no functions (its screens keep data on the device)', async () => {
    const { done } = await run('a mobile app for my todos');
    expect(done.migrations).toBeUndefined();
    expect(done.modules.every((m) => m.moduleType === 'EXPO_PAGE')).toBe(true);
  });
});

describe('"add a field" follow-up', () => {
  it.each([
    ['add a priority field', { label: 'Priority', key: 'priority', column: 'priority' }],
    ['Add a field called Location to the notes', { label: 'Location', key: 'location', column: 'location' }],
    [
      'add a "phone number" field to the form',
      { label: 'Phone number', key: 'phoneNumber', column: 'phone_number' },
    ],
    ['please add an estimate column to tasks', { label: 'Estimate', key: 'estimate', column: 'estimate' }],
    ['add a new field named Owner, and make it green', { label: 'Owner', key: 'owner', column: 'owner' }],
  ])('reads "%s"', (prompt, field) => {
    expect(addFieldTarget(prompt)).toEqual(field);
  });

  it.each(['add a page called Fields', 'add sign-in', 'make it teal'])('"%s" asks for no field', (prompt) => {
    expect(addFieldTarget(prompt)).toBeNull();
  });

  it('on the todo app: a new ALTER TABLE migration first, then edits of the functions, then of the UI', async () => {
    const { done: built } = await run('A todo list app with due dates');
    const reply = await rawReply('add a priority field to the tasks', built.modules);
    expect(reply).toContain(
      '<kiln:migration name="add_priority_to_todos">ALTER TABLE todos ADD COLUMN "priority" text NOT NULL DEFAULT \'\';</kiln:migration>',
    );
    expect(reply).not.toContain('<kiln:file');
    const order = [
      '<kiln:migration',
      `<kiln:edit path="${API}/utils/todo-list.ts">`,
      `<kiln:edit path="${API}/todos/route.ts">`,
      `<kiln:edit path="${API}/todos/[id]/route.ts">`,
      '<kiln:edit path="apps/web/src/app/page.tsx">',
      '<kiln:edit path="apps/web/src/components/AddTodoForm.tsx">',
      '<kiln:edit path="apps/web/src/components/TodoItem.tsx">',
    ].map((tag) => reply.indexOf(tag));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((x, y) => x - y)).toEqual(order);

    const { done } = await run('add a priority field to the tasks', built.modules);
    expect(done.missedEdits).toBeUndefined();
    expect(done.migrations).toEqual([
      {
        name: 'add_priority_to_todos',
        sql: 'ALTER TABLE todos ADD COLUMN "priority" text NOT NULL DEFAULT \'\';\n',
      },
    ]);
    expect(done.message).toContain('Added a "Priority" text field to each task');
    const byPath = new Map(done.modules.map((m) => [m.filePath, m.content]));
    expect(byPath.get(`${API}/todos/route.ts`)).toContain(
      'INSERT INTO todos (id, title, due_date, done, created_at, "priority")',
    );
    expect(byPath.get(`${API}/todos/[id]/route.ts`)).toContain('"priority" = COALESCE(');
    expect(byPath.get(`${API}/utils/todo-list.ts`)).toContain("    priority: String(row.priority ?? ''),\n");
    expect(byPath.get('apps/web/src/components/AddTodoForm.tsx')).toContain('name="priority"');
    expectValidModules(done.modules);
  });

  it.each([
    ['A todo list app', 'todo-list', 'todos'],
    ['A notes app', 'notes', 'notes'],
  ])(
    'on "%s" built before the rows moved into app/api/utils: maps the column in each route',
    async (prompt, app, table) => {
      const { done: built } = await run(prompt);
      const rows = built.modules.find((m) => m.filePath === `${API}/utils/${app}.ts`);
      expect(rows).toBeDefined();
      // The earlier layout: each route held a copy of the row mapping and the checks instead of importing them.
      const inline = (rows?.content ?? '').replace(/^export /gm, '');
      const old = built.modules
        .filter((m) => m !== rows)
        .map((m) => ({
          ...m,
          content: m.content.replace(
            new RegExp(`^import \\{[^}]*\\} from '@/app/api/utils/${app}';\\n`, 'm'),
            inline,
          ),
        }));
      const { done } = await run('add a priority field', old);
      expect(done.migrations?.map((m) => m.name)).toEqual([`add_priority_to_${table}`]);
      for (const path of [`${API}/${table}/route.ts`, `${API}/${table}/[id]/route.ts`])
        expect(done.modules.find((m) => m.filePath === path)?.content).toContain(
          "    priority: String(row.priority ?? ''),\n",
        );
      expect(done.modules.some((m) => m.filePath.startsWith(`${API}/utils/${app}`))).toBe(false);
    },
  );

  it('adds a second field beside the first, and refuses one the entity already has', async () => {
    const { done: built } = await run('A todo list app');
    const first = await run('add a priority field', built.modules);
    const second = await run('add a field called Owner', first.done.modules);
    expect(second.done.missedEdits).toBeUndefined();
    expect(second.done.migrations?.map((m) => m.name)).toEqual(['add_owner_to_todos']);
    const form = second.done.modules.find((m) => m.filePath.endsWith('AddTodoForm.tsx'))?.content ?? '';
    expect(form).toContain('props.onAdd(trimmed, dueDate, { priority, owner });');
    const route = second.done.modules.find((m) => m.filePath === `${API}/todos/route.ts`)?.content ?? '';
    expect(route).toContain('created_at, "owner", "priority")');
    expectValidModules(second.done.modules);

    const again = await run('add a priority field', second.done.modules);
    expect(again.done.migrations).toBeUndefined();
    expect(again.done.modules).toEqual(second.done.modules);
    expect(again.done.message).toBe('Each task already has a "Priority" field.');
  });

  it.each([
    ['A notes app', 'add a field called Location', 'add_location_to_notes', 'NoteEditor.tsx'],
    [
      'A landing page that collects leads',
      'add a phone number field to the form',
      'add_phone_number_to_leads',
      'LeadForm.tsx',
    ],
  ])('on "%s": "%s"', async (prompt, ask, migration, component) => {
    const { done: built } = await run(prompt);
    const { done } = await run(ask, built.modules);
    expect(done.missedEdits).toBeUndefined();
    expect(done.migrations?.map((m) => m.name)).toEqual([migration]);
    expect(done.modules.find((m) => m.filePath.endsWith(component))?.content).not.toEqual(
      built.modules.find((m) => m.filePath.endsWith(component))?.content,
    );
    expectValidModules(done.modules);
  });

  it('combines with other follow-ups and keeps the new input in the new accent', async () => {
    const { done: built } = await run('A todo list app');
    const { done } = await run('add a priority field and make it green', built.modules);
    expect(done.migrations?.map((m) => m.name)).toEqual(['add_priority_to_todos']);
    const form = done.modules.find((m) => m.filePath.endsWith('AddTodoForm.tsx'))?.content ?? '';
    expect(form).toContain('name="priority"');
    expect(form).not.toMatch(/indigo/);
  });

  it('on an app without a table-backed entity, or code that changed, says so and changes nothing', async () => {
    const { done: weather } = await run('A weather app');
    const asked = await run('add a priority field', weather.modules);
    expect(asked.done.modules).toEqual(weather.modules);
    expect(asked.done.migrations).toBeUndefined();
    expect(asked.done.message).toContain('needs a language model');

    const { done: todo } = await run('A todo list app');
    const edited = todo.modules.map((m) =>
      m.filePath.endsWith('TodoItem.tsx')
        ? { ...m, content: m.content.replace('onDelete(todo.id)', 'remove(todo.id)') }
        : m,
    );
    const refused = await run('add a priority field', edited);
    expect(refused.done.modules).toEqual(edited);
    expect(refused.done.migrations).toBeUndefined();
    expect(refused.done.message).toContain('is no longer the builtin');

    const { done: notes } = await run('A notes app');
    const unmapped = notes.modules.map((m) =>
      m.filePath === `${API}/utils/notes.ts`
        ? { ...m, content: m.content.replace('updatedAt:', 'changedAt:') }
        : m,
    );
    const notMapped = await run('add a priority field', unmapped);
    expect(notMapped.done.modules).toEqual(unmapped);
    expect(notMapped.done.migrations).toBeUndefined();
    expect(notMapped.done.message).toContain(`\`${API}/utils/notes.ts\` is no longer the builtin`);
  });
});
