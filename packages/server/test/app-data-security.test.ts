/**
 * Issue 13, "app data closed by default", over the real HTTP server (node:http, so the Host header picks the
 * origin): a published app's `/api/db/{databaseId}` refuses anonymous visitors unless every table a SELECT reads
 * was opened for public reading; writes are never anonymous; only JSON bodies; the database is addressed by its
 * id; results are capped in bytes; a VIEWER's sandbox token reads only (`/api/db` and the functions' `sql`) and
 * a VIEWER cannot `markRendered`. One generation (a scripted model) and one publish serve every case.
 */
import { startScriptedModelServer } from '@kiln/codegen/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Client,
  createProject,
  type HttpResult,
  joinAsMember,
  publish,
  scriptedModelEnv,
  settled,
  signUp,
  startTestKiln,
  type TestKiln,
} from './harness';

const REPLY = `A waitlist with a public notice board.
<kiln:migration name="create_waitlist">
CREATE TABLE leads (id serial PRIMARY KEY, name text NOT NULL, email text NOT NULL);
CREATE TABLE notices (id serial PRIMARY KEY, body text NOT NULL);
CREATE TABLE todos (id serial PRIMARY KEY, title text NOT NULL);
INSERT INTO leads (name, email) VALUES ('Ada', 'ada@example.com');
INSERT INTO notices (body) VALUES ('Launch on Monday');
INSERT INTO todos (title) VALUES ('Write the launch mail');
</kiln:migration>
<kiln:file path="apps/web/src/app/api/leads/route.ts" type="FUNCTION">
import sql from '@/app/api/utils/sql';

export async function GET() {
  const [row] = await sql\`SELECT count(*)::int AS n FROM leads\`;
  return Response.json(row);
}

export async function POST(request: Request) {
  const body = await request.json();
  const [row] = await sql\`INSERT INTO leads (name, email) VALUES (\${body.name}, \${body.email}) RETURNING id\`;
  return Response.json(row, { status: 201 });
}
</kiln:file>
<kiln:file path="apps/web/src/app/page.tsx" type="PAGE">
export default function HomePage() {
  return <main className="p-6"><h1 className="text-2xl font-bold">Join the waitlist</h1></main>;
}
</kiln:file>
`;

type ErrorBody = { error: { code: string; message: string } };
const message = (res: HttpResult) => res.json<ErrorBody>().error.message;

let t: TestKiln;
let model: AsyncDisposable;
let owner: Client;
let editor: Client;
let viewer: Client;
let visitor: Client;
let projectId: string;
let databaseId: string;
let revisionId: string;
let appHost: string;
let previewHost: string;
let editorToken: string;
let viewerToken: string;

const sandboxToken = async (c: Client) =>
  (await c.gql(`query($id: ID!) { project(id: $id) { sandboxToken } }`, { id: projectId })).data.project
    .sandboxToken as string;

/** `POST /api/db/{database}` on the published app, as an anonymous visitor. */
const visit = (query: string, values: unknown[] = [], database = databaseId) =>
  visitor.send('POST', `/api/db/${encodeURIComponent(database)}`, { host: appHost, body: { query, values } });

/** `POST /api/db/{database}` in the preview with a sandbox token. */
const preview = (token: string, query: string, values: unknown[] = []) =>
  owner.send('POST', `/api/db/${databaseId}`, {
    host: previewHost,
    headers: { 'x-kiln-sandbox-token': token },
    body: { query, values },
  });

const setPublicRead = (c: Client, table: string, publicRead: boolean) =>
  c.gql(
    `mutation($p: ID!, $t: String!, $r: Boolean!) { setTablePublicRead(projectId: $p, table: $t, publicRead: $r) { name publicRead } }`,
    { p: projectId, t: table, r: publicRead },
  );

const mainRows = async (table: string) => {
  const { data } = await owner.gql(
    `query($id: ID!) { project(id: $id) { database { tables(branch: "main") { name rowCount } } } }`,
    { id: projectId },
  );
  return data.project.database.tables.find((x: { name: string }) => x.name === table)?.rowCount as number;
};

