/**
 * Generation with a real provider over real HTTP (the scripted model server speaking OpenAI's streaming wire
 * format): modules and statuses, reported tokens charged as credits, a 500 failing cleanly and refunded, and a
 * cancel mid-stream that changes nothing and costs nothing.
 */
import { readFixture, startScriptedModelServer } from '@kiln/codegen/testing';
import { describe, expect, it } from 'vitest';
import {
  type Client,
  createProject,
  scriptedModelEnv,
  settled,
  signUp,
  startTestKiln,
  waitFor,
} from './harness';

const PROJECT = `query($id: ID!) { project(id: $id) { latestRevision { status modules { filePath } } messages { role text } } }`;
const CREDITS = `{ organizations { credits { balance entries { type amount refunded } } } }`;

const settle = async (c: Client, id: string) => (await settled(c, id, { query: PROJECT })).project;

describe('generation with a model provider', () => {
  it('builds from a streamed reply, charges the reported tokens, refunds a 500 and a cancel', async () => {
    await using model = await startScriptedModelServer([
      { reply: readFixture('multi-file-app'), usage: { inputTokens: 1200, outputTokens: 2900 } },
    ]);
    await using t = await startTestKiln('pglite', scriptedModelEnv(model));
    const { client: me } = await signUp(t, 'm@example.com');

    const { id } = await createProject(me, 'A habit tracker with streaks');
    const project = await settle(me, id);
    expect(project.latestRevision.status).toBe('VALID');
    expect(project.latestRevision.modules.map((m: { filePath: string }) => m.filePath).sort()).toEqual([
      'apps/web/src/app/page.tsx',
      'apps/web/src/components/HabitRow.tsx',
    ]);
    expect(project.messages.at(-1).text).toContain('habit tracker');
    expect(model.requests[0]?.messages[0]?.content).toContain('A habit tracker with streaks');
    let credits = (await me.gql(CREDITS)).data.organizations[0].credits;
    expect(credits.entries).toEqual(
      expect.arrayContaining([
        { type: 'START_GENERATION', amount: -1, refunded: false },
        { type: 'GENERATION_USAGE', amount: -5, refunded: false }, // 4,100 reported tokens
      ]),
    );
    expect(credits.balance).toBe(100 - 6);

    // The provider fails (500 on every retry): the revision fails, keeps its parent's modules, costs nothing.
    model.enqueue({ reply: '', status: 500 }, { reply: '', status: 500 }, { reply: '', status: 500 });
    await me.gql(`mutation($p: ID!) { sendMessage(projectId: $p, text: "add a dark mode") { id } }`, {
      p: id,
    });
    const failed = await settle(me, id);
    expect(failed.latestRevision.status).toBe('GENERATION_FAILED');
    expect(failed.latestRevision.modules).toHaveLength(2);
    expect(failed.messages.at(-1).text).toMatch(/^Something went wrong\./);
    credits = (await me.gql(CREDITS)).data.organizations[0].credits;
    expect(credits.balance).toBe(100 - 6);

    // A slow stream canceled halfway: nothing changes, nothing is charged.
    model.enqueue({ reply: readFixture('search-replace-edit'), chunkSize: 5, delayMs: 40 });
    await me.gql(`mutation($p: ID!) { sendMessage(projectId: $p, text: "rename it to Habits") { id } }`, {
      p: id,
    });
    await waitFor(async () => model.requests.length >= 5);
    const cancel = await me.gql(`mutation($p: ID!) { cancelGeneration(projectId: $p) { id } }`, { p: id });
    expect(cancel.errors).toBeUndefined();
    const canceled = await settle(me, id);
    expect(canceled.latestRevision.status).toBe('FAILED');
    expect(canceled.messages.at(-1).text).toBe('Canceled. Nothing was changed.');
    expect((await me.gql(CREDITS)).data.organizations[0].credits.balance).toBe(100 - 6);
    const again = await me.gql(`mutation($p: ID!) { cancelGeneration(projectId: $p) { id } }`, { p: id });
    expect(again.errors?.[0]?.message).toBe('Nothing is being generated.');
  });

  it('refuses a prompt over the length limit as UNSAFE_TOO_LONG, before any work', async () => {
    await using t = await startTestKiln('pglite');
    const { client: me } = await signUp(t, 'n@example.com');
    const res = await me.gql(`mutation($p: String!) { createProject(prompt: $p) { id } }`, {
      p: 'x'.repeat(20_001),
    });
    expect(res.status).toBe(400);
    expect(res.errors?.[0]?.message).toBe('That message is too long: keep it under 20,000 characters.');
    expect((await me.gql('{ projects { id } }')).data.projects).toEqual([]);
  });
});
