/**
 * @module Functions read their project's secrets from memory, not the database on every request (issue 15), yet a
 * secret set or deleted reaches the next request at once: in the process that changed it, and in another
 * process on the same PostgreSQL (told through NOTIFY).
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  type Client,
  generatedProject,
  postgresAvailable,
  settledRevision,
  signUp,
  startTestKiln,
  type TestKiln,
  waitFor,
} from './harness';

const ENV_ROUTE = 'apps/web/src/app/api/greeting/route.ts';
const ENV_CODE = `export function GET() {\n  return Response.json({ greeting: process.env.GREETING ?? null });\n}\n`;
const withPostgres = await postgresAvailable();

/** A project whose latest (hand-made) revision has a function answering `process.env.GREETING`. */
async function projectWithEnvFunction(c: Client) {
  await signUp(c, 'env-cache@example.com');
  const { id: projectId } = await generatedProject(c, 'A notes app', { timeoutMs: 90_000 });
  const saved = await c.gql(
    `mutation($p: ID!, $f: String!, $c: String!) { saveModule(projectId: $p, filePath: $f, content: $c) { id } }`,
    { p: projectId, f: ENV_ROUTE, c: ENV_CODE },
  );
  expect(saved.errors).toBeUndefined();
  const rev = await settledRevision(c, projectId, { timeoutMs: 90_000 });
  expect(rev.status).toBe('VALID');
  return { projectId, revisionId: rev.id };
}

async function greeting(t: TestKiln, projectId: string, revisionId: string) {
  const res = await t.kiln.backend.invoke(projectId, revisionId, 'development', {
    method: 'GET',
    path: '/api/greeting',
    headers: {},
    body: null,
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { greeting: string | null }).greeting;
}

const setSecret = (c: Client, projectId: string, value: string) =>
  c.gql(
    `mutation($p: ID!, $v: String!) { setProjectSecret(projectId: $p, name: "GREETING", value: $v) { name } }`,
    {
      p: projectId,
      v: value,
    },
  );
const deleteSecret = (c: Client, projectId: string) =>
  c.gql(`mutation($p: ID!) { deleteProjectSecret(projectId: $p, name: "GREETING") }`, { p: projectId });

describe('project secrets in memory', () => {
  it('reach the next request after a change in the same process', { timeout: 180_000 }, async () => {
    await using t = await startTestKiln('pglite');
    const c = t.client();
    const { projectId, revisionId } = await projectWithEnvFunction(c);
    expect(await greeting(t, projectId, revisionId)).toBe(null);
    await setSecret(c, projectId, 'hello one');
    expect(await greeting(t, projectId, revisionId)).toBe('hello one');
    // Kept: a second request reads the same value without asking the database.
    expect(await greeting(t, projectId, revisionId)).toBe('hello one');
    await setSecret(c, projectId, 'hello two');
    expect(await greeting(t, projectId, revisionId)).toBe('hello two');
    await deleteSecret(c, projectId);
    expect(await greeting(t, projectId, revisionId)).toBe(null);
  });

  it.skipIf(!withPostgres)(
    'reach another process on the same PostgreSQL through NOTIFY',
    { timeout: 240_000 },
    async () => {
      const key = randomBytes(32).toString('hex');
      await using a = await startTestKiln('postgres', { KILN_SECRET_KEY: key });
      await using b = await startTestKiln('pglite', {
        DATABASE_URL: a.databaseUrl as string,
        KILN_SECRET_KEY: key,
        KILN_WORKERS: '0',
      });
      const c = a.client();
      const { projectId, revisionId } = await projectWithEnvFunction(c);
      await setSecret(c, projectId, 'first');
      // B reads (and keeps) the value, then A changes it: B's next request has the new one.
      expect(await greeting(b, projectId, revisionId)).toBe('first');
      await setSecret(c, projectId, 'second');
      await waitFor(
        async () => ((await greeting(b, projectId, revisionId)) === 'second' ? true : null),
        10_000,
      );
      await deleteSecret(c, projectId);
      await waitFor(async () => ((await greeting(b, projectId, revisionId)) === null ? true : null), 10_000);
    },
  );
});