beforeAll(async () => {
  const scripted = await startScriptedModelServer([
    { reply: REPLY, usage: { inputTokens: 900, outputTokens: 600 } },
  ]);
  model = scripted;
  t = await startTestKiln('pglite', scriptedModelEnv(scripted));
  ({ client: owner } = await signUp(t, 'owner@example.com'));
  const org = (await owner.gql(`mutation { createOrganization(name: "Waitlist Co") { id } }`)).data
    .createOrganization.id as string;
  ({ client: editor } = await joinAsMember(t, owner, org, 'editor@example.com', { role: 'EDITOR' }));
  ({ client: viewer } = await joinAsMember(t, owner, org, 'viewer@example.com', { role: 'VIEWER' }));
  visitor = t.client();
  projectId = (await createProject(owner, 'A waitlist', { organizationId: org })).id;
  const { project } = await settled(owner, projectId, {
    query: `query($id: ID!) { project(id: $id) { latestRevision { id status } database { id } } }`,
    timeoutMs: 60_000,
  });
  expect(project.latestRevision.status).toBe('VALID');
  revisionId = project.latestRevision.id;
  databaseId = project.database.id;
  appHost = new URL((await publish(owner, projectId)).url).hostname;
  previewHost = `${projectId}.preview.localhost`;
  editorToken = await sandboxToken(editor);
  viewerToken = await sandboxToken(viewer);
}, 120_000);

afterAll(async () => {
  await t?.[Symbol.asyncDispose]();
  await model?.[Symbol.asyncDispose]();
});

describe("a published app's /api/db", () => {
  it('refuses a visitor reading a table nobody opened for public reading (403), and every write', async () => {
    const read = await visit('SELECT name, email FROM leads');
    expect(read.status).toBe(403);
    expect(message(read)).toBe(
      'The table "leads" is not open for public reading: turn on Public read for it in the Database tab.',
    );
    for (const write of [
      'DELETE FROM todos',
      "INSERT INTO todos (title) VALUES ('spam')",
      'UPDATE todos SET title = $1',
    ]) {
      const res = await visit(write, write.includes('$1') ? ['x'] : []);
      expect(res.status).toBe(403);
      expect(message(res)).toBe(
        "Visitors of a published app may only read tables opened for public reading; writes go through the app's functions.",
      );
    }
    expect(await mainRows('todos')).toBe(1);
    expect((await visit('SELECT now()')).status).toBe(403);
  });

  it('lets visitors SELECT a table an EDITOR opened for public reading, and nothing it joins that is closed', async () => {
    const opened = await setPublicRead(editor, 'notices', true);
    expect(opened.errors).toBeUndefined();
    expect(opened.data.setTablePublicRead).toEqual({ name: 'notices', publicRead: true });
    const read = await visit('SELECT body FROM notices ORDER BY id');
    expect(read.status).toBe(200);
    expect(read.json()).toEqual([{ body: 'Launch on Monday' }]);
    const hidden = [
      'SELECT n.body, l.email FROM notices n JOIN leads l ON true',
      'SELECT body FROM notices WHERE EXISTS (SELECT 1 FROM leads)',
      'SELECT body FROM notices UNION SELECT email FROM leads',
      'WITH notices AS (SELECT email AS body FROM leads) SELECT body FROM notices',
      'WITH x AS (SELECT * FROM notices) SELECT * FROM x, (WITH notices AS (SELECT 1) SELECT * FROM leads) y',
    ];
    for (const query of hidden) {
      const res = await visit(query);
      expect(res.status, query).toBe(403);
      expect(message(res)).toContain('"leads" is not open for public reading');
    }
    // Still no writes, not even to the open table, nor through a CTE or a lock.
    for (const query of [
      'DELETE FROM notices',
      'WITH gone AS (DELETE FROM notices RETURNING id) SELECT count(*) FROM gone',
      'SELECT * FROM notices FOR UPDATE',
    ]) {
      expect((await visit(query)).status, query).toBe(403);
    }
    expect(await mainRows('notices')).toBe(1);
    // Closing it again closes it at once.
    expect((await setPublicRead(owner, 'notices', false)).data.setTablePublicRead.publicRead).toBe(false);
    expect((await visit('SELECT body FROM notices')).status).toBe(403);
  });

  it('shows each table’s Public read setting and lets only EDITOR+ change it', async () => {
    const tables = async (c: Client) =>
      (
        await c.gql(`query($id: ID!) { project(id: $id) { database { tables { name publicRead } } } }`, {
          id: projectId,
        })
      ).data.project.database.tables;
    await setPublicRead(editor, 'todos', true);
    expect(await tables(viewer)).toEqual([
      { name: 'leads', publicRead: false },
      { name: 'notices', publicRead: false },
      { name: 'todos', publicRead: true },
    ]);
    const refused = await setPublicRead(viewer, 'leads', true);
    expect(refused.errors?.[0]?.extensions?.code).toBe('forbidden');
    const unknown = await setPublicRead(editor, 'nope', true);
    expect(unknown.errors?.[0]?.extensions?.code).toBe('not_found');
    expect(unknown.errors?.[0]?.message).toBe('No table "nope" in this database.');
    const { client: stranger } = await signUp(t, 'stranger@example.com');
    expect((await setPublicRead(stranger, 'todos', false)).errors?.[0]?.extensions?.code).toBe('not_found');
    await setPublicRead(editor, 'todos', false);
    expect((await tables(owner)).every((x: { publicRead: boolean }) => !x.publicRead)).toBe(true);
  });

  it('answers 404 to the shared default database name: the database is addressed by its id', async () => {
    const res = await visit('SELECT body FROM notices', [], 'New Database');
    expect(res.status).toBe(404);
    expect(message(res)).toBe('No database "New Database" in this app.');
    const inPreview = await owner.send('POST', '/api/db/New%20Database', {
      host: previewHost,
      headers: { 'x-kiln-sandbox-token': editorToken },
      body: { query: 'SELECT 1 AS one', values: [] },
    });
    expect(inPreview.status).toBe(404);
  });

  it('takes only application/json bodies, on the app and the preview origin (415 otherwise)', async () => {
    const body = JSON.stringify({ query: 'DELETE FROM todos', values: [] });
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      for (const [host, headers] of [
        [appHost, {}],
        [previewHost, { 'x-kiln-sandbox-token': editorToken }],
      ] as const) {
        const res = await visitor.send('POST', `/api/db/${databaseId}`, {
          host,
          headers: { ...headers, 'content-type': type },
          body: JSON.parse(body),
        });
        expect(res.status, `${type} on ${host}`).toBe(415);
        expect(message(res)).toBe(
          'Send JSON (Content-Type: application/json) with a query string and a values array.',
        );
      }
    }
    expect(await mainRows('todos')).toBe(1);
  });
});

