/**
 * Idempotent chat sends (issue 21): a message sent again with the same clientMessageId (the builder repeats a
 * send whose answer the network lost) gets back the revision the first send queued: no second revision, no
 * second charge, and no conflict although the first send moved the project on. On PostgreSQL, two sends
 * racing with one id queue one revision. On PGlite, and on PostgreSQL when one is running.
 */
import { describe, expect, it } from 'vitest';
import { type Backend, type Client, postgresAvailable, startTestKiln, waitFor } from './harness';

const backends: Backend[] = ['pglite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];

const SIGN_UP = `mutation($email: String!, $password: String!) { signUp(email: $email, password: $password) { id } }`;
const CREATE = `mutation($prompt: String!) { createProject(prompt: $prompt) { id } }`;
const SEND = `mutation($p: ID!, $text: String!, $base: ID, $cid: ID) {
  sendMessage(projectId: $p, text: $text, baseRevisionId: $base, clientMessageId: $cid) { id number } }`;
const STATE = `query($id: ID!) { project(id: $id) { latestRevision { id number status } messages { role } }
  organizations { credits { balance } } }`;

interface State {
  project: { latestRevision: { id: string; number: number; status: string }; messages: { role: string }[] };
  organizations: { credits: { balance: number } }[];
}

const BUILDING = ['QUEUED', 'ENHANCING_PROMPT', 'BUILDING', 'BUILDING_UI', 'BUILDING_FUNCTIONALITY'];

async function settled(client: Client, id: string, number: number): Promise<State> {
  return waitFor(async () => {
    const { data } = await client.gql<State>(STATE, { id });
    const rev = data.project.latestRevision;
    return rev.number === number && !BUILDING.includes(rev.status) ? data : null;
  }, 60_000);
}

describe.each(backends)('idempotent chat sends (%s)', (backend) => {
  it('a repeated clientMessageId returns the first revision, queues and charges nothing more', {
    timeout: 120_000,
  }, async () => {
    await using t = await startTestKiln(backend);
    const client = t.client();
    await client.gql(SIGN_UP, { email: 'ida@example.com', password: 'correct horse battery' });
    const { data: created } = await client.gql<{ createProject: { id: string } }>(CREATE, {
      prompt: 'A todo list',
    });
    const projectId = created.createProject.id;
    const initial = await settled(client, projectId, 1);
    const base = initial.project.latestRevision.id;

    const send = (cid: string | null) =>
      client.gql<{ sendMessage: { id: string; number: number } }>(SEND, {
        p: projectId,
        text: 'make the title bigger',
        base,
        cid,
      });
    const first = await send('c0ffee00-0000-4000-8000-000000000001');
    expect(first.errors).toBeUndefined();
    const again = await send('c0ffee00-0000-4000-8000-000000000001');
    expect(again.errors).toBeUndefined();
    expect(again.data.sendMessage).toEqual(first.data.sendMessage);
    const afterRetry = await settled(client, projectId, 2);
    expect(afterRetry.project.messages.filter((m) => m.role === 'user')).toHaveLength(2);
    // Once more after it finished: still the same revision, still one charge.
    const late = await send('c0ffee00-0000-4000-8000-000000000001');
    expect(late.data.sendMessage.id).toBe(first.data.sendMessage.id);
    const { data: final } = await client.gql<State>(STATE, { id: projectId });
    expect(final.project.latestRevision.number).toBe(2);
    expect(final.organizations[0]?.credits.balance).toBe(afterRetry.organizations[0]?.credits.balance);

    // Two sends racing with one new id queue one revision (PostgreSQL: where several processes race).
    if (backend !== 'postgres') return;
    const newBase = final.project.latestRevision.id;
    const race = await Promise.all(
      [0, 1].map(() =>
        client.gql<{ sendMessage: { id: string } }>(SEND, {
          p: projectId,
          text: 'add a footer',
          base: newBase,
          cid: 'c0ffee00-0000-4000-8000-000000000002',
        }),
      ),
    );
    expect(race.map((r) => r.errors)).toEqual([undefined, undefined]);
    expect(race[0]?.data.sendMessage.id).toBe(race[1]?.data.sendMessage.id);
    const { data: raced } = await client.gql<State>(STATE, { id: projectId });
    expect(raced.project.latestRevision.number).toBe(3);
  });
});
