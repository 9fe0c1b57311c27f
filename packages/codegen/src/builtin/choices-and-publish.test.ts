import { describe, expect, it } from 'vitest';
import { generate } from '../generate.ts';
import type { GenerationEvent, GenModule, MessageBlock } from '../types.ts';
import { createBuiltinProvider } from './provider.ts';

async function run(prompt: string, modules: GenModule[] = []) {
  const events: GenerationEvent[] = [];
  for await (const e of generate({ prompt, modules }, createBuiltinProvider({ chunkSize: 97 })))
    events.push(e);
  const done = events.at(-1);
  if (done?.type !== 'done') throw new Error('no done event');
  return done;
}

function choicesOf(blocks: MessageBlock[]): string[] {
  return blocks.flatMap((b) => (b.kind === 'choices' ? b.choices : []));
}

const INITIAL_PROMPTS = [
  'A todo list app with due dates',
  'An emerald todo list app called Taskly',
  'A notes app with tags and pinned notes',
  'A personal website for Jane Doe, a product designer',
  'A portfolio website for my photography',
  'A landing page that collects leads for my accounting firm',
  'A customer satisfaction survey',
  'A feedback form for my restaurant',
  'A link in bio page for my Instagram',
  'A fitness tracker for my runs',
  'A todo list app with login',
  'a mobile app for my todos',
  'An Expo app for notes',
  'a mobile app for tracking my workouts',
];

describe('the builtin INITIAL reply: suggestions and publish', () => {
  it.each(INITIAL_PROMPTS)(
    '"%s" offers suggestions as a choices block, each one a change the builtin makes',
    async (prompt) => {
      const done = await run(prompt);
      const choices = choicesOf(done.blocks);
      expect(choices.length).toBeGreaterThanOrEqual(2);
      expect(done.message).not.toMatch(/Try next/i);
      for (const choice of choices) expect(done.message).not.toContain(choice);
      for (const choice of choices) {
        const next = await run(choice, done.modules);
        const changed = next.blocks.filter((b) => 'filePath' in b || 'migration' in b);
        expect(changed.length, `"${choice}" changed nothing: ${next.message}`).toBeGreaterThan(0);
        expect(next.message).not.toContain("can't make that change");
      }
    },
  );

  it('ends a web app with the publish block, and a mobile app (nothing to publish) without it', async () => {
    const web = await run('A todo list app with due dates');
    expect(web.blocks.at(-1)).toEqual({ kind: 'publish' });
    expect(web.blocks.at(-2)?.kind).toBe('choices');
    const mobile = await run('a mobile app for my todos');
    expect(mobile.modules.every((m) => m.moduleType === 'EXPO_PAGE')).toBe(true);
    expect(mobile.blocks.some((b) => b.kind === 'publish')).toBe(false);
    expect(mobile.blocks.at(-1)?.kind).toBe('choices');
  });

  it('lists the plan, the table, the functions and the modules they share, then pages and components, all created', async () => {
    const done = await run('A todo list app with due dates');
    const kinds = done.blocks.map((b) =>
      b.kind === 'thinking'
        ? 'thinking'
        : 'migration' in b
          ? `table ${b.migration}`
          : 'filePath' in b
            ? `${b.kind} ${b.name} ${b.change}`
            : b.kind,
    );
    expect(kinds).toEqual([
      'thinking',
      'table create_todos',
      'file Request created',
      'file Todo List created',
      'function Todos created',
      'function Todos created',
      'page Homepage created',
      'component App Header created',
      'component Add Todo Form created',
      'component Todo Item created',
      'choices',
      'publish',
    ]);
    expect(done.blocks.filter((b) => 'filePath' in b)).toHaveLength(done.modules.length);
  });

  it('a follow-up lists the files it edited and suggests nothing; an unknown request has no blocks', async () => {
    const first = await run('A todo list app with due dates');
    const next = await run('make it blue', first.modules);
    expect(next.blocks.every((b) => b.kind === 'thinking' || ('change' in b && b.change === 'edited'))).toBe(
      true,
    );
    expect(next.blocks.length).toBeGreaterThan(2);
    const help = await run('Something vague');
    expect(help.blocks).toEqual([]);
  });
});
