/**
 * Issue 15, "restore that brings back code and data", over the real HTTP server on PGlite and PostgreSQL: each
 * finished revision keeps a copy of the development database; restoring a revision's code leaves the data as it
 * is, restoring code and data puts the revision's copy back; only the latest KILN_DATA_SNAPSHOTS revisions keep
 * one, and restoring the data of an older one is refused with a message saying so, changing nothing.
 */
import { startScriptedModelServer } from '@kiln/codegen/testing';
import { describe, expect, it } from 'vitest';
import {
  type Backend,
  type Client,
  createProject,
  postgresAvailable,
  scriptedModelEnv,
  settled,
  signUp,
  startTestKiln,
} from './harness';

const PAGE = (title: string) => `<kiln:file path="apps/web/src/app/page.tsx" type="PAGE">
export default function NotesPage() {
  return (
    <main className="p-6">
      <h1 className="text-2xl font-bold">${title}</h1>
    </main>
  );
}
</kiln:file>`;

const FIRST = `Notes with their own table.
<kiln:migration name="create_notes">
CREATE TABLE notes (id serial PRIMARY KEY, body text NOT NULL);
INSERT INTO notes (body) VALUES ('seed');
</kiln:migration>
${PAGE('Notes')}
`;
const SECOND = `A new title.\n${PAGE('My notes')}\n`;

const GONE =
  "This revision's data is no longer kept (only the latest revisions keep a data snapshot): restore its code only.";

const backends: Backend[] = ['pglite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];

const PROJECT = `query($id: ID!) { project(id: $id) { sandboxToken latestRevision { id number status }
  database { id } } }`;

/** The project once revision `number` is its latest and finished. */
async function settle(c: Client, id: string, number: number) {
  return (await settled(c, id, { number, query: PROJECT, timeoutMs: 90_000 })).project;
}

describe.each(backends)('restore with data on %s', (backend) => {
  it('brings back a revision’s rows with "code and data", leaves them with "code", refuses a pruned one', {
    timeout: 240_000,
  }, async () => {
    await using model = await startScriptedModelServer([{ reply: FIRST }, { reply: SECOND }]);
    await using t = await startTestKiln(backend, {
      ...scriptedModelEnv(model),
      KILN_DATA_SNAPSHOTS: '3',
    });
    const { client: me } = await signUp(t, 'restore@example.com');
    const { id } = await createProject(me, 'Notes');
    const first = await settle(me, id, 1);
    expect(first.latestRevision.status).toBe('VALID');
    const db = async (query: string, values: unknown[] = []) => {
      const res = await me.send('POST', `/api/db/${first.database.id}`, {
        host: `${id}.preview.localhost`,
        headers: { 'x-kiln-sandbox-token': first.sandboxToken },
        body: { query, values },
      });
      expect(res.status).toBe(200);
      return res.json<{ body: string }[]>();
    };
    const bodies = async () => (await db('SELECT body FROM notes ORDER BY id')).map((r) => r.body);
    expect(await bodies()).toEqual(['seed']);

    // A row added in the preview, then a new revision: its snapshot holds the row.
    await db('INSERT INTO notes (body) VALUES ($1)', ['kept']);
    await me.gql(`mutation($p: ID!) { sendMessage(projectId: $p, text: "Rename the title") { id } }`, {
      p: id,
    });
    const second = await settle(me, id, 2);
    expect(second.latestRevision.status).toBe('VALID');
    const rev2 = second.latestRevision.id as string;
    const rev1 = first.latestRevision.id as string;
    const snapshots = async () => {
      const { data } = await me.gql(
        `query($id: ID!) { project(id: $id) { revisions { id number hasDataSnapshot } } }`,
        { id },
      );
      return Object.fromEntries(
        (data.project.revisions as { number: number; hasDataSnapshot: boolean }[]).map((r) => [
          r.number,
          r.hasDataSnapshot,
        ]),
      );
    };
    expect(await snapshots()).toEqual({ 1: true, 2: true });
    await db(`DELETE FROM notes WHERE body = 'kept'`);
    expect(await bodies()).toEqual(['seed']);

    const RESTORE = `mutation($p: ID!, $r: ID!, $d: Boolean) {
      restoreRevision(projectId: $p, revisionId: $r, withData: $d) { id number action prompt } }`;
    // Code only: the row stays deleted.
    const codeOnly = await me.gql(RESTORE, { p: id, r: rev2, d: false });
    expect(codeOnly.errors).toBeUndefined();
    expect(codeOnly.data.restoreRevision).toMatchObject({ number: 3, action: 'RESTORE' });
    expect(await bodies()).toEqual(['seed']);

    // Code and data: the development database is revision 2's again.
    const started = Date.now();
    const withData = await me.gql(RESTORE, { p: id, r: rev2, d: true });
    expect(withData.errors).toBeUndefined();
    expect(withData.data.restoreRevision).toMatchObject({
      number: 4,
      action: 'RESTORE',
      prompt: 'Restore revision #2 with its data',
    });
    console.log(`restore with data (${backend}): ${Date.now() - started} ms`);
    expect(await bodies()).toEqual(['seed', 'kept']);
    // Writes work on the restored branch.
    await db('INSERT INTO notes (body) VALUES ($1)', ['after']);
    expect(await bodies()).toEqual(['seed', 'kept', 'after']);

    // Only the latest 3 revisions keep a snapshot: revision 1's is gone, and restoring its data says so.
    expect(await snapshots()).toEqual({ 1: false, 2: true, 3: true, 4: true });
    const refused = await me.gql(RESTORE, { p: id, r: rev1, d: true });
    expect(refused.errors?.[0]?.message).toBe(GONE);
    // Nothing changed: no new revision, the data as it was.
    expect((await settle(me, id, 4)).latestRevision.number).toBe(4);
    expect(await bodies()).toEqual(['seed', 'kept', 'after']);
    // Its code can still be restored.
    const oldCode = await me.gql(RESTORE, { p: id, r: rev1 });
    expect(oldCode.errors).toBeUndefined();
    expect(oldCode.data.restoreRevision.number).toBe(5);
    expect(await bodies()).toEqual(['seed', 'kept', 'after']);
  });
});
