import { APP_TYPES } from '@kiln/core';
import { describe, expect, it } from 'vitest';
import { expectValidModules } from '../../test/expect-valid-modules.ts';
import { generate } from '../generate.ts';
import type { GenerationEvent, GenModule } from '../types.ts';
import { fullyBuiltTypes } from './apps/index.ts';
import { createBuiltinProvider } from './provider.ts';

async function run(prompt: string, modules: GenModule[] = [], chunkSize = 64) {
  const events: GenerationEvent[] = [];
  for await (const e of generate({ prompt, modules }, createBuiltinProvider({ chunkSize }))) events.push(e);
  const done = events.at(-1);
  if (done?.type !== 'done') throw new Error('no done event');
  return { events, done };
}

const BUILT_PROMPTS: [string, string][] = [
  ['TODO_LIST_APP', 'A todo list app with due dates'],
  ['NOTES_APP', 'A notes app with tags and pinned notes'],
  ['PERSONAL_WEBSITE', 'A personal website for Jane Doe, a product designer'],
  ['PORTFOLIO_WEBSITE', 'A portfolio website for my photography'],
  ['LEAD_GEN_TOOL', 'A landing page that collects leads for my accounting firm'],
  ['SURVEY_TOOL', 'A customer satisfaction survey'],
  ['FEEDBACK_TOOL', 'A feedback form for my restaurant'],
  ['LINK_IN_BIO', 'A link in bio page for my Instagram'],
];

describe('builtin generator', () => {
  it('builds the todo app: pages, components, due dates, overdue, delete, localStorage', async () => {
    const { done, events } = await run('A todo list app with due dates');
    expect(done.appType).toBe('TODO_LIST_APP');
    const byPath = new Map(done.modules.map((m) => [m.filePath, m]));
    expect(byPath.get('apps/web/src/app/page.tsx')?.moduleType).toBe('PAGE');
    expect(done.modules.filter((m) => m.moduleType === 'COMPONENT').length).toBeGreaterThanOrEqual(1);
    const all = done.modules.map((m) => m.content).join('\n');
    expect(all).toContain('type="date"');
    expect(all).toContain('localStorage');
    expect(all).toMatch(/Overdue/);
    expect(all).toContain('Trash2');
    expect(all).toMatch(/\bbg-indigo-600\b/);
    expect(done.message).toContain('Todo List');
    expect(events.some((e) => e.type === 'module' && !e.done)).toBe(true);
    expectValidModules(done.modules);
  });

  it.each(BUILT_PROMPTS)(
    'builds a complete %s with pages and components that transpile',
    async (type, prompt) => {
      const { done } = await run(prompt);
      expect(done.appType).toBe(type);
      expect(done.modules.some((m) => m.moduleType === 'PAGE')).toBe(true);
      expect(done.modules.some((m) => m.moduleType === 'COMPONENT')).toBe(true);
      expectValidModules(done.modules);
    },
  );

  it('has a complete app (not the starter) for every type this session promised', () => {
    const built = new Set(fullyBuiltTypes());
    for (const [type] of BUILT_PROMPTS) expect(built.has(type as never), type).toBe(true);
  });

  it.each([...APP_TYPES])('builds a valid themed app for %s', async (type) => {
    const prompt = `${type.toLowerCase().replace(/_/g, ' ').replace(' app', '')} app`;
    const { done } = await run(`A ${prompt}`);
    expect(done.modules.some((m) => m.moduleType === 'PAGE')).toBe(true);
    expect(done.modules.some((m) => m.moduleType === 'COMPONENT')).toBe(true);
    expectValidModules(done.modules);
  });

  it('takes the title and colour from the prompt', async () => {
    const { done } = await run('A todo list app called "Chore Champ" in green');
    const page = done.modules.find((m) => m.filePath === 'apps/web/src/app/page.tsx')?.content ?? '';
    expect(page).toContain("document.title = 'Chore Champ'");
    expect(page).toMatch(/\bbg-green-500\b/);
    expect(page).not.toMatch(/indigo/);
  });

  it('is deterministic: the same prompt gives the same output', async () => {
    const a = await run('A notes app');
    const b = await run('A notes app', [], 13);
    expect(b.done.modules).toEqual(a.done.modules);
    expect(b.done.message).toEqual(a.done.message);
  });

  it('answers an unrecognised prompt with help and changes no modules', async () => {
    const { done } = await run('hello, what can you do?');
    expect(done.modules).toEqual([]);
    expect(done.message).toContain('KILN_MODEL=openai:gpt-4o-mini');
    expect(done.appType).toBeUndefined();
  });
});

