/**
 * A generated app's backend end to end, over real HTTP: a (scripted) model writes a migration, two functions and
 * a page; the worker applies the migration to the development branch; the builder's preview calls the functions
 * with its sandbox token (and nobody else can); `/api/db` takes one guarded statement; publishing brings the
 * table to the main branch, where the published app's functions answer with their own data. The same on PGlite
 * and PostgreSQL (the platform database; app databases are PGlite per branch either way).
 */
import { startScriptedModelServer } from '@kiln/codegen/testing';
import { describe, expect, it } from 'vitest';
import {
  type Backend,
  type Client,
  createProject,
  postgresAvailable,
  publish,
  scriptedModelEnv,
  settled,
  signUp,
  startTestKiln,
} from './harness';

const REPLY = `A guestbook with its own table.
<kiln:migration name="create_entries">
CREATE TABLE entries (
  id serial PRIMARY KEY,
  author text NOT NULL,
  message text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO entries (author, message) VALUES ('Kiln', 'Welcome to the guestbook!');
</kiln:migration>
<kiln:file path="apps/web/src/app/api/entries/route.ts" type="FUNCTION">
import sql from '@/app/api/utils/sql';

export async function GET() {
  const rows = await sql\`SELECT id, author, message FROM entries ORDER BY id\`;
  return Response.json(rows);
}

export async function POST(request: Request) {
  const body = await request.json();
  if (!body.author || !body.message) {
    return Response.json({ error: 'Write your name and a message.' }, { status: 400 });
  }
  const [row] = await sql\`INSERT INTO entries (author, message) VALUES (\${body.author}, \${body.message}) RETURNING id, author, message\`;
  return Response.json(row, { status: 201 });
}
</kiln:file>
<kiln:file path="apps/web/src/app/api/entries/[id]/route.ts" type="FUNCTION">
import sql from '@/app/api/utils/sql';

export async function DELETE(_request: Request, { params }: { params: { id: string } }) {
  const rows = await sql\`DELETE FROM entries WHERE id = \${Number(params.id)} RETURNING id\`;
  if (rows.length === 0) return Response.json({ error: 'No such entry.' }, { status: 404 });
  return new Response(null, { status: 204 });
}
</kiln:file>
<kiln:file path="apps/web/src/app/page.tsx" type="PAGE">
import { useEffect, useState } from 'react';

export default function HomePage() {
  const [entries, setEntries] = useState([]);
  useEffect(() => {
    fetch('/api/entries')
      .then((r) => (r.ok ? r.json() : []))
      .then(setEntries)
      .catch(() => setEntries([]));
  }, []);
  return (
    <main className="p-6">
      <h1 className="text-2xl font-bold">Guestbook</h1>
      <ul>{entries.map((e) => <li key={e.id}>{e.author}: {e.message}</li>)}</ul>
    </main>
  );
}
</kiln:file>
`;

const PROJECT = `query($id: ID!) { project(id: $id) {
  sandboxToken
  latestRevision { id number status }
  messages { role text }
  database { id name status
    tables { name rowCount columns { name type nullable } rows { } }
    migrations { name status error publishedAt } } } }`.replace('rows { }', 'rows');

async function settle(c: Client, id: string, number: number) {
  return (await settled(c, id, { number, query: PROJECT, timeoutMs: 60_000 })).project;
}

const backends: Backend[] = ['pglite'];
if (await postgresAvailable()) backends.push('postgres');

