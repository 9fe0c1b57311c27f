/**
 * Hand edits (issue 17): `saveModule` makes a CODE_CHANGE revision with no model and no credits, checked like a
 * generation — VALID, or INVALID_CODE naming the module for a broken save — and a save based on an outdated
 * revision is refused with the conflict message, never applied over the newer one.
 */
import { describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '../src/messages';
import { type Client, createProject, settled, signUp, startTestKiln } from './harness';

const SAVE = `mutation($p: ID!, $f: String!, $c: String!, $base: ID) {
  saveModule(projectId: $p, filePath: $f, content: $c, baseRevisionId: $base) { id number action status } }`;
const STATE = `query($id: ID!) { project(id: $id) {
  latestRevision { id number action status modules { filePath moduleType content } }
  messages { role text } } organizations { credits { balance } } }`;

interface Rev {
  id: string;
  number: number;
  action: string;
  status: string;
  modules: { filePath: string; moduleType: string; content: string }[];
}
interface State {
  project: { latestRevision: Rev; messages: { role: string; text: string }[] };
  organizations: { credits: { balance: number } }[];
}

/** Waits until the latest revision is `number` and finished; returns STATE's answer. */
function settledAt(client: Client, id: string, number: number): Promise<State> {
  return settled<State>(client, id, { number, query: STATE, timeoutMs: 60_000 });
}

describe('hand edits', () => {
  it('saveModule: CODE_CHANGE, checked, free; broken → INVALID_CODE; outdated base → conflict', {
    timeout: 120_000,
  }, async () => {
    await using t = await startTestKiln();
    const { client } = await signUp(t, 'hand@example.com');
    const { id: projectId } = await createProject(client, 'A todo list');
    const first = await settledAt(client, projectId, 1);
    const page = first.project.latestRevision.modules.find((m) => m.moduleType === 'PAGE')!;
    const balance = first.organizations[0]!.credits.balance;

    const good = await client.gql<{ saveModule: Rev }>(SAVE, {
      p: projectId,
      f: page.filePath,
      c: `${page.content}\n// edited by hand\n`,
      base: first.project.latestRevision.id,
    });
    expect(good.errors).toBeUndefined();
    expect(good.data.saveModule.action).toBe('CODE_CHANGE');
    const afterGood = await settledAt(client, projectId, 2);
    expect(afterGood.project.latestRevision.status).toBe('VALID');
    expect(
      afterGood.project.latestRevision.modules.find((m) => m.filePath === page.filePath)?.content,
    ).toContain('// edited by hand');
    expect(afterGood.project.messages.at(-1)?.text).toBe('Saved.');
    expect(afterGood.organizations[0]!.credits.balance).toBe(balance);

    // Based on revision 1 although revision 2 landed: refused, nothing queued.
    const stale = await client.gql(SAVE, {
      p: projectId,
      f: page.filePath,
      c: 'export default function Page() { return null; }\n',
      base: first.project.latestRevision.id,
    });
    expect(stale.errors?.[0]?.message).toBe(SERVER_MESSAGES.outdatedRevision);

    const bad = await client.gql<{ saveModule: Rev }>(SAVE, {
      p: projectId,
      f: page.filePath,
      c: `${page.content}\n<div>`,
      base: afterGood.project.latestRevision.id,
    });
    expect(bad.errors).toBeUndefined();
    const afterBad = await settledAt(client, projectId, 3);
    expect(afterBad.project.latestRevision.status).toBe('INVALID_CODE');
    expect(afterBad.project.messages.at(-1)?.text).toContain(page.filePath);
    expect(afterBad.organizations[0]!.credits.balance).toBe(balance);

    // A path that is no module path is refused with core's rule.
    const nowhere = await client.gql(SAVE, { p: projectId, f: '../etc/passwd', c: 'x' });
    expect(nowhere.errors?.[0]?.message).toBeTruthy();
  });

  it('addMigration: a migration written by hand is applied to the development branch; names are not reused', {
    timeout: 120_000,
  }, async () => {
    await using t = await startTestKiln();
    const { client } = await signUp(t, 'sql@example.com');
    const { id: projectId } = await createProject(client, 'A todo list');
    const first = await settledAt(client, projectId, 1);
    const ADD = `mutation($p: ID!, $n: String!, $s: String!, $base: ID) {
      addMigration(projectId: $p, name: $n, sql: $s, baseRevisionId: $base) { id action } }`;
    const MIGRATIONS = `query($id: ID!) { project(id: $id) { database { migrations { name status } } } }`;

    const added = await client.gql<{ addMigration: { action: string } }>(ADD, {
      p: projectId,
      n: 'create_notes',
      s: 'CREATE TABLE notes (id serial PRIMARY KEY, body text NOT NULL);',
      base: first.project.latestRevision.id,
    });
    expect(added.errors).toBeUndefined();
    expect(added.data.addMigration.action).toBe('CODE_CHANGE');
    const after = await settledAt(client, projectId, 2);
    expect(after.project.latestRevision.status).toBe('VALID');
    const { data: db } = await client.gql<{
      project: { database: { migrations: { name: string; status: string }[] } };
    }>(MIGRATIONS, { id: projectId });
    expect(db.project.database.migrations).toContainEqual({ name: 'create_notes', status: 'COMPLETED' });

    const again = await client.gql(ADD, { p: projectId, n: 'create_notes', s: 'SELECT 1;' });
    expect(again.errors?.[0]?.message).toContain('already a migration named create_notes');
    const badName = await client.gql(ADD, { p: projectId, n: 'Drop Everything', s: 'SELECT 1;' });
    expect(badName.errors?.[0]?.message).toContain('lower-case letters');

    // SQL the database rejects: recorded FAILED and said in the chat, the code stays as it was.
    await client.gql(ADD, { p: projectId, n: 'broken_sql', s: 'CREATE TABLE (' });
    const broken = await settledAt(client, projectId, 3);
    expect(broken.project.messages.at(-1)?.text).toContain('The database change "broken_sql" failed');
  });
});