describe('builtin follow-up edits', () => {
  async function todoApp() {
    return (await run('A todo list app with due dates')).done.modules;
  }

  /** The raw reply, to check that existing files are changed by edits, not rewritten. */
  async function rawReply(prompt: string, modules: GenModule[]): Promise<string> {
    const provider = createBuiltinProvider();
    const { buildPrompt } = await import('../prompt.ts');
    const { system, messages } = buildPrompt({ prompt, modules });
    let text = '';
    for await (const c of provider.stream({ system, messages })) text += c;
    return text;
  }

  it('changes the accent colour with search/replace edits and no misses', async () => {
    const modules = await todoApp();
    const reply = await rawReply('change the colour to emerald', modules);
    expect(reply).toContain('<kiln:edit');
    expect(reply).not.toContain('<kiln:file');
    const { done } = await run('change the colour to emerald', modules);
    expect(done.missedEdits).toBeUndefined();
    const all = done.modules.map((m) => m.content).join('\n');
    expect(all).not.toMatch(/indigo/);
    expect(all).toMatch(/\bbg-emerald-600\b/);
    expect(done.message).toContain('indigo to emerald');
    expectValidModules(done.modules);
  });

  it.each([
    ['make it teal', 'teal'],
    ['Switch the theme to purple please', 'purple'],
    ['use a rose colour scheme', 'rose'],
    ['change the colors from indigo to orange', 'orange'],
  ])('understands "%s"', async (prompt, hue) => {
    const { done } = await run(prompt, await todoApp());
    expect(done.missedEdits).toBeUndefined();
    expect(done.modules.map((m) => m.content).join('\n')).toMatch(new RegExp(`\\bbg-${hue}-600\\b`));
  });

  it('renames the app everywhere with edits', async () => {
    const modules = await todoApp();
    const reply = await rawReply('rename the app to Taskly', modules);
    expect(reply).not.toContain('<kiln:file');
    const { done } = await run('rename the app to Taskly', modules);
    expect(done.missedEdits).toBeUndefined();
    const all = done.modules.map((m) => m.content).join('\n');
    expect(all).not.toContain('Todo List');
    expect(all).toContain("document.title = 'Taskly'");
    expect(done.modules.find((m) => m.filePath.endsWith('AppHeader.tsx'))?.content).toContain('>Taskly<');
    expectValidModules(done.modules);
  });

  it.each([
    ['change the title to "Sam\'s Tasks"', "Sam's Tasks"],
    ['Rename it to Chore Chart.', 'Chore Chart'],
    ['call the app Get It Done', 'Get It Done'],
  ])('understands "%s"', async (prompt, title) => {
    const { done } = await run(prompt, await todoApp());
    expect(done.missedEdits).toBeUndefined();
    const page = done.modules.find((m) => m.filePath === 'apps/web/src/app/page.tsx')?.content ?? '';
    expect(page).toContain(`>${title}</h1>`);
    expectValidModules(done.modules);
  });

  it('adds a page and links it from the navigation', async () => {
    const modules = await todoApp();
    const { done } = await run('add a page called About', modules);
    expect(done.missedEdits).toBeUndefined();
    const about = done.modules.find((m) => m.filePath === 'apps/web/src/app/about/page.tsx');
    expect(about?.moduleType).toBe('PAGE');
    expect(done.modules.find((m) => m.filePath.endsWith('AppHeader.tsx'))?.content).toContain(
      "{ href: '/about', label: 'About' },",
    );
    expectValidModules(done.modules);
  });

  it.each([
    ['add a pricing page', 'apps/web/src/app/pricing/page.tsx'],
    ['Add a new page called Contact us', 'apps/web/src/app/contact-us/page.tsx'],
    ['add an FAQ page', 'apps/web/src/app/faq/page.tsx'],
    ['add a page named Team Members', 'apps/web/src/app/team-members/page.tsx'],
  ])('understands "%s"', async (prompt, filePath) => {
    const { done } = await run(prompt, await todoApp());
    expect(done.modules.some((m) => m.filePath === filePath)).toBe(true);
    expectValidModules(done.modules);
  });

  it('combines several follow-ups in one message, then keeps working on the result', async () => {
    const first = await run(
      'rename the app to Taskly, make it green and add a page called Contact',
      await todoApp(),
    );
    expect(first.done.missedEdits).toBeUndefined();
    const second = await run('change the colour to violet', first.done.modules);
    expect(second.done.missedEdits).toBeUndefined();
    const all = second.done.modules.map((m) => m.content).join('\n');
    expect(all).not.toMatch(/\b(bg|text)-green-/);
    expect(all).toContain('>Taskly</h1>');
    expect(all).toContain("document.title = 'Taskly'");
    expect(second.done.modules.some((m) => m.filePath === 'apps/web/src/app/contact/page.tsx')).toBe(true);
    expectValidModules(second.done.modules);
  });

  it('explains what it can do when it does not understand a follow-up', async () => {
    const modules = await todoApp();
    const { done } = await run('add drag and drop reordering', modules);
    expect(done.modules).toEqual(modules);
    expect(done.message).toContain('KILN_MODEL');
  });

  it('follow-ups work on every built app type', async () => {
    for (const [, prompt] of BUILT_PROMPTS) {
      const { done: built } = await run(prompt);
      const { done } = await run(
        'rename the app to Nova, make it cyan and add a page called Pricing',
        built.modules,
      );
      expect(done.missedEdits, prompt).toBeUndefined();
      expect(done.message, prompt).toMatch(/Renamed[\s\S]*Added[\s\S]*Changed/);
      expectValidModules(done.modules);
    }
  });
});

