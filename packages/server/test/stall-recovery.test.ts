/**
 * Which RUNNING jobs a starting server takes over. On PGlite only one process can own the database, so a job
 * found RUNNING at start belongs to a dead process: it is recovered at once (STALLED, queued again, finished).
 * On PostgreSQL another live process may own it: with a fresh heartbeat it is left alone until
 * JOB_STALL_TIMEOUT_MS has passed.
 */
import { JOB_STALL_TIMEOUT_MS } from '@kiln/core';
import { asc, eq } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { jobs, projects, revisions, runs } from '../src/db/schema';
import { newId } from '../src/ids';
import { LIVENESS_LOCK_CLASS } from '../src/jobs/liveness';
import {
  type Backend,
  generatedProject,
  postgresAvailable,
  signUp,
  startTestKiln,
  type TestKiln,
  waitFor,
} from './harness';

const backends: Backend[] = ['pglite', ...((await postgresAvailable()) ? (['postgres'] as const) : [])];

/** A CHAT revision whose job another process claimed (RUNNING, heartbeat `heartbeatAt`), with a run. */
async function runningElsewhere(t: TestKiln, heartbeatAt: Date, attempts = 1) {
  const { client: c } = await signUp(t, 's@example.com');
  const { id: projectId, revision } = await generatedProject(c, 'A todo list app with due dates');
  expect(revision.status).toBe('VALID');
  const db = t.kiln.database.db;
  const [parent] = await db.select().from(revisions).where(eq(revisions.id, revision.id));
  if (!parent) throw new Error(`no revision ${revision.id}`);
  const revisionId = newId();
  const jobId = newId();
  await db.insert(revisions).values({
    id: revisionId,
    projectId,
    parentId: parent.id,
    number: parent.number + 1,
    status: 'BUILDING_UI',
    action: 'CHAT',
    prompt: 'Make it teal',
    modules: parent.modules,
    authorId: parent.authorId,
  });
  await db.update(projects).set({ latestRevisionId: revisionId }).where(eq(projects.id, projectId));
  await db.insert(jobs).values({
    id: jobId,
    kind: 'generate',
    revisionId,
    status: 'RUNNING',
    attempts,
    lockedBy: 'worker-elsewhere',
    heartbeatAt,
  });
  await db.insert(runs).values({ id: newId(), projectId, revisionId, jobId, status: 'RUNNING' });
  return { revisionId, jobId, projectId };
}

/** A connection holding `workerId`'s liveness lock, as the process that claimed its jobs would. */
async function holdLiveness(url: string, workerId: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('SELECT pg_advisory_lock($1, hashtext($2) & 2147483647)', [
    LIVENESS_LOCK_CLASS,
    workerId,
  ]);
  return client;
}

describe.each(backends)('recovery at start on %s', (backend) => {
  it(backend === 'pglite'
    ? 'recovers a job found RUNNING at once and finishes its revision'
    : 'leaves a RUNNING job with a fresh heartbeat to the process that owns it', {
    timeout: 120_000,
  }, async () => {
    await using t = await startTestKiln(backend);
    const { revisionId, jobId } = await runningElsewhere(t, new Date());
    // On PostgreSQL the owner is alive: it holds its liveness lock (as a running process's workers do).
    const owner = backend === 'postgres' ? await holdLiveness(t.databaseUrl!, 'worker-elsewhere') : null;
    await using _owner = { [Symbol.asyncDispose]: async () => void (await owner?.end()) };
    await t.restart();
    const db = t.kiln.database.db;
    const [job] = await db.select().from(jobs).where(eq(jobs.id, jobId));
    if (backend === 'postgres') {
      expect(job).toMatchObject({ status: 'RUNNING', lockedBy: 'worker-elsewhere' });
      expect(await db.select().from(jobs).where(eq(jobs.revisionId, revisionId))).toHaveLength(1);
      // Once its heartbeat is older than the stall timeout, the periodic check takes it over.
      await db
        .update(jobs)
        .set({ heartbeatAt: new Date(Date.now() - JOB_STALL_TIMEOUT_MS - 1000) })
        .where(eq(jobs.id, jobId));
      expect(await t.kiln.workers.recoverStalled()).toBe(1);
    } else {
      expect(job?.status).toBe('STALLED');
    }
    const done = await waitFor(async () => {
      const [r] = await db.select().from(revisions).where(eq(revisions.id, revisionId));
      return r?.status === 'VALID' ? r : null;
    });
    expect(done.modules.length).toBeGreaterThan(0);
    const allRuns = await db
      .select()
      .from(runs)
      .where(eq(runs.revisionId, revisionId))
      .orderBy(asc(runs.startedAt));
    expect(allRuns.map((r) => [r.status, r.error])).toEqual([
      ['FAILED', 'stalled'],
      ['FINISHED', null],
    ]);
  });

  it('fails a job that stalled on its last attempt: said in the chat, and the group status follows (INVALID)', {
    timeout: 120_000,
  }, async () => {
    await using t = await startTestKiln(backend);
    const old = new Date(Date.now() - JOB_STALL_TIMEOUT_MS - 1000);
    const { revisionId, projectId } = await runningElsewhere(t, old, 2);
    await t.kiln.workers.recoverStalled();
    const db = t.kiln.database.db;
    const [rev] = await db.select().from(revisions).where(eq(revisions.id, revisionId));
    expect(rev?.status).toBe('GENERATION_FAILED');
    const c = t.client();
    await c.gql(`mutation { signIn(email: "s@example.com", password: "long enough") { id } }`);
    const res = await c.gql(`query($id: ID!) { project(id: $id) { messages { text } projectGroupId } }`, {
      id: projectId,
    });
    const texts = (res.data.project.messages as { text: string }[]).map((m) => m.text);
    expect(texts.at(-1)).toBe('Something went wrong. The generation stopped responding.');
    const groups = await c.gql(`query { organizations { projectGroups { id revisions { status } } } }`);
    const group = (
      groups.data.organizations as { projectGroups: { id: string; revisions: { status: string }[] }[] }[]
    )
      .flatMap((o) => o.projectGroups)
      .find((g) => g.id === res.data.project.projectGroupId);
    expect(group?.revisions[0]?.status).toBe('INVALID');
  });
});

describe.skipIf(!backends.includes('postgres'))('recovery of a dead process’s job on PostgreSQL', () => {
  it('takes over within seconds a job whose process lost its liveness lock (killed), with a fresh heartbeat', {
    timeout: 120_000,
  }, async () => {
    await using t = await startTestKiln('postgres');
    const owner = await holdLiveness(t.databaseUrl!, 'worker-elsewhere');
    const { revisionId, jobId } = await runningElsewhere(t, new Date());
    const db = t.kiln.database.db;
    expect(await t.kiln.workers.recoverStalled({ orphaned: true })).toBe(0);
    // kill -9 of the owner: its connection, and with it the lock, is gone.
    await owner.end();
    const [stalled] = await waitFor(async () => {
      const rows = await db.select().from(jobs).where(eq(jobs.id, jobId));
      return rows[0]?.status === 'STALLED' ? rows : null;
    }, 15_000);
    expect(stalled?.lockedBy).toBe('worker-elsewhere');
    await waitFor(async () => {
      const [r] = await db.select().from(revisions).where(eq(revisions.id, revisionId));
      return r?.status === 'VALID' ? r : null;
    });
  });
});
