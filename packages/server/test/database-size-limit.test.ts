/**
 * Issue 14, "database size per plan enforced", over the real HTTP server on PGlite and PostgreSQL: with the
 * FREE plan's size set below what an app database takes (KILN_DATABASE_SIZE_LIMITS), the app's writes — from
 * `/api/db` and from its functions — are refused with a message naming the limit, while reads and deletes still
 * run; GraphQL reports the limit beside the size (the Database tab shows one against the other).
 */
import { startScriptedModelServer } from '@kiln/codegen/testing';
import { describe, expect, it } from 'vitest';
import {
  type Backend,
  createProject,
  postgresAvailable,
  publish,
  scriptedModelEnv,
  settled,
  signUp,
  startTestKiln,
} from './harness';

const REPLY = `A waitlist.
<kiln:migration name="create_leads">
CREATE TABLE leads (id serial PRIMARY KEY, name text NOT NULL);
INSERT INTO leads (name) VALUES ('Ada'), ('Grace');
</kiln:migration>
<kiln:file path="apps/web/src/app/api/leads/route.ts" type="FUNCTION">
import sql from '@/app/api/utils/sql';

export async function POST(request: Request) {
  const body = await request.json();
  const [row] = await sql\`INSERT INTO leads (name) VALUES (\${body.name}) RETURNING id\`;
  return Response.json(row, { status: 201 });
}
</kiln:file>
<kiln:file path="apps/web/src/app/page.tsx" type="PAGE">
export default function WaitlistPage() {
  return (
    <section className="mx-auto max-w-md p-8">
      <h1 className="text-3xl font-semibold">Waitlist</h1>
    </section>
  );
}
</kiln:file>
`;

const LIMIT = 1024 * 1024;
const MESSAGE =
  "This app's database is over its size limit of 1 MiB (FREE plan): delete rows to make room, or upgrade the plan. Reading and deleting still work.";
const backends: Backend[] = ['pglite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];

describe.each(backends)('the plan’s database size on %s', (backend) => {
  it('refuses writes past the limit with a message naming it, keeps reads and deletes, and reports the limit', {
    timeout: 120_000,
  }, async () => {
    await using model = await startScriptedModelServer([{ reply: REPLY }]);
    await using t = await startTestKiln(backend, {
      ...scriptedModelEnv(model),
      KILN_DATABASE_SIZE_LIMITS: `{"FREE": ${LIMIT}}`,
    });
    const { client: owner } = await signUp(t, 'size@example.com');
    const { id, sandboxToken: token } = await createProject(owner, 'A waitlist');
    const { project } = await settled(owner, id, {
      query: `query($id: ID!) { project(id: $id) { latestRevision { number status }
        database { id sizeBytes sizeLimitBytes tables { name rowCount } } } }`,
      timeoutMs: 90_000,
    });
    expect(project.latestRevision.status).toBe('VALID');
    expect(project.database.sizeLimitBytes).toBe(LIMIT);
    expect(project.database.sizeBytes).toBeGreaterThan(LIMIT);
    const orgs = await owner.gql(`query { organizations { databaseSizeBytes } }`);
    expect(orgs.data.organizations[0].databaseSizeBytes).toBe(LIMIT);

    // The preview's /api/db (the owner's sandbox token: full access).
    const db = (query: string, values: unknown[] = []) =>
      owner.send('POST', `/api/db/${project.database.id}`, {
        host: `${id}.preview.localhost`,
        headers: { 'x-kiln-sandbox-token': token },
        body: { query, values },
      });
    const insert = await db('INSERT INTO leads (name) VALUES ($1)', ['Linus']);
    expect(insert.status).toBe(402);
    expect(insert.json<{ error: { message: string } }>().error.message).toBe(MESSAGE);
    const update = await db(`UPDATE leads SET name = 'x'`);
    expect(update.status).toBe(402);
    const read = await db('SELECT name FROM leads ORDER BY id');
    expect(read.status).toBe(200);
    expect(read.json()).toEqual([{ name: 'Ada' }, { name: 'Grace' }]);
    const removed = await db(`DELETE FROM leads WHERE name = 'Grace' RETURNING name`);
    expect(removed.json()).toEqual([{ name: 'Grace' }]);

    // A function's write on the published app is refused too, and nothing is written.
    const appHost = new URL((await publish(owner, id)).url).hostname;
    const visitor = t.client();
    const post = await visitor.send('POST', '/api/leads', { host: appHost, body: { name: 'Visitor' } });
    expect(post.status).toBeGreaterThanOrEqual(400);
    const main = await owner.gql(
      `query($id: ID!) { project(id: $id) { database { tables(branch: "main") { name rowCount } } } }`,
      { id },
    );
    expect(main.data.project.database.tables).toEqual([{ name: 'leads', rowCount: 2 }]);
  });
});