describe('builtin FIX_CHANGE', () => {
  async function fix(modules: GenModule[], filePath: string, message: string) {
    const events: GenerationEvent[] = [];
    const req = { prompt: 'Fix it', modules, action: 'FIX_CHANGE' as const, error: { filePath, message } };
    for await (const e of generate(req, createBuiltinProvider())) events.push(e);
    const done = events.at(-1);
    if (done?.type !== 'done') throw new Error('no done event');
    return done;
  }
  const page: GenModule = {
    filePath: 'apps/web/src/app/page.tsx',
    moduleType: 'PAGE',
    content:
      "import { Check } from 'lucide-react';\n\nexport default function HomePage() {\n  const [n, setN] = useState(0);\n  return <Card><Check /><Star /></Card>;\n}\n",
  };
  const card: GenModule = {
    filePath: 'apps/web/src/components/Card.tsx',
    moduleType: 'COMPONENT',
    content: 'export default function Card(props) {\n  return <div>{props.children}</div>;\n}\n',
  };

  it('imports a React hook the runtime reports as undefined, as an edit', async () => {
    const done = await fix([page, card], page.filePath, 'ReferenceError: useState is not defined');
    expect(done.missedEdits).toBeUndefined();
    expect(done.modules[0]?.content).toMatch(/^import \{ useState \} from 'react';$/m);
    expectValidModules(done.modules);
  });

  it('adds a missing icon to the lucide-react import and imports a missing component', async () => {
    const icon = await fix([page, card], page.filePath, 'Star is not defined');
    expect(icon.modules[0]?.content).toContain("import { Check, Star } from 'lucide-react';");
    const comp = await fix([page, card], page.filePath, "Can't find variable: Card");
    expect(comp.modules[0]?.content).toContain("import Card from '@/components/Card';");
  });

  it('explains that other errors need a model and changes nothing', async () => {
    const done = await fix([page, card], page.filePath, 'Maximum update depth exceeded');
    expect(done.modules).toEqual([page, card]);
    expect(done.message).toContain('KILN_MODEL');
  });
});
