/**
 * What each reply built, stored with the message: a builtin INITIAL generation keeps its blocks (the plan, the
 * table, every file created, the suggestions and the suggestion to publish) and GraphQL gives them back, after
 * a restart too; sending a suggestion builds the next revision, whose answer lists the files it edited.
 * On PGlite, and on PostgreSQL when one is running.
 */
import { describe, expect, it } from 'vitest';
import {
  type Backend,
  type Client,
  createProject,
  postgresAvailable,
  settled,
  signUp,
  startTestKiln,
  waitFor,
} from './harness';

const backends: Backend[] = ['pglite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];

const SEND = `mutation($p: ID!, $text: String!) { sendMessage(projectId: $p, text: $text) { id number } }`;
const PROJECT = `query($id: ID!) { project(id: $id) {
  latestRevision { id number status modules { filePath moduleType } }
  messages { role text blocks { kind text filePath name moduleType change migration tool input status choices reason } } } }`;

interface Block {
  kind: string;
  text: string | null;
  filePath: string | null;
  name: string | null;
  moduleType: string | null;
  change: string | null;
  migration: string | null;
  tool: string | null;
  input: string | null;
  status: string | null;
  choices: string[] | null;
  reason: string | null;
}
interface Project {
  latestRevision: {
    id: string;
    number: number;
    status: string;
    modules: { filePath: string; moduleType: string }[];
  };
  messages: { role: string; text: string; blocks: Block[] }[];
}

/** Waits until the latest revision is `number` and finished; returns the project as PROJECT reads it. */
async function finished(client: Client, id: string, number: number): Promise<Project> {
  return (await settled<{ project: Project }>(client, id, { number, query: PROJECT, timeoutMs: 60_000 }))
    .project;
}

/** A block as the chat shows it, in one line. */
function line(b: Block): string {
  if (b.kind === 'thinking') return 'thinking';
  if (b.migration) return `table ${b.migration}`;
  if (b.filePath) return `${b.kind} ${b.name} ${b.change}`;
  return b.kind;
}

describe.each(backends)('message blocks on %s', (backend) => {
  it('stores what a builtin INITIAL reply built, its suggestions and publish, and GraphQL returns them', {
    timeout: 120_000,
  }, async () => {
    await using t = await startTestKiln(backend);
    const { client: ada } = await signUp(t, 'ada@example.com');
    const { id: projectId } = await createProject(ada, 'A todo list app with due dates');
    const project = await finished(ada, projectId, 1);
    expect(project.latestRevision.status).toBe('VALID');

    const [question, answer] = project.messages;
    expect(question?.blocks).toEqual([]);
    expect(answer?.role).toBe('assistant');
    expect(answer?.text).not.toMatch(/Try next/);
    const blocks = answer?.blocks ?? [];
    expect(blocks.map(line)).toEqual([
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
    expect(blocks[0]?.text).toContain('todo');
    // Every module of the revision is one file block, with its path and type.
    const files = blocks.filter((b) => b.filePath);
    expect(files.map((b) => [b.filePath, b.moduleType]).sort()).toEqual(
      project.latestRevision.modules.map((m) => [m.filePath, m.moduleType]).sort(),
    );
    expect(blocks.at(-1)).toMatchObject({ kind: 'publish', reason: null, choices: null });
    const choices = blocks.find((b) => b.kind === 'choices')?.choices ?? [];
    expect(choices).toEqual([
      'change the colour to emerald',
      'rename the app to Taskly',
      'add a page called About',
    ]);

    // The blocks are in the database, not in memory.
    await t.restart();
    const again = await waitFor(
      async () => (await ada.gql<{ project: Project }>(PROJECT, { id: projectId })).data,
    );
    expect(again.project.messages[1]?.blocks).toEqual(blocks);

    // A suggestion sent as the next message builds revision 2; its answer lists the files it edited, no choices.
    const sent = await ada.gql(SEND, { p: projectId, text: choices[0] });
    expect(sent.errors).toBeUndefined();
    const second = await finished(ada, projectId, 2);
    expect(second.latestRevision.status).toBe('VALID');
    expect(second.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(second.messages[2]?.text).toBe('change the colour to emerald');
    const edited = second.messages[3]?.blocks ?? [];
    expect(second.messages[3]?.text).toContain('indigo to emerald');
    expect(edited[0]?.kind).toBe('thinking');
    expect(edited.slice(1).map((b) => b.change)).toEqual(edited.slice(1).map(() => 'edited'));
    expect(edited.map(line)).toContain('page Homepage edited');
    expect(edited.some((b) => b.kind === 'choices' || b.kind === 'publish')).toBe(false);
  });
});
