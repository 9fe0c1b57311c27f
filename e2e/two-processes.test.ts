/**
 * Two Kiln processes on one fresh PostgreSQL database (issue 15), started as `npm start` starts them: an account
 * made on one signs in on the other; a project generated and published through one is served by both; a row
 * written through the published app's function on one is read through the other (app data lives in
 * PostgreSQL, not in a process's folder); a room event reaches the clients of both; and when the process doing
 * a generation is killed with kill -9, the other takes the job over and finishes it.
 */
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { PostgresBranches } from '../packages/server/src/app-db/postgres-branches';
import { openDatabase } from '../packages/server/src/db/index';
import { jobs, projects, revisions } from '../packages/server/src/db/schema';
import { POSTGRES_ADMIN_URL, postgresAvailable, waitFor } from '../packages/server/test/harness';
import { type KilnProcess, startKilnProcess } from './harness';

// biome-ignore lint/suspicious/noExplicitAny: the test reads GraphQL answers loosely, as JSON.
type Json = any;

/** GraphQL on one process with a cookie jar shared by the caller. */
function client(kiln: KilnProcess) {
  const c = {
    cookie: '',
    async gql(query: string, variables: Record<string, unknown> = {}): Promise<Json> {
      const res = await fetch(`${kiln.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(c.cookie ? { cookie: c.cookie } : {}) },
        body: JSON.stringify({ query, variables }),
      });
      const set = res.headers.getSetCookie()[0];
      if (set) c.cookie = set.split(';')[0]!;
      return res.json();
    },
  };
  return c;
}

/** A request to an app origin of one process, by Host header. */
function onHost(kiln: KilnProcess, host: string, path: string, body?: unknown) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: kiln.port,
        path,
        method: body === undefined ? 'GET' : 'POST',
        headers: { host, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => {
          text += d.toString();
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    if (body !== undefined) req.write(JSON.stringify(body));
    req.end();
  });
}

/** A builder WebSocket joined to a project's room; collects the events it hears. */
async function joinRoom(kiln: KilnProcess, cookie: string, roomId: string) {
  const ws = new WebSocket(`ws://127.0.0.1:${kiln.port}/rooms`, {
    headers: { host: `localhost:${kiln.port}`, origin: `http://localhost:${kiln.port}`, cookie },
  });
  const events: { type: string; revision?: { id: string; status: string } | null }[] = [];
  const joined = new Promise<void>((resolve, reject) => {
    ws.on('message', (d) => {
      const m = JSON.parse(String(d));
      if (m.type === 'joined') resolve();
      if (m.event) events.push(m.event);
    });
    ws.on('error', reject);
  });
  await new Promise<void>((resolve, reject) => {
    ws.on('open', () => resolve());
    ws.on('error', reject);
  });
  ws.send(JSON.stringify({ type: 'join', roomId }));
  await joined;
  return { ws, events };
}

const available = await postgresAvailable();

describe.skipIf(!available)('two Kiln processes on one PostgreSQL', () => {
  const dbName = `kiln_e2e_two_${randomBytes(4).toString('hex')}`;
  const url = `postgres://postgres@127.0.0.1:5432/${dbName}`;
  const secretKey = randomBytes(32);
  // Slow enough that a generation is still streaming when its process is killed.
  const env = {
    DATABASE_URL: url,
    KILN_SECRET_KEY: secretKey.toString('hex'),
    KILN_BUILTIN_DELAY_MS: '4',
    KILN_SIGNUP_LIMIT: '0',
  };
  const procs: KilnProcess[] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    // The first migrates the platform database; the second starts on it.
    procs.push(await startKilnProcess({ env }));
    procs.push(await startKilnProcess({ env }));
  }, 120_000);

  afterAll(async () => {
    await Promise.all(procs.map((p) => p.stop().catch(() => null)));
    const branches = new PostgresBranches({ url, secretKey });
    await branches.dropAll();
    await branches.close();
    const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  });

  it('shares accounts, published apps, app data, room events and jobs; a killed process’s generation is finished by the other', {
    timeout: 240_000,
  }, async () => {
    const [a, b] = procs as [KilnProcess, KilnProcess];
    const onA = client(a);
    const onB = client(b);
    await onA.gql(`mutation { signUp(email: "two@example.com", password: "long enough") { id } }`);
    const signedIn = await onB.gql(
      `mutation { signIn(email: "two@example.com", password: "long enough") { id } }`,
    );
    expect(signedIn.errors).toBeUndefined();

    // Generated and published through B.
    const created = await onB.gql(
      `mutation { createProject(prompt: "a todo list with due dates") { id organizationId } }`,
    );
    const { id, organizationId } = created.data.createProject;
    const status = async (c: typeof onA) =>
      (await c.gql(`query($id: ID!) { project(id: $id) { latestRevision { id status } } }`, { id })).data
        .project.latestRevision;
    await waitFor(async () => (await status(onB)).status === 'VALID', 120_000);
    const published = await onB.gql(`mutation($id: ID!) { publishProject(projectId: $id) { url } }`, { id });
    expect(published.errors).toBeUndefined();
    const appHost = new URL(published.data.publishProject.url).hostname;

    // Served by both; a row written through A's function is read through B's.
    for (const p of [a, b]) expect((await onHost(p, `${appHost}:${p.port}`, '/')).status).toBe(200);
    const title = `written through A ${Date.now()}`;
    const written = await onHost(a, `${appHost}:${a.port}`, '/api/todos', { title });
    expect(written.status).toBeLessThan(300);
    const read = await onHost(b, `${appHost}:${b.port}`, '/api/todos');
    expect(read.status).toBe(200);
    expect(read.text).toContain(title);

    // Both processes' clients hear the room; then a generation starts.
    const roomId = `app-builder:${organizationId}:${id}`;
    const rooms = await Promise.all([joinRoom(a, onA.cookie, roomId), joinRoom(b, onB.cookie, roomId)]);
    const before = (await status(onA)).id;
    await onA.gql(
      `mutation($p: ID!) { sendMessage(projectId: $p, text: "add a priority to each todo") { id } }`,
      {
        p: id,
      },
    );
    const next = await waitFor(async () => {
      const r = await status(onA);
      return r.id !== before ? r : null;
    });
    for (const room of rooms) {
      await waitFor(async () => room.events.some((e) => e.revision?.id === next.id), 20_000);
    }

    // kill -9 of whichever process runs the generation, mid-stream; the other finishes the revision.
    const database = await openDatabase({ databaseUrl: url, dataDir: '' });
    try {
      const { db } = database;
      const owner = await waitFor(async () => {
        const [job] = await db.select().from(jobs).where(eq(jobs.revisionId, next.id));
        const [rev] = await db.select().from(revisions).where(eq(revisions.id, next.id));
        const streaming = rev && ['BUILDING', 'BUILDING_UI'].includes(rev.status) && rev.modules.length > 0;
        return job?.status === 'RUNNING' && job.lockedBy && streaming ? job.lockedBy : null;
      }, 60_000);
      const victim = procs.find((p) => p.output().includes(owner));
      expect(victim).toBeDefined();
      const survivor = victim === a ? b : a;
      const survivorRoom = rooms[victim === a ? 1 : 0]!;
      const survivorClient = victim === a ? onB : onA;
      await victim!.kill();
      procs.splice(procs.indexOf(victim!), 1);
      const done = await waitFor(async () => {
        const r = await status(survivorClient);
        return r.id === next.id && r.status === 'VALID' ? r : null;
      }, 90_000);
      expect(done.status).toBe('VALID');
      const all = await db.select().from(jobs).where(eq(jobs.revisionId, next.id));
      expect(all.map((j) => j.status).sort()).toEqual(['COMPLETED', 'STALLED']);
      const [project] = await db.select().from(projects).where(eq(projects.id, id));
      expect(project?.latestRevisionId).toBe(next.id);
      await waitFor(async () => survivorRoom.events.some((e) => e.revision?.status === 'VALID'), 20_000);
      // The published app still answers on the survivor.
      expect((await onHost(survivor, `${appHost}:${survivor.port}`, '/api/todos')).text).toContain(title);
    } finally {
      for (const room of rooms) room.ws.close();
      await database.close();
    }
  });
});
