/**
 * Idempotent chat sends (issue 21): a message sent again with the same clientMessageId (the builder repeats a
 * send whose answer the network lost) gets back the revision the first send queued: no second revision, no
 * second charge, and no conflict although the first send moved the project on. On PostgreSQL, two sends
 * racing with one id queue one revision. On PGlite, and on PostgreSQL when one is running.
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
} from './harness';

const backends: Backend[] = ['pglite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];

const SEND = `mutation($p: ID!, $text: String!, $base: ID, $cid: ID) {
  sendMessage(projectId: $p, text: $text, baseRevisionId: $base, clientMessageId: $cid) { id number } }`;
const STATE = `query($id: ID!) { project(id: $id) { latestRevision { id number status } messages { role } }
  organizations { credits { balance } } }`;

interface State {
  project: { latestRevision: { id: string; number: number; status: string }; messages: { role: string }[] };
  organizations: { credits: { balance: number } }[];
}

/** Waits until the latest revision is `number` and finished; returns STATE's answer. */
function settledAt(client: Client, id: string, number: number): Promise<State> {
  return settled<State>(client, id, { number, query: STATE, timeoutMs: 60_000 });
}

describe.each(backends)('idempotent chat sends (%s)', (backend) => {
  it('a repeated clientMessageId returns the first revision, queues and charges nothing more', {
    timeout: 120_000,
  }, async () => {
    await using t = await startTestKiln(backend);
    const { client } = await signUp(t, 'ida@example.com');
    const { id: projectId } = await createProject(client, 'A todo list');
    const initial = await settledAt(client, projectId, 1);
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
    const afterRetry = await settledAt(client, projectId, 2);
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