describe('the preview with a sandbox token', () => {
  it("runs only SELECTs with a VIEWER's token, through /api/db and through the app's functions", async () => {
    const read = await preview(viewerToken, 'SELECT name FROM leads ORDER BY id');
    expect(read.status).toBe(200);
    expect(read.json()).toEqual([{ name: 'Ada' }]);
    for (const query of ['DELETE FROM leads', "INSERT INTO leads (name, email) VALUES ('x', 'y')"]) {
      const res = await preview(viewerToken, query);
      expect(res.status, query).toBe(403);
      expect(message(res)).toBe('This access is read-only: only a SELECT may run.');
    }
    // nextval writes a sequence: the read-only transaction refuses it too.
    const sequence = await preview(viewerToken, "SELECT nextval('leads_id_seq')");
    expect(sequence.status).toBe(400);
    expect(message(sequence)).toContain('read-only transaction');

    const fn = (token: string, method: string, body?: unknown) =>
      owner.send(method, `/sandbox/api/${revisionId}/leads`, {
        host: previewHost,
        headers: { 'x-kiln-sandbox-token': token },
        body,
      });
    expect((await fn(viewerToken, 'GET')).json()).toEqual({ n: 1 });
    const viewerWrite = await fn(viewerToken, 'POST', { name: 'Eve', email: 'eve@example.com' });
    expect(viewerWrite.status).toBeGreaterThanOrEqual(400);
    expect((await fn(viewerToken, 'GET')).json()).toEqual({ n: 1 });

    // EDITOR+ keep full access.
    const editorWrite = await fn(editorToken, 'POST', { name: 'Grace', email: 'grace@example.com' });
    expect(editorWrite.status).toBe(201);
    expect((await fn(viewerToken, 'GET')).json()).toEqual({ n: 2 });
    const deleted = await preview(editorToken, 'DELETE FROM leads WHERE name = $1 RETURNING name', ['Grace']);
    expect(deleted.json()).toEqual([{ name: 'Grace' }]);
  });

  it('refuses a result larger than 4 MiB with a clear error, and the database keeps answering', async () => {
    const big = await preview(editorToken, 'SELECT repeat($1, 1000) AS x FROM generate_series(1, 50)', [
      'x'.repeat(100),
    ]);
    expect(big.status).toBe(413);
    expect(message(big)).toBe('The result is larger than 4 MiB: select fewer rows or columns.');
    const huge = await preview(editorToken, 'SELECT repeat($1, 200000000)', ['x']);
    expect(huge.status).toBe(400);
    expect(message(huge)).toBe('repeat would build a value larger than the result limit; ask for less.');
    expect((await preview(editorToken, 'SELECT count(*)::int AS n FROM leads')).json()).toEqual([{ n: 1 }]);
  });
});

describe('markRendered', () => {
  it('is refused to a VIEWER and allowed to an EDITOR', async () => {
    const mark = (c: Client) =>
      c.gql(`mutation($r: ID!) { markRendered(revisionId: $r) }`, { r: revisionId });
    const refused = await mark(viewer);
    expect(refused.errors?.[0]?.extensions?.code).toBe('forbidden');
    const done = await mark(editor);
    expect(done.errors).toBeUndefined();
    expect(done.data.markRendered).toBe(true);
  });
});
