/**
 * `kill -9` during a burst of writes, on PGlite and on PostgreSQL: after a restart every acknowledged write
 * is there and the database opens cleanly.
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { POSTGRES_ADMIN_URL, postgresAvailable } from '../packages/server/test/harness';
import { startKilnProcess } from './harness';

const backends = ['pglite', ...((await postgresAvailable()) ? ['postgres'] : [])];

async function gql(url: string, cookie: string, query: string, variables: Record<string, unknown> = {}) {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ query, variables }),
  });
  // biome-ignore lint/suspicious/noExplicitAny: the test reads GraphQL answers loosely, as JSON.
  return { res, json: (await res.json()) as { data?: any; errors?: { message: string }[] } };
}

describe.each(backends)('kill -9 on %s', (backend) => {
  it('keeps every acknowledged write', { timeout: 120_000 }, async () => {
    let env: Record<string, string> = {};
    let dbName: string | undefined;
    if (backend === 'postgres') {
      dbName = `kiln_kill_${Date.now()}`;
      const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${dbName}`);
      await admin.end();
      env = { DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${dbName}` };
    }
    let kiln = await startKilnProcess({ env });
    try {
      const signUp = await gql(
        kiln.url,
        '',
        `mutation { signUp(email: "k@example.com", password: "long enough") { id } }`,
      );
      const cookie = signUp.res.headers.get('set-cookie')!.split(';')[0]!;
      const org = (await gql(kiln.url, cookie, '{ organizations { id } }')).json.data.organizations[0].id;

      // Writers keep creating project groups; each name is recorded only once the server acknowledged it.
      const acknowledged: string[] = [];
      let stop = false;
      const writer = async (w: number) => {
        for (let i = 0; !stop; i++) {
          const name = `g-${w}-${i}`;
          try {
            const { json } = await gql(
              kiln.url,
              cookie,
              `mutation($o: ID!, $n: String!) { createProjectGroup(organizationId: $o, name: $n) { id } }`,
              {
                o: org,
                n: name,
              },
            );
            if (json.data?.createProjectGroup?.id) acknowledged.push(name);
          } catch {
            return; // the server is gone
          }
        }
      };
      const writers = [0, 1, 2, 3].map(writer);
      while (acknowledged.length < 40) await new Promise((r) => setTimeout(r, 10));
      await kiln.kill();
      stop = true;
      await Promise.all(writers);

      kiln = await startKilnProcess({ port: kiln.port, dataDir: kiln.dataDir, env });
      const after = await gql(
        kiln.url,
        cookie,
        `query($o: ID!) { organization(id: $o) { projectGroups { name } } }`,
        { o: org },
      );
      expect(after.json.errors).toBeUndefined();
      const names = new Set(after.json.data.organization.projectGroups.map((g: { name: string }) => g.name));
      const lost = acknowledged.filter((n) => !names.has(n));
      expect(lost).toEqual([]);
      expect(acknowledged.length).toBeGreaterThanOrEqual(40);
      // And it still takes writes.
      const more = await gql(
        kiln.url,
        cookie,
        `mutation($o: ID!) { createProjectGroup(organizationId: $o, name: "after") { id } }`,
        { o: org },
      );
      expect(more.json.errors).toBeUndefined();
    } finally {
      await kiln.stop();
      if (dbName) {
        const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
        await admin.end();
      }
    }
  });
});