describe.each(backends)('the app backend (%s)', (backend) => {
  it('runs the functions a model wrote against the tables its migration made, per branch, for the right people', {
    timeout: 180_000,
  }, async () => {
    await using model = await startScriptedModelServer([
      { reply: REPLY, usage: { inputTokens: 900, outputTokens: 600 } },
    ]);
    await using t = await startTestKiln(backend, {
      ...scriptedModelEnv(model),
      // The new user's FREE organisation may make this app private (for the last check).
      KILN_PRIVATE_PROJECT_LIMITS: '{"FREE": 5}',
    });
    const { client: me } = await signUp(t, 'guestbook@example.com');
    const { id } = await createProject(me, 'A guestbook');
    const project = await settle(me, id, 1);
    expect(project.latestRevision.status).toBe('VALID');

    // The migration ran on the development branch: the table and its seed row are there.
    expect(project.database).toMatchObject({ name: 'New Database', status: 'COMPLETED' });
    expect(project.database.migrations).toEqual([
      { name: 'create_entries', status: 'COMPLETED', error: null, publishedAt: null },
    ]);
    const [entries] = project.database.tables;
    expect(entries).toMatchObject({ name: 'entries', rowCount: 1 });
    expect(entries.columns.map((c: { name: string }) => c.name)).toEqual([
      'id',
      'author',
      'message',
      'created_at',
    ]);
    expect(JSON.parse(entries.rows[0])).toMatchObject({
      author: 'Kiln',
      message: 'Welcome to the guestbook!',
    });

    // The preview calls its revision's functions with the builder's token.
    const preview = `${id}.preview.localhost`;
    const revision = project.latestRevision.id as string;
    const token = { 'x-kiln-sandbox-token': project.sandboxToken as string };
    const api = (method: string, path: string, body?: unknown, headers: Record<string, string> = token) =>
      me.send(method, `/sandbox/api/${revision}/${path}`, { host: preview, body, headers });
    const listed = await api('GET', 'entries');
    expect(listed.status).toBe(200);
    expect(listed.json()).toEqual([{ id: 1, author: 'Kiln', message: 'Welcome to the guestbook!' }]);
    const added = await api('POST', 'entries', { author: 'Ada', message: 'Lovely app' });
    expect(added.status).toBe(201);
    expect(added.json()).toEqual({ id: 2, author: 'Ada', message: 'Lovely app' });
    expect((await api('POST', 'entries', { author: 'Ada' })).json()).toEqual({
      error: 'Write your name and a message.',
    });
    expect((await api('DELETE', 'entries/2')).status).toBe(204);
    expect((await api('DELETE', 'entries/2')).status).toBe(404);
    expect((await api('GET', 'nothing-here')).status).toBe(404);

    // Without the token, with a forged one, or with another project's: no function runs.
    const { client: stranger } = await signUp(t, 'stranger@example.com');
    const theirs = await createProject(stranger, 'Another app');
    const forged: Record<string, string>[] = [
      {},
      { 'x-kiln-sandbox-token': `${(project.sandboxToken as string).slice(0, -3)}abc` },
      { 'x-kiln-sandbox-token': theirs.sandboxToken },
    ];
    for (const headers of forged) {
      const refused = await api('GET', 'entries', undefined, headers);
      expect(refused.status).toBe(401);
      expect(refused.json<{ error: { message: string } }>().error.message).toContain('sandbox token');
    }

    // /api/db: one guarded statement on the development branch.
    const db = project.database.id as string;
    const selected = await me.send('POST', `/api/db/${db}`, {
      host: preview,
      headers: token,
      body: { query: 'SELECT author FROM entries WHERE id = $1 LIMIT 1', values: [1] },
    });
    expect(selected.status).toBe(200);
    expect(selected.json()).toEqual([{ author: 'Kiln' }]);
    for (const query of ['SET ROLE postgres', 'SELECT * FROM pg_user', 'SELECT 1; SELECT 2']) {
      const refused = await me.send('POST', `/api/db/${db}`, {
        host: preview,
        headers: token,
        body: { query, values: [] },
      });
      expect(refused.status).toBe(400);
    }

    // Publishing brings the table to main, with the seed row and none of the preview's data.
    const app = new URL((await publish(me, id)).url).hostname;
    const visitor = t.client();
    const page = await visitor.send('GET', '/', { host: app });
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('INSERT INTO entries'); // function source stays on the server
    await api('POST', 'entries', { author: 'Grace', message: 'Only in the preview' });
    const live = await visitor.send('GET', '/api/entries', { host: app });
    expect(live.status).toBe(200);
    expect(live.json()).toEqual([{ id: 1, author: 'Kiln', message: 'Welcome to the guestbook!' }]);
    expect(
      (await visitor.send('POST', '/api/entries', { host: app, body: { author: 'Linus', message: 'Hi' } }))
        .status,
    ).toBe(201);
    expect((await visitor.send('GET', '/api/entries', { host: app })).json()).toHaveLength(2);
    const after = await settle(me, id, 1);
    expect(after.database.migrations[0].publishedAt).not.toBeNull();

    // A private app's backend answers only visitors holding its access link.
    const hide = await me.gql(
      `mutation($id: ID!) { setProjectVisibility(projectId: $id, visibility: "PRIVATE") { id } }`,
      { id },
    );
    expect(hide.errors).toBeUndefined();
    const hidden = await visitor.send('GET', '/api/entries', { host: app });
    expect(hidden.status).toBe(403);
  });
});
